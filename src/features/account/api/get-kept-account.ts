import { z } from 'zod';
import { accountCacheAtom } from '../../../lib/storage/atoms.ts';
import type { AppStore } from '../../../lib/storage/store.ts';
import { bankAccountSchema } from '../../../shared/api/bank.ts';
import { cardEntitySchema } from '../../../shared/api/card.ts';
import { customerSchema } from '../../../shared/api/membership.ts';
import { getAccount, type AccountData } from './get-account.ts';

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
 * getAccount, keeping the answer for the session (accountCacheAtom) so that offline, or when the load fails, the page
 * shows the last data with its age, as the dashboard does. The copy is read only for the customer it
 * belongs to; without one the load's error is thrown (the page offers 'Reintentar').
 */
export async function getKeptAccount(
  store: AppStore,
  customerId: number,
  signal: AbortSignal,
  now: () => number = Date.now,
): Promise<KeptAccount> {
  try {
    const data = await getAccount(signal);
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
