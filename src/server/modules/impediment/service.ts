import { isActiveLoanStatus } from '../../../shared/loan-statuses.ts';
import type { ImpedimentReason } from '../../../shared/payment-statuses.ts';
import type { AuthenticatedCustomer } from '../../auth/sessions.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/connect.ts';
import { withResourceLock } from '../../db/locks.ts';
import { BusinessError, HttpError } from '../../http/errors.ts';
import { customerLoanLock } from '../loan/index.ts';
import { findCustomerLoan, notFound } from '../payment/index.ts';
import { findPendingImpediment, insertImpediment } from './repository.ts';

/**
 * The customer's impediments (docs/rules/payments.md "Impediments"): ImpedimentCreatePost and ImpedimentAllowedGet.
 * One impediment at a time per loan, decided under the customer's loan lock.
 */

export interface ImpedimentDeps {
  db: Database;
  clock: Clock;
}

/** ImpedimentCreatePost: reason `other` without a comment. */
export const COMMENT_REQUIRED = 'Cuéntanos el motivo en el comentario.';

/**
 * ImpedimentCreatePost ('¿Problemas con un reembolso?'): the caller's issued or arranged loan (another customer's or
 * a missing one 404, another status 422 LoanNotFound); `other` needs a comment (400); a loan with an impediment
 * staff have not closed 422 ImpedimentAlreadyOpen.
 */
export async function createImpediment(
  deps: ImpedimentDeps,
  caller: AuthenticatedCustomer,
  body: { loanId: number; reason: ImpedimentReason; comment?: string | undefined },
) {
  const comment = body.comment?.trim() ?? '';
  if (body.reason === 'other' && comment === '') throw new HttpError('ValidationError', COMMENT_REQUIRED);
  return withResourceLock(deps.db, customerLoanLock(caller.id), async (tx) => {
    const loan = await findCustomerLoan(tx, caller.id, body.loanId);
    if (!loan) throw notFound('LoanNotFound');
    if (!isActiveLoanStatus(loan.status)) throw new BusinessError('LoanNotFound');
    if (await findPendingImpediment(tx, loan.id)) throw new BusinessError('ImpedimentAlreadyOpen');
    const row = await insertImpediment(tx, {
      customerId: caller.id,
      loanId: loan.id,
      reason: body.reason,
      comment: comment === '' ? null : comment,
      createdAt: deps.clock.now(),
    });
    return { id: row.id, createdDate: row.createdAt.toISOString() };
  });
}

/** ImpedimentAllowedGet (`customerCanCreateImpediment`). */
export async function impedimentAllowed(
  deps: ImpedimentDeps,
  caller: AuthenticatedCustomer,
  loanId: number,
): Promise<{ canCreate: boolean; reason: 'notRunning' | 'alreadyOpen' | null }> {
  const loan = await findCustomerLoan(deps.db, caller.id, loanId);
  if (!loan) throw notFound('LoanNotFound');
  if (!isActiveLoanStatus(loan.status)) return { canCreate: false, reason: 'notRunning' };
  if (await findPendingImpediment(deps.db, loan.id)) return { canCreate: false, reason: 'alreadyOpen' };
  return { canCreate: true, reason: null };
}
