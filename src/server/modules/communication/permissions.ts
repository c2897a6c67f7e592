import type { Executor, Transaction } from '../../db/connect.ts';
import {
  findLastChoice,
  findPermissionState,
  insertPermissionHistory,
  insertPermissions,
  lockCustomerForPermissions,
  updatePermissions,
  type PermissionState,
  type PermissionValues,
} from './repository.ts';

/**
 * A customer's communication permissions (second document §3: allowEmail, allowSms, allow3CxCalls), the one place
 * that reads and writes them. Registration, the unsubscribe link and UpdateCommunicationPermissionPost all write
 * through `savePermissions`.
 *
 * Until a customer has a stored row (customers from before the permissions table, demo customers), their
 * permissions are their signup marketing consent (`customers.accept_marketing`) on every channel, as registration
 * stores them. Every write of the stored row — its creation included — has one history row with its source, so the
 * history tells where each state came from. An explicit choice of the same values is recorded too (its date is the
 * customer's last choice); otherwise the values the row already holds write nothing.
 */

export type { PermissionValues } from './repository.ts';

export const PERMISSION_SOURCES = {
  registration: 'registration',
  unsubscribe: 'unsubscribe',
  account: 'account',
  marketingPrompt: 'marketingPrompt',
  /** The loan request's «Acepto recibir comunicaciones comerciales…» box, ticked. */
  loanRequest: 'loanRequest',
} as const;

/** Sources of changes the customer made themself: their dates are the customer's choices (the prompt's 7 days). */
export const CUSTOMER_PERMISSION_SOURCES: readonly string[] = Object.values(PERMISSION_SOURCES);

/** The permissions the signup marketing consent gives: every channel alike. */
export function permissionsFromSignupConsent(acceptMarketing: boolean): PermissionValues {
  return { allowEmail: acceptMarketing, allowSms: acceptMarketing, allow3CxCalls: acceptMarketing };
}

const currentOf = (state: PermissionState): PermissionValues =>
  state.stored ?? permissionsFromSignupConsent(state.acceptMarketing);

const sameValues = (a: PermissionValues, b: PermissionValues) =>
  a.allowEmail === b.allowEmail && a.allowSms === b.allowSms && a.allow3CxCalls === b.allow3CxCalls;

/** The customer's current permissions (stored, or from the signup consent); null when there is no such customer. */
export async function readPermissions(db: Executor, customerId: number): Promise<PermissionValues | null> {
  const state = await findPermissionState(db, customerId);
  return state && currentOf(state);
}

/**
 * When the customer last chose their permissions themself, anywhere (sign-up, the marketing prompt — yes or no —,
 * /account, the loan request's box, an unsubscribe link): the newest history row of a customer source; null when
 * they never chose (a customer from before the permissions table). Staff changes are not the customer's choice.
 */
export function lastCustomerChoice(db: Executor, customerId: number): Promise<Date | null> {
  return findLastChoice(db, customerId, CUSTOMER_PERMISSION_SOURCES);
}

export interface PermissionChange {
  /** Recorded in the history: registration, unsubscribe, account, marketingPrompt, … */
  source: string;
  /** The campaign of an unsubscribe link. */
  campaignId?: string | null;
  now: Date;
  /**
   * The customer chose these values explicitly (the prompt's answer, /account's save, the loan request's box): the
   * choice is recorded in the history with its date even when the values do not change, so a refusal or a
   * confirmation counts as the last choice on every device. Otherwise (a repeated unsubscribe link) the same values
   * write nothing.
   */
  explicitChoice?: boolean;
}

export interface SavedPermissions {
  values: PermissionValues;
  /** False when the stored row already held these values (nothing written). */
  changed: boolean;
}

/**
 * Sets the customer's permissions to `next(current)` inside the caller's transaction (the customer's row is locked
 * until it ends): creates the stored row or updates it, with a history row, unless the stored row already holds
 * those values. Null when there is no such customer (nothing written).
 */
export async function savePermissions(
  tx: Transaction,
  customerId: number,
  next: (current: PermissionValues) => PermissionValues,
  change: PermissionChange,
): Promise<SavedPermissions | null> {
  if (!(await lockCustomerForPermissions(tx, customerId))) return null;
  const state = await findPermissionState(tx, customerId);
  if (!state) return null;
  const current = currentOf(state);
  const requested = next(current);
  const values: PermissionValues = {
    allowEmail: requested.allowEmail,
    allowSms: requested.allowSms,
    allow3CxCalls: requested.allow3CxCalls,
  };
  const unchanged = state.stored !== null && sameValues(state.stored, values);
  if (unchanged && !change.explicitChoice) return { values, changed: false };
  if (state.stored === null) await insertPermissions(tx, customerId, values, change.now);
  else if (!unchanged) await updatePermissions(tx, customerId, values, change.now);
  await insertPermissionHistory(tx, {
    customerId,
    ...values,
    source: change.source,
    campaignId: change.campaignId ?? null,
    createdAt: change.now,
  });
  return { values, changed: !unchanged };
}
