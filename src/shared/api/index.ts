/**
 * The API contract, written once (architecture §3): every customer-facing call of the spec as a `defineCall`
 * entry. The server registers its routes from `contractCalls`; the client builds its typed calls from the entries.
 *
 * Each entry has exactly one home: the file named after the server module that serves it (`payment.ts` for the calls
 * `src/server/modules/payment` registers, `transfer.ts` for `modules/transfer`, …; tests/server/contract-files.test.ts
 * keeps it so). Schemas that the calls of several modules share live in `common.ts` or in a schema file
 * (`customer-schemas.ts`, `loan-schemas.ts`). Nothing re-exports an entry: import it from its home. This file only
 * gathers them by name.
 */
import { agreementCalls } from './agreement.ts';
import { analyticsCalls } from './analytics.ts';
import { bankCalls } from './bank.ts';
import { callsCalls } from './calls.ts';
import { cardCalls } from './card.ts';
import { communicationCalls } from './communication.ts';
import { customerCalls } from './customer.ts';
import type { AnyCall } from './define.ts';
import { documentCalls } from './document.ts';
import { linksCalls } from './links.ts';
import { loanCalls } from './loan.ts';
import { logsCalls } from './logs.ts';
import { membershipCalls } from './membership.ts';
import { miscCalls } from './misc.ts';
import { paymentCalls } from './payment.ts';
import { pushCalls } from './push.ts';
import { registrationCalls } from './registration.ts';
import { staffCalls } from './staff.ts';
import { restructureCalls } from './restructure.ts';
import { reviewsCalls } from './reviews.ts';
import { rolloverCalls } from './rollover.ts';
import { trackingCalls } from './tracking.ts';
import { transferCalls } from './transfer.ts';
import { withdrawalCalls } from './withdrawal.ts';

/** Every call by its spec name, by module. */
export const contract = {
  ...membershipCalls,
  ...registrationCalls,
  ...customerCalls,
  ...linksCalls,
  ...trackingCalls,
  ...loanCalls,
  ...agreementCalls,
  ...documentCalls,
  ...cardCalls,
  ...bankCalls,
  ...paymentCalls,
  ...transferCalls,
  ...rolloverCalls,
  ...restructureCalls,
  ...withdrawalCalls,
  ...communicationCalls,
  ...reviewsCalls,
  ...callsCalls,
  ...miscCalls,
  ...pushCalls,
  ...logsCalls,
  ...analyticsCalls,
  ...staffCalls,
} as const;

export type Contract = typeof contract;
export type CallName = keyof Contract;

/** Every call, for route registration. */
export const contractCalls: readonly AnyCall[] = Object.values(contract);
