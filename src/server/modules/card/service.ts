import type { CardEntity } from '../../../shared/api/card.ts';
import type { AuthenticatedCustomer } from '../../auth/sessions.ts';
import type { Executor } from '../../db/connect.ts';
import { listCustomerCards } from './repository.ts';

/** What the card service needs. */
export interface CardDeps {
  db: Executor;
}

/** CustomerMiniGet: the caller's cards (never another customer's), without the deleted ones. */
export async function customerMiniCards(deps: CardDeps, caller: AuthenticatedCustomer): Promise<CardEntity[]> {
  const rows = await listCustomerCards(deps.db, caller.id);
  return rows.map((row) => ({ ...row, brand: row.brand === 'visa' ? 'visa' : 'other' }));
}
