import type { Executor, Transaction } from '../../db/connect.ts';
import {
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
 * history tells where each state came from; a change to the values the row already holds writes nothing.
 */

export type { PermissionValues } from './repository.ts';

export const PERMISSION_SOURCES = {
  registration: 'registration',
  unsubscribe: 'unsubscribe',
  account: 'account',
  marketingPrompt: 'marketingPrompt',
} as const;

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

export interface PermissionChange {
  /** Recorded in the history: registration, unsubscribe, account, marketingPrompt, … */
  source: string;
  /** The campaign of an unsubscribe link. */
  campaignId?: string | null;
  now: Date;
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
  if (state.stored && sameValues(state.stored, values)) return { values: state.stored, changed: false };
  if (state.stored) await updatePermissions(tx, customerId, values, change.now);
  else await insertPermissions(tx, customerId, values, change.now);
  await insertPermissionHistory(tx, {
    customerId,
    ...values,
    source: change.source,
    campaignId: change.campaignId ?? null,
    createdAt: change.now,
  });
  return { values, changed: true };
}
