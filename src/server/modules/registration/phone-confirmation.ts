import type { FastifyBaseLogger } from 'fastify';
import type { MemberDetails } from '../../../shared/api/customer-schemas.ts';
import { checkOneTimeCode, endOneTimeCodes, type CodeCheck } from '../../auth/one-time-codes.ts';
import { maskPhone } from '../../auth/phone-mask.ts';
import type { AuthenticatedCustomer } from '../../auth/sessions.ts';
import { BusinessError, HttpError } from '../../http/errors.ts';
import { moveCustomerStatus, nationalMobileOrThrow, updateUnconfirmedPhone } from '../customer/index.ts';
import { memberDetailsOf, findMemberById, recordPinSuccess, type MemberRow } from '../membership/index.ts';
import { sendCodeSms } from './code-sms.ts';
import type { RegistrationDeps } from './service.ts';
import { wrongRegistrationCode } from './pin-failures.ts';

/**
 * The OTP page (status `new`): PinValidatePost confirms the mobile with the registration code (new →
 * preRegistered), ResendPinPost sends a new code, ChangeMobilePost corrects the number and sends a code to it. All
 * three answer NotAllowedCustomerStatus for any other status.
 */

/** The session's customer, still in status `new`. */
async function unconfirmedMember(deps: RegistrationDeps, customer: AuthenticatedCustomer): Promise<MemberRow> {
  const member = await findMemberById(deps.db, customer.id);
  if (!member) throw new HttpError('Unauthorized');
  if (member.status !== 'new') throw new BusinessError('NotAllowedCustomerStatus');
  return member;
}

/**
 * A code that cannot be used: PinExpired when it expired or its own 5 attempts are spent (a login in between reset
 * the member's counter), so the customer asks for a new one; PinNotValid when there is none (never sent, replaced,
 * already used) or the input cannot be a code. None of these is counted: no live code can match.
 */
const refusalOf = (check: Exclude<CodeCheck['outcome'], 'valid' | 'wrong'>): BusinessError =>
  new BusinessError(check === 'expired' || check === 'exhausted' ? 'PinExpired' : 'PinNotValid');

/** PinValidatePost: the right code moves new → preRegistered (history row) and answers fresh member details. */
export async function confirmMobile(
  deps: RegistrationDeps,
  customer: AuthenticatedCustomer,
  pin: string,
  log: FastifyBaseLogger,
): Promise<{ memberDetails: MemberDetails }> {
  const member = await unconfirmedMember(deps, customer);
  if (member.blocked) throw new BusinessError('MemberBlocked');
  const now = deps.clock.now();
  const check = await deps.db.transaction(async (tx) => {
    const result = await checkOneTimeCode({ ...deps, db: tx }, member.phone, 'registration', pin);
    if (result.outcome !== 'valid') return result;
    if (member.passwordHash !== null && !(await recordPinSuccess(tx, member.id, now))) {
      throw new BusinessError('MemberBlocked');
    }
    const moved = await moveCustomerStatus(tx, {
      id: member.id,
      from: 'new',
      to: 'preRegistered',
      changedBy: 'customer',
      reason: 'mobileConfirmed',
      at: now,
    });
    if (!moved) throw new BusinessError('NotAllowedCustomerStatus');
    return result;
  });

  if (check.outcome === 'wrong') {
    throw await wrongRegistrationCode(
      deps,
      { id: member.id, hasCredentials: member.passwordHash !== null },
      check.attempts,
      log,
    );
  }
  if (check.outcome !== 'valid') {
    log.info({ event: 'pinValidate', outcome: check.outcome, customerId: member.id }, 'registration code refused');
    throw refusalOf(check.outcome);
  }
  log.info(
    { event: 'statusChange', customerId: member.id, from: 'new', to: 'preRegistered', codeId: check.codeId },
    'mobile confirmed',
  );
  const updated = await findMemberById(deps.db, member.id);
  if (!updated) throw new HttpError('Unauthorized');
  return { memberDetails: memberDetailsOf(updated) };
}

/** ResendPinPost: a new registration code to the customer's mobile (not before 60 s; the old code stops working). */
export async function resendRegistrationCode(
  deps: RegistrationDeps,
  customer: AuthenticatedCustomer,
  log: FastifyBaseLogger,
): Promise<true> {
  const member = await unconfirmedMember(deps, customer);
  await sendCodeSms(
    deps,
    { phone: member.phone, purpose: 'registration', smsPurpose: 'registration', customerId: member.id },
    log,
  );
  return true;
}

/**
 * ChangeMobilePost: a Spanish mobile no other customer has (InvalidPhone, PhoneAlreadyRegistered) replaces the
 * unconfirmed number; the codes sent to the old number stop working and a code goes to the new one. The same
 * number again only sends a new code (60-second rule).
 */
export async function changeUnconfirmedMobile(
  deps: RegistrationDeps,
  customer: AuthenticatedCustomer,
  body: { mobilePhone: string; countryCode: string },
  log: FastifyBaseLogger,
): Promise<{ memberDetails: MemberDetails }> {
  const member = await unconfirmedMember(deps, customer);
  const phone = nationalMobileOrThrow(body.countryCode, body.mobilePhone);
  if (phone !== member.phone) {
    const outcome = await updateUnconfirmedPhone(deps.db, member.id, phone, deps.clock.now());
    if (outcome === 'taken') throw new BusinessError('PhoneAlreadyRegistered');
    if (outcome === 'status') throw new BusinessError('NotAllowedCustomerStatus');
    await endOneTimeCodes(deps, member.phone, 'registration');
    await endOneTimeCodes(deps, member.phone, 'resetPassword');
    log.info(
      { event: 'mobileChanged', customerId: member.id, from: maskPhone(member.phone), to: maskPhone(phone) },
      'unconfirmed mobile changed',
    );
  }
  await sendCodeSms(deps, { phone, purpose: 'registration', smsPurpose: 'changeMobile', customerId: member.id }, log);
  const updated = await findMemberById(deps.db, member.id);
  if (!updated) throw new HttpError('Unauthorized');
  return { memberDetails: memberDetailsOf(updated) };
}
