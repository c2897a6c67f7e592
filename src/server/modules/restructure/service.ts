import type { FastifyBaseLogger } from 'fastify';
import type { AgreementPdf } from '../../../shared/api/common.ts';
import type { Loan } from '../../../shared/api/loan-schemas.ts';
import type { RestructurePlan } from '../../../shared/api/restructure.ts';
import { todayInMadrid } from '../../../shared/dates.ts';
import { canFlexiblePayment } from '../../../shared/loan/loan-actions.ts';
import type { LenderIdentity } from '../../../shared/lender.ts';
import { DEFAULT_LOAN_DEFINITION } from '../../../shared/loan/loan-definition.ts';
import { restructureDebtParts, restructurePlan, type RestructurePlanResult } from '../../../shared/loan/restructure.ts';
import { roundHalfAwayFromZero, toCents } from '../../../shared/money.ts';
import { hasLoanStatus } from '../../../shared/statuses.ts';
import { type InstallmentStatus } from '../../../shared/loan-statuses.ts';
import type { AuthenticatedCustomer } from '../../auth/sessions.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/connect.ts';
import { recordStatusChange, recordStatusChanges } from '../../db/status-history.ts';
import { BusinessError } from '../../http/errors.ts';
import type { KeepAnswer } from '../../http/idempotency.ts';
import {
  renderDocumentPdf,
  restructurePdfFileName,
  restructurePrecontract,
  type LegalDocument,
} from '../agreement/index.ts';
import { insertInstallmentRows, markInstallmentsRestructured, markLoanRestructured } from '../loan/index.ts';
import { daysOffAround } from '../misc/index.ts';
import {
  closureInstallment,
  customerLoan,
  customerLoans,
  findCustomerLoan,
  loanInstallments,
  lockCustomerLoans,
  notFound,
  syncCollectionStatus,
  type InstallmentRow,
  type LoanRow,
} from '../payment/index.ts';
import { customerStatusOf } from '../customer/index.ts';
import { cancelInstallmentReminders } from '../push/index.ts';
import { insertRestructure, lastRestructureAt, latestRestructureDocument } from './repository.ts';

/** What the restructure service needs. */
export interface RestructureDeps {
  db: Database;
  clock: Clock;
  /** Who lends (config `LENDER_FILE`): named in the plan's pre-contract information. */
  lender: LenderIdentity;
}

const PAYABLE: ReadonlySet<InstallmentStatus> = new Set(['notPaid', 'arranged']);

interface Prepared {
  loan: LoanRow;
  rows: InstallmentRow[];
  plan: RestructurePlanResult;
  today: string;
  /** The plan's pre-contract information, rendered from this very plan (agreement module). */
  precontract: ReturnType<typeof restructurePrecontract>;
}

/**
 * Eligibility (docs/rules/payments.md "Restructure"; agreement 1 of the issue): the loan must be the caller's (404
 * LoanNotFound otherwise, never data); the customer's status securityChecked or a collection, legal or fraud status
 * (never systemApproved: second document §6); `canFlexiblePayment` on the Loan view of today (Madrid) with all the
 * customer's loans; not already restructured today (a second restructure the same day would change nothing, and
 * two presses with different keys must make one restructure); something owed. Otherwise 422 RestructureNotAllowed.
 */
async function prepare(
  db: Executor,
  { clock, lender }: Pick<RestructureDeps, 'clock' | 'lender'>,
  customerId: number,
  loanId: number,
): Promise<Prepared> {
  const loan = await findCustomerLoan(db, customerId, loanId);
  if (!loan) throw notFound('LoanNotFound');
  const status = await customerStatusOf(db, customerId);
  if (!status || !hasLoanStatus(status)) throw new BusinessError('RestructureNotAllowed');
  const now = clock.now();
  const today = todayInMadrid(now);
  const all = await customerLoans({ db, clock }, customerId, null);
  const view = all.find((candidate) => candidate.id === loan.id);
  if (!view || !canFlexiblePayment(view, all)) throw new BusinessError('RestructureNotAllowed');
  const last = await lastRestructureAt(db, loan.id);
  if (last && todayInMadrid(last) === today) throw new BusinessError('RestructureNotAllowed');
  const rows = await loanInstallments(db, loan.id);
  const input = {
    issueDate: loan.issueDate,
    installments: rows.map((row) => ({ number: row.number, ...closureInstallment(row) })),
  };
  const plan = restructurePlan(input, today, await daysOffAround(db, today));
  if (!plan) throw new BusinessError('RestructureNotAllowed');
  const owedByNumber = new Map(restructureDebtParts(input, today).map((part) => [part.number, part.owed]));
  const replaced = rows
    .filter((row) => plan.replacedNumbers.includes(row.number))
    .map((row) => ({
      number: row.number,
      expectedDate: row.expectedDate,
      owed: owedByNumber.get(row.number) ?? toCents(0),
    }));
  const precontract = restructurePrecontract({
    lender,
    loanId: loan.id,
    date: today,
    definition: DEFAULT_LOAN_DEFINITION,
    replaced,
    debt: plan.debt,
    principal: plan.principal,
    carriedInterest: plan.carriedInterest,
    totalCost: plan.totalCost,
    totalPayment: plan.totalPayment,
    tae: plan.tae,
    installments: plan.installments,
  });
  return { loan, rows, plan, today, precontract };
}

