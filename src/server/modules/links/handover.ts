import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Handover } from '../../../shared/api/links.ts';
import type { Session } from '../../../shared/api/customer-schemas.ts';
import { BRAND, ONE_TIME_CODE } from '../../../shared/constants.ts';
import { buildPath } from '../../../shared/routes/paths.ts';
import { CUSTOMER_ROLE, isCustomerStatus, mustLogOutStatus } from '../../../shared/statuses.ts';
import { checkOneTimeCode, issueOneTimeCode, withdrawOneTimeCode } from '../../auth/one-time-codes.ts';
import { issueSession, type SessionDeps } from '../../auth/sessions.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import { staffWrite, type AuditActor } from '../../audit/staff-write.ts';
import type { Database, Executor } from '../../db/connect.ts';
import { BusinessError } from '../../http/errors.ts';
import { withWebOtpLine, type SmsProvider } from '../../providers/sms.ts';
import { findScopedCustomer } from '../customer/index.ts';
import { customerDetailsOf, findMemberById } from '../membership/index.ts';
import type { MemberRow } from '../membership/index.ts';
import {
  countWrongCode,
  findLiveIntroduction,
  insertIntroduction,
  markIntroductionUsed,
  voidLiveIntroductions,
  type LiveIntroduction,
} from './handover-repository.ts';
import { hashRepayToken } from './repay-tokens.ts';

/**
 * Handover (docs/backoffice.md §5, catalogue "handover login and otp"): an agent prepares a customer's access from
 * the customer file (HandoverCreatePost, audited); the customer gets an SMS with `/handover/v1/<introductionId>`,
 * opens it (HandoverGet), asks for a code to the same mobile (HandoverOtpPost) and types it (HandoverLoginPost): a
 * normal customer session, as LoginPost's. The introduction id is a bearer secret: 128 bits from the CSPRNG, only its
 * SHA-256 stored, never logged and never shown to staff. It works once, for 48 hours; a newer introduction of the
 * customer voids it, and so do five wrong codes. Logs name the introduction's row id.
 */

export interface HandoverDeps extends SessionDeps {
  db: Database;
  /** HMAC key of the one-time codes (auth/derived-keys.ts, purpose 'one-time-codes'). */
  codeKey: Uint8Array;
  sms: SmsProvider;
  /** PUBLIC_URL: the origin of the link in the SMS. */
  publicUrl: string;
  /** The host of PUBLIC_URL, for the code SMS's WebOTP line. */
  webOtpHost: string;
}

const HOUR_MS = 3_600_000;
export const HANDOVER_LIFE_MS = 48 * HOUR_MS;
/** Wrong codes that void an introduction (as many as a one-time code allows). */
export const HANDOVER_WRONG_CODES = ONE_TIME_CODE.maxConsecutiveFailures;
const ID_BYTES = 16;
const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const LIFETIME_MINUTES = Math.round(ONE_TIME_CODE.lifetimeMs / 60_000);

/** The mobile as the customer and the agent read it: the last three digits. */
export const maskedMobile = (phone: string): string => `*** *** ${phone.replace(/\D/g, '').slice(-3)}`;

export const handoverLinkFor = (publicUrl: string, introductionId: string): string =>
  `${publicUrl.replace(/\/+$/, '')}${buildPath('handover', { introductionId })}`;

export const handoverSmsText = (link: string): string =>
  `${BRAND}: tu gestor te ha preparado el acceso a tu área de clientes: ${link}`;

export const handoverCodeSmsText = (code: string, host: string): string =>
  withWebOtpLine(
    `${BRAND}: tu código para entrar en tu área de clientes es ${code}. Caduca en ${LIFETIME_MINUTES} minutos. No lo compartas con nadie.`,
    code,
    host,
  );

/** Whether the member may be handed over: a customer with a mobile whose status is not closed or none. */
const canLogIn = (member: MemberRow | null): member is MemberRow =>
  member !== null &&
  member.role === CUSTOMER_ROLE &&
  member.phone.length > 0 &&
  !(isCustomerStatus(member.status) && mustLogOutStatus(member.status));

/** HandoverCreatePost: voids the customer's live introductions, stores a new one (audited), sends its SMS. */
export async function createHandover(
  deps: HandoverDeps,
  actor: AuditActor & { staff: AuthenticatedStaff },
  customerId: number,
  log: FastifyBaseLogger,
): Promise<{ maskedPhone: string; expiresAt: string }> {
  await findScopedCustomer(deps.db, actor.staff, customerId);
  const member = await findMemberById(deps.db, customerId);
  if (!canLogIn(member)) throw new BusinessError('HandoverNotAllowed');
  const introductionId = randomBytes(ID_BYTES).toString('base64url');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + HANDOVER_LIFE_MS);
  const target = { entityType: 'handover', customerId, lock: `handover:${customerId}` };
  const rowId = await staffWrite(deps, actor, target, async (tx) => {
    const replaced = await voidLiveIntroductions(tx, customerId, now);
    const id = await insertIntroduction(tx, {
      idHash: hashRepayToken(introductionId),
      customerId,
      createdByStaffId: actor.staff.id,
      createdAt: now,
      expiresAt,
    });
    const after = { expiresAt: expiresAt.toISOString(), replacedIntroductions: replaced };
    return { before: null, after, entityId: id, result: id };
  });
  const receipt = await deps.sms.send(
    member.phone,
    handoverSmsText(handoverLinkFor(deps.publicUrl, introductionId)),
    'handover',
  );
  log.info(
    { event: 'handover', action: 'created', customerId, introduction: rowId, smsId: receipt.id },
    'handover sent',
  );
  return { maskedPhone: maskedMobile(member.phone), expiresAt: expiresAt.toISOString() };
}

