import type { Executor } from '../../db/connect.ts';
import { customerStatusOf, moveCustomerStatus } from '../customer/index.ts';
import { hasAcceptedIdentitySides, hasIssuedLoan, hasValidCard, identityDocumentCount } from './repository.ts';

/**
 * The one rule that makes a customer `securityChecked` (docs/backoffice.md §5 «Documents → securityChecked», and
 * docs/rules/bank-and-cards.md): a `systemApproved` customer with an issued loan, a validated card and their identity
 * documents. Two callers, one rule:
 *
 * - the payout job, when it issues the customer's first loan: identity `uploaded` (two identity documents not
 *   rejected by staff);
 * - DocumentReviewPost, when staff accept a side: identity `accepted` (an accepted front and an accepted back).
 *
 * So the status is the rule's or a staff decision, whichever comes first. Nothing here ever moves a customer back.
 */

export interface SecurityCheckMove {
  customerId: number;
  /** What the identity documents must be: `uploaded` (and not rejected) or `accepted` (front and back). */
  identity: 'uploaded' | 'accepted';
  /** `payout`, `staff:<id>`. */
  changedBy: string;
  reason: string;
  at: Date;
}

/** Moves the customer to `securityChecked`, with its history row, in `tx` when the rule holds; whether it moved. */
export async function moveToSecurityCheckedWhenDue(tx: Executor, move: SecurityCheckMove): Promise<boolean> {
  const { customerId } = move;
  if ((await customerStatusOf(tx, customerId)) !== 'systemApproved') return false;
  const identityReady =
    move.identity === 'accepted'
      ? await hasAcceptedIdentitySides(tx, customerId)
      : (await identityDocumentCount(tx, customerId)) >= 2;
  if (!identityReady || !(await hasIssuedLoan(tx, customerId)) || !(await hasValidCard(tx, customerId))) return false;
  return moveCustomerStatus(tx, {
    id: customerId,
    from: 'systemApproved',
    to: 'securityChecked',
    changedBy: move.changedBy,
    reason: move.reason,
    at: move.at,
  });
}