/** RestructurePlanGet: the plan a restructure would create today (nothing changes). */
export async function restructurePlanFor(
  deps: RestructureDeps,
  caller: AuthenticatedCustomer,
  loanId: number,
): Promise<RestructurePlan> {
  const { loan, plan, precontract } = await prepare(deps.db, deps, caller.id, loanId);
  return {
    loanId: loan.id,
    debt: plan.debt,
    principal: plan.principal,
    totalCost: plan.totalCost,
    totalPayment: plan.totalPayment,
    tae: plan.tae,
    installments: plan.installments.map((item) => ({
      number: item.number,
      expectedDate: item.expectedDate,
      base: item.base,
      interest: item.interest,
      totalPayment: item.totalPayment,
    })),
    preContractInformation: {
      title: precontract.document.title,
      agreement: precontract.html,
      digest: precontract.digest,
    },
  };
}

/**
 * RestructureLoanPost (idempotent by Idempotency-Key in registerCall). In one transaction under the customer's loan
 * lock: the eligibility above, then the payable instalments → `restructured` (history rows), the new plan's
 * instalments appended (numbers continue; history null → notPaid), the loan `is_restructured` and, when arranged,
 * issued (history), the loan_restructures row with the figures, the old instalments' unsent reminders cancelled
 * and the customer's collection status brought in line. Answers the loan as the dashboard reads it.
 */
export async function restructureLoan(
  deps: RestructureDeps,
  caller: AuthenticatedCustomer,
  request: { loanId: number; preContractDigest: string },
  keep: KeepAnswer<{ loan: Loan }>,
  log: FastifyBaseLogger,
): Promise<{ loan: Loan }> {
  return deps.db.transaction(async (tx) => {
    await lockCustomerLoans(tx, caller.id);
    const { loan, rows, plan, today, precontract } = await prepare(tx, deps, caller.id, request.loanId);
    // Only the plan the customer read and accepted: another (the day changed, a payment arrived) changes nothing.
    if (precontract.digest !== request.preContractDigest) throw new BusinessError('RestructurePlanChanged');
    const at = deps.clock.now();
    const change = { changedBy: 'customer', reason: 'restructure', at };

    const replaced = rows.filter((row) => PAYABLE.has(row.status));
    await markInstallmentsRestructured(
      tx,
      replaced.map((row) => row.id),
    );
    await recordStatusChanges(
      tx,
      'installment',
      replaced.map((row) => ({ id: row.id, from: row.status, to: 'restructured' as const, ...change })),
    );

    const created = await insertInstallmentRows(
      tx,
      plan.installments.map((item) => ({
        loanId: loan.id,
        number: item.number,
        expectedDate: item.expectedDate,
        baseCents: item.base,
        interestCents: item.interest,
        totalCents: item.totalPayment,
        paidCents: 0,
        status: 'notPaid' as const,
      })),
    );
    await recordStatusChanges(
      tx,
      'installment',
      created.map((row) => ({ id: row.id, from: null, to: 'notPaid' as const, ...change })),
    );

    const status = loan.status === 'arranged' ? 'issued' : loan.status;
    await markLoanRestructured(tx, loan.id, status, at);
    if (status !== loan.status)
      await recordStatusChange(tx, 'loan', { id: loan.id, from: loan.status, to: status, ...change });

    const numbers = plan.installments.map((item) => item.number);
    await insertRestructure(tx, {
      loanId: loan.id,
      customerId: caller.id,
      debtCents: plan.debt,
      principalCents: plan.principal,
      interestCents: plan.totalCost,
      totalCents: plan.totalPayment,
      installmentCount: plan.installments.length,
      taeBasisPoints: roundHalfAwayFromZero(plan.tae * 100),
      firstInstallmentNumber: Math.min(...numbers),
      lastInstallmentNumber: Math.max(...numbers),
      document: precontract.document,
      documentDigest: precontract.digest,
      createdAt: at,
    });
    const cancelled = await cancelInstallmentReminders(
      tx,
      replaced.map((row) => row.id),
      at,
    );
    await syncCollectionStatus(tx, caller.id, { today, changedBy: 'customer', at });
    log.info(
      {
        customerId: caller.id,
        loanId: loan.id,
        replaced: replaced.length,
        created: created.length,
        remindersCancelled: cancelled,
      },
      'loan restructured',
    );

    const view = await customerLoan({ db: tx, clock: deps.clock }, caller.id, loan.id);
    if (!view) throw notFound('LoanNotFound');
    // The answer commits with the restructure: a retry after a crash gets it, not a refusal on the new plan.
    return keep(tx, { loan: view });
  });
}

/**
 * RestructureDocumentPdfGetByLoanId: the pre-contract information of the loan's latest restructure, as the customer
 * accepted it (the stored document, drawn again as PDF), like the agreement's PDF. The caller's loan only (404
 * LoanNotFound); a loan with no accepted document → 404 AgreementNotFound.
 */
export async function restructureDocumentPdf(
  deps: RestructureDeps,
  caller: AuthenticatedCustomer,
  loanId: number,
): Promise<AgreementPdf> {
  const loan = await findCustomerLoan(deps.db, caller.id, loanId);
  if (!loan) throw notFound('LoanNotFound');
  const accepted = await latestRestructureDocument(deps.db, loan.id);
  if (!accepted) throw notFound('AgreementNotFound');
  const bytes = await renderDocumentPdf(accepted.document as LegalDocument, {
    author: deps.lender.legalName,
    createdAt: accepted.createdAt,
  });
  return { filename: restructurePdfFileName(loan.id), base64String: bytes.toString('base64') };
}
