import type { CommunicationPermissions } from '../../../shared/api/communication.ts';
import type { SentMessage, StaffPermissions } from '../../../shared/api/communication-staff.ts';
import { REMINDER_TEXTS, reminderKindSchema } from '../../../shared/push.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import { staffWrite, type AuditActor, type StaffWriteDeps } from '../../audit/staff-write.ts';
import type { Database } from '../../db/connect.ts';
import { BusinessError } from '../../http/errors.ts';
import { newestOutboxSms } from '../../providers/sms-outbox.ts';
import { findScopedCustomer } from '../customer/index.ts';
import { lastCustomerChoice, permissionsFromSignupConsent, savePermissions } from './permissions.ts';
import { findCustomerPhone, findPermissionState, pagePermissionHistory, sentRemindersOf } from './repository.ts';
import { changedByOf } from './service.ts';

/**
 * The customer file's communication tab (docs/backoffice.md §5): StaffPermissionsGet (the permissions in force and
 * every change, newest first) and SmsHistoryGet (the SMS of the outbox sent to the customer's current number and the
 * payment reminders pushed to their devices, merged newest first). Both start with the customer's scope check.
 */

type Scope = Pick<AuthenticatedStaff, 'role' | 'collectionCompanyId'>;

interface Page {
  page: number;
  pageSize: number;
}

const customerGone = () => new BusinessError('StaffCustomerNotFound');

