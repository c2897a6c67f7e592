/**
 * The API contract, written once (architecture §3): every customer-facing call of the spec as a `defineCall`
 * entry. The server registers its routes from `contractCalls`; the client builds its typed calls from the entries.
 *
 * Each entry has exactly one home: the file named after the server module that serves it (`payment.ts` for the calls
 * `src/server/modules/payment` registers, `transfer.ts` for `modules/transfer`, …; a staff call of a module that
 * serves customers too in `<module>-staff.ts`, so the customer's bundle carries no staff entry;
 * tests/server/contract-files.test.ts keeps it so). Schemas that the calls of several modules share live in `common.ts` or in a schema file
 * (`customer-schemas.ts`, `loan-schemas.ts`). Nothing re-exports an entry: import it from its home. This file only
 * gathers them by name.
 */
import { agreementCalls } from './agreement.ts';
import { analyticsCalls } from './analytics.ts';
import { approvalsCalls } from './approvals.ts';
import { auditCalls } from './audit.ts';
import { bankCalls } from './bank.ts';
import { bankStaffCalls } from './bank-staff.ts';
import { miscStaffCalls } from './misc-staff.ts';
import { callsCalls } from './calls.ts';
import { callsStaffCalls } from './calls-staff.ts';
import { cardCalls } from './card.ts';
import { cardStaffCalls } from './card-staff.ts';
import { communicationCalls } from './communication.ts';
import { communicationStaffCalls } from './communication-staff.ts';
import { complaintCalls } from './complaint.ts';
import { customerCalls } from './customer.ts';
import { customerStaffCalls } from './customer-staff.ts';
import type { AnyCall } from './define.ts';
import { documentCalls } from './document.ts';
import { documentStaffCalls } from './document-staff.ts';
import { impedimentCalls } from './impediment.ts';
import { impedimentStaffCalls } from './impediment-staff.ts';
import { linksCalls } from './links.ts';
import { linksStaffCalls } from './links-staff.ts';
import { loanCalls } from './loan.ts';
import { loanStaffCalls } from './loan-staff.ts';
import { logsCalls } from './logs.ts';
import { membershipCalls } from './membership.ts';
import { membershipStaffCalls } from './membership-staff.ts';
import { miscCalls } from './misc.ts';
import { paymentCalls } from './payment.ts';
import { paymentStaffCalls } from './payment-staff.ts';
import { payoutCalls } from './payout.ts';
import { pushCalls } from './push.ts';
import { registrationCalls } from './registration.ts';
import { staffCalls } from './staff.ts';
import { todoCalls } from './todo.ts';
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
  ...impedimentCalls,
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
  ...auditCalls,
  ...membershipStaffCalls,
  ...customerStaffCalls,
  ...cardStaffCalls,
  ...bankStaffCalls,
  ...loanStaffCalls,
  ...miscStaffCalls,
  ...paymentStaffCalls,
  ...documentStaffCalls,
  ...communicationStaffCalls,
  ...linksStaffCalls,
  ...approvalsCalls,
  ...payoutCalls,
  ...impedimentStaffCalls,
  ...complaintCalls,
  ...callsStaffCalls,
  ...todoCalls,
} as const;

export type Contract = typeof contract;
export type CallName = keyof Contract;

/** Every call, for route registration. */
export const contractCalls: readonly AnyCall[] = Object.values(contract);
