import type { FastifyBaseLogger } from 'fastify';
import type { RepayLinkCustomerInfo } from '../../../shared/api/links.ts';
import type { Session } from '../../../shared/api/customer-schemas.ts';
import { CUSTOMER_ROLE, isCustomerStatus, mustLogOutStatus } from '../../../shared/statuses.ts';
import { customerStatusSchema, loanStatusSchema } from '../../../shared/status-schemas.ts';
import { issueSession, type SessionDeps } from '../../auth/sessions.ts';
import { BusinessError } from '../../http/errors.ts';
import { customerDetailsOf, fullNameOf, findMemberById } from '../membership/index.ts';
import { countRepayTokenUse, findLiveRepayToken, findRedirectionCustomer, type LiveRepayToken } from './repository.ts';
import { hashRepayToken, REPAY_TOKEN_PATTERN } from './repay-tokens.ts';

/**
 * LoginWithRepayTokenPostByRepayToken and CustomerForLoginRedirectionGet: the two calls of a repay short link
 * (first document §4 "Repay link flow"). Logs name the token's row id, never the token. One deps object: database,
 * clock, the JWT key.
 */
export type LinksDeps = SessionDeps;

/** Only customers log in to the customer area (as LoginPost). */
export interface RepayLoginMeta {
  userAgent: string | null;
  ip: string | null;
}

/** The live token behind a plain token, or TokenNotValid (unknown, malformed, revoked, expired). */
async function liveTokenOrThrow(deps: Pick<LinksDeps, 'db' | 'clock'>, token: string, log: FastifyBaseLogger) {
  const found = REPAY_TOKEN_PATTERN.test(token)
    ? await findLiveRepayToken(deps.db, hashRepayToken(token), deps.clock.now())
    : null;
  if (!found) {
    log.info({ event: 'repayToken', outcome: 'notValid' }, 'repay token refused');
    throw new BusinessError('TokenNotValid');
  }
  return found;
}

/**
 * A valid repay token starts a normal session, like LoginPost: `{ token, customerDetails }`. Refused as LoginPost
 * and TokenGet refuse: an unknown, revoked or expired token is TokenNotValid; a customer whose status is closed or
 * none CustomerAlreadyRegistered; a blocked member (5 wrong PINs) MemberBlocked — a link does not get round the
 * block. Every successful login counts one use of the token.
 */
export async function loginWithRepayToken(
  deps: LinksDeps,
  token: string,
  meta: RepayLoginMeta,
  log: FastifyBaseLogger,
): Promise<Session> {
  const repayToken = await liveTokenOrThrow(deps, token, log);
  const member = await findMemberById(deps.db, repayToken.customerId);
  const refuse = (outcome: string, error: BusinessError): never => {
    log.info(
      { event: 'repayLogin', outcome, customerId: repayToken.customerId, tokenId: repayToken.id },
      'repay login refused',
    );
    throw error;
  };
  if (!member || member.role !== CUSTOMER_ROLE) return refuse('notACustomer', new BusinessError('TokenNotValid'));
  if (isCustomerStatus(member.status) && mustLogOutStatus(member.status))
    return refuse('closedStatus', new BusinessError('CustomerAlreadyRegistered'));
  if (member.blocked) return refuse('blocked', new BusinessError('MemberBlocked'));
  if (!(await countRepayTokenUse(deps.db, repayToken.id, deps.clock.now())))
    return refuse('notValid', new BusinessError('TokenNotValid'));

  const session = await issueSession(deps, { id: member.id, role: member.role }, meta);
  log.info(
    { event: 'repayLogin', outcome: 'success', customerId: member.id, tokenId: repayToken.id },
    'repay login succeeded',
  );
  return { token: session.token, customerDetails: customerDetailsOf(member) };
}

/**
 * The repay-link customer info (first document §3) of the token's customer, for the client's destination table.
 * hasCardAdded: a usable card; hasAskForProofCard: a card waiting for its proof; documentCount: the identity
 * documents (DNI/NIE sides) uploaded — the table sends an agreementAssigned customer with fewer than 2 to /documents.
 */
export async function customerForLoginRedirection(
  deps: Pick<LinksDeps, 'db' | 'clock'>,
  token: string,
  log: FastifyBaseLogger,
): Promise<RepayLinkCustomerInfo> {
  const repayToken = await liveTokenOrThrow(deps, token, log);
  const info = await redirectionFacts(deps, repayToken);
  if (!info) {
    log.info({ event: 'repayToken', outcome: 'noCustomer', tokenId: repayToken.id }, 'repay token refused');
    throw new BusinessError('TokenNotValid');
  }
  return info;
}

async function redirectionFacts(
  deps: Pick<SessionDeps, 'db'>,
  repayToken: LiveRepayToken,
): Promise<RepayLinkCustomerInfo | null> {
  const row = await findRedirectionCustomer(deps.db, repayToken.customerId);
  if (!row) return null;
  return {
    customerStatus: customerStatusSchema.parse(row.status),
    documentCount: row.documentCount,
    fullName: fullNameOf(row.firstName, row.lastName),
    hasCardAdded: row.hasCardAdded,
    lastLoanStatus: row.lastLoanStatus === null ? null : loanStatusSchema.parse(row.lastLoanStatus),
    phoneNumber: row.phone,
    hasAskForProofCard: row.hasAskForProofCard,
  };
}
