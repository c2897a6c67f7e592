import { BusinessError, HttpError } from '../../http/errors.ts';
import type { KeepAnswer } from '../../http/idempotency.ts';
import { withResourceLock } from '../../db/locks.ts';
import { recordStatusChange } from '../../db/status-history.ts';
import { emailRefusal } from '../customer/index.ts';
import { assignAgreement as markAssigned, customerLoanLock } from '../loan/index.ts';
import { findAcceptingCustomer, findLoanStatus } from './repository.ts';
import { loanNotFound, type AgreementDeps } from './service.ts';

/**
 * AssignAgreementPost `{ loanId, acceptAgreement }`: the customer accepts the contract of their requested loan.
 * The contract entry is idempotent (the same Idempotency-Key answers the first answer); a second press with
 * another key is serialised by the customer's loan lock (`loan-request:customer:<id>`, the loan request's) and
 * finds the loan already accepted. Checks, in this order (second document §8 "Agreement assignment"):
 *
 * 1. `acceptAgreement` false → AgreementNotAccepted;
 * 2. the loan: missing or another customer's → 404 LoanNotFound (the same answer for both: nothing about another
 *    customer's loan leaks); the customer's own loan in a status other than `requested` → 422 LoanNotFound (the
 *    client shows 'Préstamo no encontrado.' for either). A loan already `agreementAssigned` answers `true` again
 *    and changes nothing (a double press);
 * 3. the customer's e-mail must be deliverable, because the contract and the loan's notices go to it: not an
 *    address, or a disposable/undeliverable domain (`emailProblem`, src/shared/validators/email-deliverable.ts)
 *    → InvalidEmailWithUpdateRequest; an address another customer also holds → EmailNotAvailable (both open the
 *    e-mail update modal, AddNewEmailPost, then the client retries);
 * 4. the customer blacklisted (`is_blacklist`, set after the request by a fraud review) →
 *    CustomerBlackListedWithSuspiciousLoan: the loan stays `requested` until the card is verified (card proof
 *    upload) and the flag is lifted;
 *
 * then, in one transaction under the lock: requested → agreementAssigned, `agreement_accepted_at` = now,
 * `payout_due_at` = now + PAYOUT_DELAY_MS, a `loan_status_history` row (changedBy customer, reason
 * agreementAccepted). After the commit `onAgreementAssigned(loanId)` tells the payout job.
 */
export async function acceptAgreement(
  deps: AgreementDeps,
  customerId: number,
  body: { loanId: number; acceptAgreement: boolean },
  keep: KeepAnswer<boolean>,
  log?: { error(obj: unknown, msg: string): void },
): Promise<true> {
  if (!body.acceptAgreement) throw new BusinessError('AgreementNotAccepted');
  const assigned = await withResourceLock(deps.db, customerLoanLock(customerId), async (tx) => {
    const customer = await findAcceptingCustomer(tx, customerId);
    if (!customer) throw new HttpError('Unauthorized');
    const status = await findLoanStatus(tx, customerId, body.loanId);
    if (status === null) throw loanNotFound();
    if (status === 'agreementAssigned') return false;
    if (status !== 'requested') throw new BusinessError('LoanNotFound');

    const refusal = await emailRefusal(tx, customerId, customer.email);
    if (refusal) {
      throw refusal.codeName === 'InvalidEmail' ? new BusinessError('InvalidEmailWithUpdateRequest') : refusal;
    }
    if (customer.isBlacklist) throw new BusinessError('CustomerBlackListedWithSuspiciousLoan');

    const now = deps.clock.now();
    const payoutDueAt = new Date(now.getTime() + deps.payoutDelayMs);
    if (!(await markAssigned(tx, { loanId: body.loanId, acceptedAt: now, payoutDueAt })))
      throw new BusinessError('LoanNotFound');
    await recordStatusChange(tx, 'loan', {
      id: body.loanId,
      from: 'requested',
      to: 'agreementAssigned',
      changedBy: 'customer',
      reason: 'agreementAccepted',
      at: now,
    });
    // The answer commits with the acceptance: a retry after a crash gets it even once the payout moved the loan on.
    await keep(tx, true);
    return true;
  });
  if (assigned && deps.onAgreementAssigned) {
    try {
      deps.onAgreementAssigned(body.loanId);
    } catch (error) {
      log?.error({ err: error, loanId: body.loanId }, 'agreement: the payout nudge failed');
    }
  }
  return true;
}
