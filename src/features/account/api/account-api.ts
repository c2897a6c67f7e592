import { z } from 'zod';
import { callApi } from '../../../lib/api/client.ts';
import { customerPermissions } from '../../../lib/api/calls/check-permissions.ts';
import { getCustomer } from '../../../lib/api/calls/customer.ts';
import { getCustomerCards } from '../../../lib/api/calls/customer-cards.ts';
import { getScrapedAccounts } from '../../../lib/api/calls/scraped-accounts.ts';
import { bankAccountSchema, type BankAccount } from '../../../shared/api/bank.ts';
import { updateCommunicationPermissions } from '../../../lib/api/calls/update-communication-permissions.ts';
import { cardEntitySchema, type CardEntity } from '../../../shared/api/card.ts';
import {
  PermissionHistoryGet,
  type CommunicationPermissions,
  type PermissionHistoryItem,
} from '../../../shared/api/communication.ts';
import { customerSchema, type Customer } from '../../../shared/api/membership.ts';
import { accountCacheAtom } from '../../../lib/storage/atoms.ts';
import type { AppStore } from '../../../lib/storage/store.ts';
import { isSecurityCheckedOrLater } from '../../../shared/statuses.ts';

/** The account page's calls. Loads skip the global error dialogs: the page shows what it could not load. */

export interface AccountData {
  readonly customer: Customer;
  readonly accounts: readonly BankAccount[];
  /** null for a customer who may not hold cards yet (before securityChecked). */
  readonly cards: readonly CardEntity[] | null;
}

/** CustomerGet, ScrapedAccountsGet and (securityChecked or later) CustomerMiniGet, in parallel. */
export async function loadAccount(signal: AbortSignal): Promise<AccountData> {
  const customer = await getCustomer();
  const [accounts, cards] = await Promise.all([
    getScrapedAccounts().catch(() => [] as BankAccount[]),
    isSecurityCheckedOrLater(customer.status)
      ? getCustomerCards({ ignoreErrors: true, signal }).catch(() => [] as CardEntity[])
      : Promise.resolve(null),
  ]);
  return { customer, accounts, cards };
}

/** What the page shows: the data, when the server gave it, and whether it is the copy kept from before. */
export interface KeptAccount {
  readonly data: AccountData;
  readonly savedAt: number;
  /** The load failed (offline, server error): this is the copy kept from the last load of this session. */
  readonly stale: boolean;
}

/** The kept copy's wire form (amounts in euros), as the contract's schemas read and write it. */
const accountWireSchema = z.object({
  customer: customerSchema,
  accounts: z.array(bankAccountSchema),
  cards: z.array(cardEntitySchema).nullable(),
});

/**
 * loadAccount, keeping the answer for the session (accountCacheAtom) so that offline, or when the load fails, the page
 * shows the last data with its age, as the dashboard does. The copy is read only for the customer it
 * belongs to; without one the load's error is thrown (the page offers 'Reintentar').
 */
export async function loadKeptAccount(
  store: AppStore,
  customerId: number,
  signal: AbortSignal,
  now: () => number = Date.now,
): Promise<KeptAccount> {
  try {
    const data = await loadAccount(signal);
    const savedAt = now();
    await store.set(accountCacheAtom, {
      customerId,
      savedAt,
      account: accountWireSchema.encode({
        ...data,
        accounts: [...data.accounts],
        cards: data.cards && [...data.cards],
      }),
    });
    return { data, savedAt, stale: false };
  } catch (error) {
    if (signal.aborted) throw error;
    const kept = await store.get(accountCacheAtom);
    const parsed = kept?.customerId === customerId ? accountWireSchema.safeParse(kept.account) : undefined;
    if (kept && parsed?.success) return { data: parsed.data, savedAt: kept.savedAt, stale: true };
    throw error;
  }
}

export interface PermissionsData {
  /** null when they could not be read. */
  readonly permissions: CommunicationPermissions | null;
  readonly history: readonly PermissionHistoryItem[];
}

/** PermissionHistoryGet: every change of the customer's permissions, newest first. */
export function loadPermissionHistory(signal?: AbortSignal): Promise<PermissionHistoryItem[]> {
  return callApi(PermissionHistoryGet, {}, { ignoreErrors: true, signal });
}

/** CheckPermissionsPost and PermissionHistoryGet, in parallel. */
export async function loadPermissions(customerId: number, signal: AbortSignal): Promise<PermissionsData> {
  const [permissions, history] = await Promise.all([
    customerPermissions(customerId),
    loadPermissionHistory(signal).catch(() => [] as PermissionHistoryItem[]),
  ]);
  return {
    // Only the three flags: the answer also names the customer, which the update does not take.
    permissions: permissions && {
      allowEmail: permissions.allowEmail,
      allowSms: permissions.allowSms,
      allow3CxCalls: permissions.allow3CxCalls,
    },
    history,
  };
}

/** The account page's permission switches (source `account`; a failure is shown by the shell). */
export const savePermissions = (permissions: CommunicationPermissions): Promise<void> =>
  updateCommunicationPermissions(permissions, 'account');
