/**
 * The API contract, written once (architecture §3): every customer-facing call of the spec as a `defineCall`
 * entry. The server registers its routes from `contractCalls`; the client builds its typed calls from the entries.
 *
 * Each entry has exactly one home, the file of its domain (membership.ts, loan.ts, …), or a file apart when the first
 * page load needs it without the rest of its domain (member.ts: the session calls; quotes.ts: the calculator's loan
 * calls; phone-check.ts; affiliates.ts). Nothing re-exports an entry: import it from its home. This file only
 * gathers them by name.
 */
import { affiliateCalls } from './affiliates.ts';
import { analyticsCalls } from './analytics.ts';
import { bankCalls } from './bank.ts';
import { cardCalls } from './card.ts';
import { communicationCalls } from './communication.ts';
import { customerCalls } from './customer.ts';
import type { AnyCall } from './define.ts';
import { loanCalls } from './loan.ts';
import { logsCalls } from './logs.ts';
import { sessionCalls } from './member.ts';
import { membershipCalls } from './membership.ts';
import { miscCalls } from './misc.ts';
import { phoneCheckCalls } from './phone-check.ts';
import { pushCalls } from './push.ts';
import { quoteCalls } from './quotes.ts';

/** Every call by its spec name. */
export const contract = {
  ...sessionCalls,
  ...membershipCalls,
  ...phoneCheckCalls,
  ...customerCalls,
  ...affiliateCalls,
  ...quoteCalls,
  ...loanCalls,
  ...cardCalls,
  ...bankCalls,
  ...communicationCalls,
  ...miscCalls,
  ...pushCalls,
  ...logsCalls,
  ...analyticsCalls,
} as const;

export type Contract = typeof contract;
export type CallName = keyof Contract;

/** Every call, for route registration. */
export const contractCalls: readonly AnyCall[] = Object.values(contract);
