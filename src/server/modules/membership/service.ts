import type { FastifyBaseLogger } from 'fastify';
import type { Customer } from '../../../shared/api/membership.ts';
import type { MemberDetails } from '../../../shared/api/customer-schemas.ts';
import { SESSION_MESSAGES } from '../../../shared/messages.ts';
import { isCustomerStatus, mustLogOutStatus } from '../../../shared/statuses.ts';
import { authenticateToken, revokeSession, type AuthenticatedCustomer, type SessionDeps } from '../../auth/sessions.ts';
import { BusinessError, HttpError } from '../../http/errors.ts';
import { memberDetailsOf } from './member-details.ts';
import { findCustomerRecord, findMemberById, type MemberRow } from './repository.ts';

/**
 * The membership service: LoginPost (login.ts), TokenGet, MemberDetailsGet and LogoutPost: what a session token
 * is worth, and ending it. One deps object: database, clock, the JWT key.
 */
export type MembershipDeps = SessionDeps;

const mustLogOut = (member: MemberRow) => isCustomerStatus(member.status) && mustLogOutStatus(member.status);

/**
 * TokenGet (the `jwt` query parameter at startup): a session JWT this server issued, not revoked, not expired,
 * answers the same token with passwordRequired and the member details. Anything else is TokenNotValid (422), a
 * closed/none customer CustomerAlreadyRegistered (as at login) and a blocked member MemberBlocked.
 */
export async function tokenLogin(
  deps: MembershipDeps,
  token: string,
): Promise<{ token: string; passwordRequired: boolean; memberDetails: MemberDetails }> {
  const session = await authenticateToken(deps, token);
  const member = session && (await findMemberById(deps.db, session.id));
  if (!member) throw new BusinessError('TokenNotValid');
  if (mustLogOut(member)) throw new BusinessError('CustomerAlreadyRegistered');
  if (member.blocked) throw new BusinessError('MemberBlocked');
  return { token, passwordRequired: member.passwordRequired, memberDetails: memberDetailsOf(member) };
}

/**
 * MemberDetailsGet: the details of the token's customer. A customer whose status became closed or none, or a
 * blocked member, has no session any more: the session is revoked and the answer is 401 (the client logs out);
 * for closed/none the 401 carries the spec's message 'Ya hay un cliente registrado con esta información…'.
 */
export async function currentMemberDetails(
  deps: MembershipDeps,
  customer: AuthenticatedCustomer,
  log: FastifyBaseLogger,
): Promise<{ memberDetails: MemberDetails }> {
  const member = await usableMember(deps, customer, await findMemberById(deps.db, customer.id), log);
  return { memberDetails: memberDetailsOf(member) };
}

/** The member read for a session, or the session ended (401) when the customer may no longer be logged in. */
async function usableMember<M extends MemberRow>(
  deps: MembershipDeps,
  customer: AuthenticatedCustomer,
  member: M | null,
  log: FastifyBaseLogger,
): Promise<M> {
  if (!member) throw new HttpError('Unauthorized');
  if (mustLogOut(member) || member.blocked) {
    await revokeSession(deps, customer.jti);
    log.info(
      { event: 'sessionEnded', customerId: member.id, status: member.status, blocked: member.blocked },
      'session ended: the customer may no longer be logged in',
    );
    throw new HttpError('Unauthorized', mustLogOut(member) ? SESSION_MESSAGES.closedOrNoneStatus : undefined);
  }
  return member;
}

/**
 * CustomerGet: the caller's own record (second document §3 "Customer"), with the member details of the session and
 * the home address; a session that may no longer be used is refused as MemberDetailsGet refuses it.
 */
export async function currentCustomer(
  deps: MembershipDeps,
  customer: AuthenticatedCustomer,
  log: FastifyBaseLogger,
): Promise<Customer> {
  const record = await usableMember(deps, customer, await findCustomerRecord(deps.db, customer.id), log);
  const memberDetails = memberDetailsOf(record);
  const address =
    record.street === null ||
    record.streetNumber === null ||
    record.postcode === null ||
    record.city === null ||
    record.province === null
      ? null
      : {
          street: record.street,
          streetNumber: record.streetNumber,
          floor: record.floor,
          postcode: record.postcode,
          city: record.city,
          province: record.province,
        };
  return {
    id: record.id,
    status: memberDetails.status,
    memberDetails,
    isRtb: record.isRtb,
    isBlacklist: record.isBlacklist,
    additionalField: record.referenceCode,
    firstName: record.firstName,
    lastName: record.lastName,
    email: record.email,
    phone: record.phone,
    gender: record.gender,
    dni: record.nationalId,
    birthDate: record.birthDate,
    address,
  };
}

/**
 * LogoutPost: revokes the session in the database, so the token answers 401 on every call of every instance. A
 * token already revoked never reaches here (the auth hook answers 401); losing a race with another logout of the
 * same token answers 401 too.
 */
export async function logout(
  deps: Pick<SessionDeps, 'db' | 'clock'>,
  customer: AuthenticatedCustomer,
  log: FastifyBaseLogger,
): Promise<true> {
  if (!(await revokeSession(deps, customer.jti))) throw new HttpError('Unauthorized');
  log.info({ event: 'logout', customerId: customer.id }, 'logout');
  return true;
}