/** StaffPermissionsGet: the permissions in force (stored, or the signup consent) and a page of their history. */
export async function staffPermissions(
  db: Database,
  staff: Scope,
  customerId: number,
  query: Page,
): Promise<StaffPermissions> {
  await findScopedCustomer(db, staff, customerId);
  const [state, lastChoice, history] = await Promise.all([
    findPermissionState(db, customerId),
    lastCustomerChoice(db, customerId),
    pagePermissionHistory(db, customerId, query.pageSize, (query.page - 1) * query.pageSize),
  ]);
  if (!state) throw customerGone();
  return {
    current: {
      ...(state.stored ?? permissionsFromSignupConsent(state.acceptMarketing)),
      stored: state.stored !== null,
    },
    lastChoiceDate: lastChoice?.toISOString() ?? null,
    items: history.rows.map((row) => ({
      allowEmail: row.allowEmail,
      allowSms: row.allowSms,
      allow3CxCalls: row.allow3CxCalls,
      createdDate: row.createdAt.toISOString(),
      changedBy: changedByOf(row.source),
      source: row.source,
      campaignId: row.campaignId,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: history.total,
    totalCapped: false,
  };
}

/**
 * StaffPermissionsPost: the permissions a customer asked for by phone, saved through `savePermissions` with the
 * source `staff:<id>` (the history's `changedBy`), in one transaction with the audit record (before/after).
 */
export async function staffSetPermissions(
  deps: StaffWriteDeps,
  actor: AuditActor & { staff: AuthenticatedStaff },
  customerId: number,
  body: CommunicationPermissions & { reason: string },
): Promise<CommunicationPermissions> {
  await findScopedCustomer(deps.db, actor.staff, customerId);
  const target = { entityType: 'customer', entityId: customerId, customerId, reason: body.reason };
  return staffWrite(deps, actor, target, async (tx) => {
    // `current` is read under savePermissions' lock of the customer: the values this change replaced.
    let before: CommunicationPermissions | null = null;
    const saved = await savePermissions(
      tx,
      customerId,
      (current) => {
        before = current;
        return { allowEmail: body.allowEmail, allowSms: body.allowSms, allow3CxCalls: body.allow3CxCalls };
      },
      { source: `staff:${actor.staff.id}`, now: deps.clock.now(), explicitChoice: true },
    );
    if (!before || !saved) throw customerGone();
    return { before: { permissions: before }, after: { permissions: saved.values }, result: saved.values };
  });
}

/** What a one-time code reads as in the back office. */
export const MASKED_CODE = '••••';

/** The WebOTP last line of a code SMS (`@host #CODE`, providers/sms.ts `withWebOtpLine`): the code itself. */
const WEB_OTP_LINE = /\n@\S+ #([A-Za-z0-9]{4,8})\s*$/;
/** SMS purposes that carry a one-time code (providers/sms.ts `SmsPurpose`). */
const CODE_PURPOSES: ReadonlySet<string> = new Set(['registration', 'login', 'resetPin', 'changeMobile', 'handover']);
/** A word of 4–6 capitals or digits: what a code looks like (codes are 4 characters today; PIN, DNI are shorter). */
const CODE_LIKE_WORD = /(?<![\p{L}\p{N}])[A-Z0-9]{4,6}(?![\p{L}\p{N}])/gu;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The secret of a link that opens the customer's area: a repay short link's token (`/r/`, `/rx/`, `/rs/`, a login
 * without any code) and a handover's introduction id (`/handover/v1/`).
 */
const LINK_SECRET = /(\/(?:r|rx|rs|handover\/v1)\/)[A-Za-z0-9_-]+/g;

/**
 * The SMS text with its secrets replaced by '••••': the secret of every link that opens the customer's area, the
 * code of the WebOTP line wherever it appears, and, in an SMS whose purpose carries a code or that has that line,
 * every word that looks like one. Masking a word too many costs nothing; a code or a link shown in clear would let
 * whoever reads the screen use it.
 */
export function maskSecrets(text: string, purpose: string): string {
  const code = WEB_OTP_LINE.exec(text)?.[1];
  let masked = text.replace(LINK_SECRET, `$1${MASKED_CODE}`);
  if (code)
    masked = masked.replace(
      new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(code)}(?![\\p{L}\\p{N}])`, 'gu'),
      MASKED_CODE,
    );
  if (code || CODE_PURPOSES.has(purpose)) masked = masked.replace(CODE_LIKE_WORD, MASKED_CODE);
  return masked;
}

const reminderTitle = (kind: string) => {
  const known = reminderKindSchema.safeParse(kind);
  return known.success ? REMINDER_TEXTS[known.data].title : kind;
};

/** Newest first; at the same instant the higher id first, an SMS before a push. */
const newerFirst = (a: SentMessage, b: SentMessage) =>
  a.sentAt !== b.sentAt
    ? a.sentAt < b.sentAt
      ? 1
      : -1
    : a.channel === b.channel
      ? b.id - a.id
      : a.channel === 'sms'
        ? -1
        : 1;

/**
 * SmsHistoryGet: the SMS sent to the customer's current number and the push reminders delivered to them, merged
 * newest first and paged. Each owner gives its newest `page × pageSize` rows and its count; the page is cut from
 * the merge (a customer has tens of messages, and MAX_PAGE bounds the rows read).
 */
export async function staffSentMessages(db: Database, staff: Scope, customerId: number, query: Page) {
  await findScopedCustomer(db, staff, customerId);
  const phone = await findCustomerPhone(db, customerId);
  if (phone === null) throw customerGone();
  const wanted = query.page * query.pageSize;
  const [sms, reminders] = await Promise.all([
    newestOutboxSms(db, phone, wanted),
    sentRemindersOf(db, customerId, wanted),
  ]);
  const messages: SentMessage[] = [
    ...sms.rows.map((row): SentMessage => ({
      channel: 'sms',
      id: row.id,
      sentAt: row.createdAt.toISOString(),
      text: maskSecrets(row.text, row.purpose),
      purpose: row.purpose,
      status: row.readAt ? 'read' : 'sent',
      readAt: row.readAt?.toISOString() ?? null,
      phone: row.phone,
      installmentId: null,
      dueDate: null,
    })),
    ...reminders.rows.map((row): SentMessage => ({
      channel: 'push',
      id: row.id,
      sentAt: row.sentAt.toISOString(),
      text: reminderTitle(row.kind),
      purpose: row.kind,
      status: 'sent',
      readAt: null,
      phone: null,
      installmentId: row.installmentId,
      dueDate: row.dueDate,
    })),
  ].sort(newerFirst);
  return {
    items: messages.slice(wanted - query.pageSize, wanted),
    page: query.page,
    pageSize: query.pageSize,
    total: sms.total + reminders.total,
    totalCapped: false,
  };
}
