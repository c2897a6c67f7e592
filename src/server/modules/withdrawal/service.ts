import type { FastifyBaseLogger } from 'fastify';
import type { WithdrawalQuote } from '../../../shared/api/withdrawal.ts';
import type { IsoDate } from '../../../shared/calendar.ts';
import { todayInMadrid } from '../../../shared/madrid-today.ts';
import { toCents } from '../../../shared/money.ts';
import {
  canWithdraw,
  withdrawalDeadline,
  withdrawalFigures,
  withdrawalRepayBy,
} from '../../../shared/loan/withdrawal.ts';
import type { AuthenticatedCustomer } from '../../auth/sessions.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/connect.ts';
import { BusinessError } from '../../http/errors.ts';
import type { KeepAnswer } from '../../http/idempotency.ts';
import { insertWithdrawal, type WithdrawalRow } from '../loan/index.ts';
import { closureInstallment, lockCustomerLoans, notFound } from '../payment/index.ts';
import { findCustomerLoan, findWithdrawal, loanInstallments } from './repository.ts';

/**
 * The 14-day withdrawal ('Desistir del contrato'; docs/rules/payments.md "Withdrawal"; the rule in
 * src/shared/loan/withdrawal.ts). DesistContractGet answers the quote of today (Europe/Madrid); DesistContractPost
 * records the notice under the customer's loan lock (idempotent by Idempotency-Key in registerCall; one notice per
 * loan: a second one answers the first). The money is returned by a `closeLoan` payment (card or transfer); the settle
 * core marks the notice `repaid` when that payment repays the loan. Another customer's loan or a missing one → 404
 * LoanNotFound.
 */

export interface WithdrawalDeps {
  db: Database;
  clock: Clock;
}

async function quoteOf(
  db: Executor,
  customerId: number,
  loanId: number,
  today: IsoDate,
): Promise<{ quote: Omit<WithdrawalQuote, 'withdrawal'>; notice: WithdrawalRow | undefined }> {
  const loan = await findCustomerLoan(db, customerId, loanId);
  if (!loan) throw notFound('LoanNotFound');
  const rows = await loanInstallments(db, loan.id);
  const figures = withdrawalFigures(
    {
      status: loan.status,
      issueDate: loan.issueDate,
      installments: rows.map(closureInstallment),
    },
    today,
  );
  const notice = await findWithdrawal(db, loan.id);
  return {
    quote: {
      loanId: loan.id,
      eligible: canWithdraw(loan, today),
      issueDate: loan.issueDate,
      deadline: withdrawalDeadline(loan.issueDate),
      ...figures,
    },
    notice,
  };
}

const noticeOf = (row: WithdrawalRow): NonNullable<WithdrawalQuote['withdrawal']> => ({
  requestedAt: row.createdAt.toISOString(),
  amount: toCents(row.amountCents),
  repayBy: row.repayBy,
  status: row.status === 'repaid' ? 'repaid' : 'requested',
});

/** DesistContractGet: the quote of today and the notice, if one was given. */
export async function withdrawalQuote(
  deps: WithdrawalDeps,
  caller: AuthenticatedCustomer,
  loanId: number,
): Promise<WithdrawalQuote> {
  const { quote, notice } = await quoteOf(deps.db, caller.id, loanId, todayInMadrid(deps.clock.now()));
  return { ...quote, withdrawal: notice ? noticeOf(notice) : null };
}

/**
 * DesistContractPost: under the customer's loan lock, the loan must be the caller's (404), a notice already given
 * is answered as it is (whatever the day), otherwise the withdrawal must be open today (422 WithdrawalNotAllowed:
 * after day 14, a repaid or cancelled loan, a loan not paid out); the notice keeps today's figures and repayBy.
 */
export async function giveWithdrawalNotice(
  deps: WithdrawalDeps,
  caller: AuthenticatedCustomer,
  loanId: number,
  keep: KeepAnswer<WithdrawalQuote>,
  log: FastifyBaseLogger,
): Promise<WithdrawalQuote> {
  const now = deps.clock.now();
  const today = todayInMadrid(now);
  return deps.db.transaction(async (tx) => {
    await lockCustomerLoans(tx, caller.id);
    const { quote, notice } = await quoteOf(tx, caller.id, loanId, today);
    if (notice) return keep(tx, { ...quote, withdrawal: noticeOf(notice) });
    if (!quote.eligible) throw new BusinessError('WithdrawalNotAllowed');
    const created = await insertWithdrawal(tx, {
      loanId: quote.loanId,
      customerId: caller.id,
      principalCents: quote.principal,
      interestCents: quote.interest,
      amountCents: quote.amount,
      dailyInterestCents: quote.dailyInterest,
      repayBy: withdrawalRepayBy(today),
      status: 'requested',
      createdAt: now,
      updatedAt: now,
    });
    log.info(
      { event: 'withdrawalRequested', customerId: caller.id, loanId: quote.loanId, amountCents: quote.amount },
      'withdrawal notice recorded',
    );
    // The answer commits with the notice: a retry after a crash reads the quote it was given.
    return keep(tx, { ...quote, withdrawal: noticeOf(created) });
  });
}
