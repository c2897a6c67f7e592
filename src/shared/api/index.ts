/**
 * The API contract, written once (architecture §3): every customer-facing call of the spec as a `defineCall`
 * entry. The server registers its routes from `contractCalls`; the client builds its typed calls from the entries.
 */
import { bankCalls } from './bank.ts';
import { cardCalls } from './card.ts';
import { communicationCalls } from './communication.ts';
import { customerCalls } from './customer.ts';
import type { AnyCall } from './define.ts';
import { loanCalls } from './loan.ts';
import { logsCalls } from './logs.ts';
import { membershipCalls } from './membership.ts';
import { miscCalls } from './misc.ts';
import { pushCalls } from './push.ts';

export * from './define.ts';
export * from './errors.ts';
export * from './common.ts';
export * from './membership.ts';
export * from './customer.ts';
export * from './loan.ts';
export * from './card.ts';
export * from './bank.ts';
export * from './communication.ts';
export * from './misc.ts';
export * from './push.ts';
export * from './logs.ts';

/** Every call by its spec name. */
export const contract = {
  ...membershipCalls,
  ...customerCalls,
  ...loanCalls,
  ...cardCalls,
  ...bankCalls,
  ...communicationCalls,
  ...miscCalls,
  ...pushCalls,
  ...logsCalls,
} as const;

export type Contract = typeof contract;
export type CallName = keyof Contract;

/** Every call, for route registration. */
export const contractCalls: readonly AnyCall[] = Object.values(contract);