/** The live introduction behind an id, or TokenNotValid (unknown, malformed, used, voided, expired). */
async function liveOrThrow(
  db: Executor,
  introductionId: string,
  now: Date,
  log: FastifyBaseLogger,
  options: { forUpdate?: boolean } = {},
): Promise<LiveIntroduction> {
  const found = ID_PATTERN.test(introductionId)
    ? await findLiveIntroduction(db, hashRepayToken(introductionId), now, options)
    : null;
  if (!found) {
    log.info({ event: 'handover', outcome: 'notValid' }, 'handover link refused');
    throw new BusinessError('TokenNotValid');
  }
  return found;
}

/** The introduction's customer, refused as a repay link refuses it (closed, blocked). */
async function customerOf(deps: HandoverDeps, introduction: LiveIntroduction, log: FastifyBaseLogger) {
  const member = await findMemberById(deps.db, introduction.customerId);
  const refuse = (outcome: string, error: BusinessError): never => {
    log.info({ event: 'handover', outcome, introduction: introduction.id }, 'handover refused');
    throw error;
  };
  if (!canLogIn(member)) return refuse('closedStatus', new BusinessError('CustomerAlreadyRegistered'));
  if (member.blocked) return refuse('blocked', new BusinessError('MemberBlocked'));
  return member;
}

const handoverView = (member: MemberRow, introduction: LiveIntroduction): Handover => ({
  firstName: member.firstName,
  maskedPhone: maskedMobile(member.phone),
  expiresAt: introduction.expiresAt.toISOString(),
});

/** HandoverGet: whom the code goes to, while the introduction is live. */
export async function handoverOf(deps: HandoverDeps, introductionId: string, log: FastifyBaseLogger) {
  const introduction = await liveOrThrow(deps.db, introductionId, deps.clock.now(), log);
  const member = await findMemberById(deps.db, introduction.customerId);
  if (!canLogIn(member)) throw new BusinessError('TokenNotValid');
  return handoverView(member, introduction);
}

/** HandoverOtpPost: a code to the customer's mobile (60 s between codes, 5 a day); the previous one stops working. */
export async function sendHandoverCode(deps: HandoverDeps, introductionId: string, log: FastifyBaseLogger) {
  const introduction = await liveOrThrow(deps.db, introductionId, deps.clock.now(), log);
  const member = await customerOf(deps, introduction, log);
  const issued = await issueOneTimeCode(deps, member.phone, 'handover');
  const logged = { event: 'oneTimeCode', purpose: 'handover', codeId: issued.id, introduction: introduction.id };
  try {
    const receipt = await deps.sms.send(member.phone, handoverCodeSmsText(issued.code, deps.webOtpHost), 'handover');
    log.info({ ...logged, action: 'sent', smsId: receipt.id }, 'one-time code sent');
  } catch (error) {
    await withdrawOneTimeCode(deps, issued.id);
    log.error({ ...logged, action: 'sendFailed', err: error }, 'one-time code could not be sent');
    throw error;
  }
  return handoverView(member, introduction);
}

const wrongCodeError = (remaining: number): BusinessError =>
  remaining <= 0
    ? new BusinessError('TokenNotValid')
    : remaining === 1
      ? new BusinessError('PinNotValidLastAttempt')
      : new BusinessError('PinNotValidWithRemainingAttemptCount', { remaining });

/**
 * HandoverLoginPost: the right code uses the introduction up and starts a session (both or neither: the code and
 * the introduction are used in one transaction, under the introduction's row lock). A wrong code is counted on the
 * introduction, and the fifth voids it; a code that expired or was replaced is PinExpired / PinNotValid, not counted.
 */
export async function loginWithHandover(
  deps: HandoverDeps,
  introductionId: string,
  code: string,
  meta: { userAgent: string | null; ip: string | null },
  log: FastifyBaseLogger,
): Promise<Session> {
  const now = deps.clock.now();
  const first = await liveOrThrow(deps.db, introductionId, now, log);
  const member = await customerOf(deps, first, log);
  const outcome = await deps.db.transaction(async (tx) => {
    const introduction = await liveOrThrow(tx, introductionId, now, log, { forUpdate: true });
    const check = await checkOneTimeCode({ ...deps, db: tx }, member.phone, 'handover', code);
    if (check.outcome === 'valid') {
      if (!(await markIntroductionUsed(tx, introduction.id, now))) throw new BusinessError('TokenNotValid');
      return { kind: 'valid' as const };
    }
    if (check.outcome !== 'wrong') return { kind: 'refused' as const, check: check.outcome };
    const wrong = await countWrongCode(tx, introduction.id, HANDOVER_WRONG_CODES, now);
    return { kind: 'wrong' as const, remaining: HANDOVER_WRONG_CODES - wrong };
  });
  const logged = { event: 'handoverLogin', customerId: member.id, introduction: first.id };
  if (outcome.kind === 'wrong') {
    log.info({ ...logged, outcome: 'wrongCode', remaining: outcome.remaining }, 'handover code refused');
    throw wrongCodeError(outcome.remaining);
  }
  if (outcome.kind === 'refused') {
    log.info({ ...logged, outcome: outcome.check }, 'handover code refused');
    throw new BusinessError(
      outcome.check === 'expired' || outcome.check === 'exhausted' ? 'PinExpired' : 'PinNotValid',
    );
  }
  const session = await issueSession(deps, { id: member.id, role: member.role }, meta);
  log.info({ ...logged, outcome: 'success' }, 'handover login succeeded');
  return { token: session.token, customerDetails: customerDetailsOf(member) };
}
