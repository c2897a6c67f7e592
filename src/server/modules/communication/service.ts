import type { FastifyBaseLogger } from 'fastify';
import type {
  CustomerCommunicationPermissions,
  PermissionChangeSource,
  PermissionHistoryItem,
} from '../../../shared/api/communication.ts';
import type { AuthenticatedCustomer } from '../../auth/sessions.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/connect.ts';
import { HttpError } from '../../http/errors.ts';
import { markSmsRead } from '../../providers/sms-outbox.ts';
import { listPermissionHistory } from './repository.ts';
import {
  CUSTOMER_PERMISSION_SOURCES,
  lastCustomerChoice,
  PERMISSION_SOURCES,
  readPermissions,
  savePermissions,
  type PermissionValues,
} from './permissions.ts';

/**
 * The communication service. The logged-in customer's communication permissions (second document §7.1):
 * CheckPermissionsPost, UpdateCommunicationPermissionPost and PermissionHistoryGet; a customer reads and changes
 * only their own. SMS read receipts (SmsMarkasreadGetBySmsId) below; the unsubscribe link in unsubscribe.ts. One
 * deps object: database and clock.
 */

export interface CommunicationDeps {
  db: Database;
  clock: Clock;
}

/** The session's customer no longer exists (deleted meanwhile): the session is not valid any more. */
const customerGone = () => new HttpError('Unauthorized');

/**
 * CheckPermissionsPost `[customerId]`: every id must be the caller's own (403 otherwise, nothing read); the answer
 * is the caller's current permissions — stored, or from the signup consent while nothing is stored — once, with
 * the date of the customer's last choice (`lastChoiceDate`, null if never: the marketing prompt counts its 7 days
 * from it on every device).
 */
export async function checkPermissions(
  deps: CommunicationDeps,
  customer: AuthenticatedCustomer,
  customerIds: readonly number[],
): Promise<CustomerCommunicationPermissions[]> {
  if (customerIds.some((id) => id !== customer.id)) throw new HttpError('Forbidden');
  const [values, lastChoice] = await Promise.all([
    readPermissions(deps.db, customer.id),
    lastCustomerChoice(deps.db, customer.id),
  ]);
  if (!values) throw customerGone();
  return [{ customerId: customer.id, ...values, lastChoiceDate: lastChoice?.toISOString() ?? null }];
}

/**
 * UpdateCommunicationPermissionPost: the customer's explicit choice of the three flags (/account's save, the marketing
 * prompt's answer — its 'No' sends the values unchanged), stored with a history row whose source is what the client
 * says (`account` unless the marketing prompt says `marketingPrompt`). The same values again change nothing but are
 * recorded as the customer's last choice (a refusal counts).
 */
export async function updateCommunicationPermission(
  deps: CommunicationDeps,
  customer: AuthenticatedCustomer,
  body: PermissionValues & { source?: PermissionChangeSource | undefined },
  log: FastifyBaseLogger,
): Promise<true> {
  const requested: PermissionValues = {
    allowEmail: body.allowEmail,
    allowSms: body.allowSms,
    allow3CxCalls: body.allow3CxCalls,
  };
  const source = body.source ?? PERMISSION_SOURCES.account;
  const saved = await deps.db.transaction((tx) =>
    savePermissions(tx, customer.id, () => requested, { source, now: deps.clock.now(), explicitChoice: true }),
  );
  if (!saved) throw customerGone();
  log.info(
    { event: 'communicationPermissions', customerId: customer.id, source, changed: saved.changed, ...saved.values },
    'communication permissions saved',
  );
  return true;
}

/** Sources of changes the customer made themself (signup, unsubscribe link, account page, marketing prompt, loan request). */
const CUSTOMER_SOURCES: ReadonlySet<string> = new Set(CUSTOMER_PERMISSION_SOURCES);

/** Who made a change: `customer` for the customer's own sources; otherwise the source itself (`system`, a staff id). */
export const changedByOf = (source: string): string => (CUSTOMER_SOURCES.has(source) ? 'customer' : source);

/** PermissionHistoryGet: every change of the caller's permissions, newest first. */
export async function permissionHistory(
  deps: CommunicationDeps,
  customer: AuthenticatedCustomer,
): Promise<PermissionHistoryItem[]> {
  const rows = await listPermissionHistory(deps.db, customer.id);
  return rows.map((row) => ({
    allowEmail: row.allowEmail,
    allowSms: row.allowSms,
    allow3CxCalls: row.allow3CxCalls,
    createdDate: row.createdAt.toISOString(),
    changedBy: changedByOf(row.source),
  }));
}

/**
 * SmsMarkasreadGetBySmsId: the app calls it with the `smsPoolId` of a link in an SMS (errors ignored). The first
 * call sets the SMS's read_at; later ones keep it. The call is public, so its answer never tells whether an id
 * exists or was read before: every well-formed request is acknowledged with `true`. Ids are the outbox's numbers;
 * anything that is not one (or is out of range) changes nothing. The per-IP rate limit bounds forged receipts.
 */

const SMS_ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;

export async function acknowledgeSmsRead(
  deps: CommunicationDeps,
  smsId: string,
  log: FastifyBaseLogger,
): Promise<true> {
  const id = SMS_ID.test(smsId) ? Number(smsId) : null;
  const marked = id !== null && id <= MAX_ID && (await markSmsRead(deps.db, id, deps.clock.now()));
  log.debug({ event: 'smsRead', marked }, 'SMS read receipt');
  return true;
}
