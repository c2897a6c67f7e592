/** Loan, instalment and loan-request statuses (second document §4), and the loan display rules built on them. */

export const loanStatuses = [
  'notSet',
  'requested',
  'transferRequested',
  'transferPending',
  'queued',
  'issued',
  'repaid',
  'restructured',
  'cancelled',
  'agreementAssigned',
  'rollovered',
  'arranged',
] as const;
export type LoanStatus = (typeof loanStatuses)[number];

/** The synthetic status shown when an issued or arranged loan has an overdue instalment. */
export const OVERDUE_DISPLAY_STATUS = 'hasOverduePayments';
export type LoanDisplayStatus = LoanStatus | typeof OVERDUE_DISPLAY_STATUS;

/**
 * Where the spec's label is misspelt, the customer reads the correct word (ARCHITECTURE §7) and the spec's stays here
 * as the key, so grepping the spec finds it.
 */
export const specLabelCorrections = { Prorogado: 'Prorrogado' } as const;

/** Labels of the second document §4 table (corrected by `specLabelCorrections`); `notSet` has none. */
export const loanStatusLabels = {
  requested: 'En espera',
  transferRequested: 'En espera',
  transferPending: 'En espera',
  queued: 'En espera',
  issued: 'Activo',
  repaid: 'Pagado',
  restructured: 'Estructurado',
  cancelled: 'Cancelado',
  agreementAssigned: 'En proceso',
  rollovered: specLabelCorrections.Prorogado,
  arranged: 'Pendiente',
  hasOverduePayments: 'No pagado',
} as const satisfies Record<Exclude<LoanDisplayStatus, 'notSet'>, string>;

export function loanStatusLabel(status: LoanDisplayStatus): string | undefined {
  return status === 'notSet' ? undefined : loanStatusLabels[status];
}

/**
 * Statuses a loan reaches only after its payout: a customer with one is no longer a first-time borrower (loans
 * issued before `issued_at` existed have only these to tell).
 */
export const paidOutLoanStatuses = [
  'issued',
  'arranged',
  'repaid',
  'restructured',
  'rollovered',
] as const satisfies readonly LoanStatus[];

/** Loans that are running: the customer owes money on them. */
export const activeLoanStatuses = ['issued', 'arranged'] as const satisfies readonly LoanStatus[];
export const isActiveLoanStatus = (status: LoanStatus): boolean =>
  (activeLoanStatuses as readonly LoanStatus[]).includes(status);

/**
 * Open loans: they hold part of the customer's limit and block a new request. In application (requested,
 * agreementAssigned), on their way to the customer (transferRequested, transferPending, queued) or running
 * (issued, arranged).
 */
export const openLoanStatuses = [
  'requested',
  'agreementAssigned',
  'transferRequested',
  'transferPending',
  'queued',
  'issued',
  'arranged',
] as const satisfies readonly LoanStatus[];

/**
 * A loan's status as staff read it (the back office, and the staff codes' messages); the codes stay in the API and the
 * audit records.
 */
export const STAFF_LOAN_STATUS_NAMES: Readonly<Record<LoanStatus, string>> = {
  notSet: 'Sin estado',
  requested: 'Solicitado',
  transferRequested: 'Transferencia pedida',
  transferPending: 'Transferencia en curso',
  queued: 'En cola de pago',
  issued: 'Activo',
  repaid: 'Devuelto',
  restructured: 'Reestructurado',
  cancelled: 'Cancelado',
  agreementAssigned: 'Contrato firmado',
  rollovered: 'Prorrogado',
  arranged: 'Con acuerdo de pago',
};

/**
 * The moves staff make by hand (`updateloanstatus`, `setLoanIssued`, `setLoanCancelled`; docs/rules/loan-request.md
 * "Staff moves before the payout"):
 * only on a loan's way to the customer, before its payout. A signed loan is taken out of the payout job's hands into
 * the bank transfer's statuses (`transferRequested`, `transferPending`, `queued`) and issued when the money left;
 * any loan not paid out yet may be cancelled. A paid-out loan changes only by what the customer or the lender does
 * with the money (payments, rollover, restructure, arrangement, withdrawal), never by a status typed in.
 */
export const STAFF_LOAN_MOVES: { readonly [S in LoanStatus]?: readonly LoanStatus[] } = {
  requested: ['cancelled'],
  agreementAssigned: ['transferRequested', 'issued', 'cancelled'],
  transferRequested: ['transferPending', 'queued', 'issued', 'cancelled'],
  transferPending: ['transferRequested', 'queued', 'issued', 'cancelled'],
  queued: ['transferPending', 'issued', 'cancelled'],
};

/** The loans waiting for their payout: not paid out, not cancelled (the statuses staff move by hand). */
export const awaitingPayoutLoanStatuses = [
  'requested',
  'agreementAssigned',
  'transferRequested',
  'transferPending',
  'queued',
] as const satisfies readonly (keyof typeof STAFF_LOAN_MOVES)[];

/** Whether staff may move a loan from `from` to `to` by hand. */
export const isStaffLoanMove = (from: LoanStatus, to: LoanStatus): boolean =>
  STAFF_LOAN_MOVES[from]?.includes(to) ?? false;

export const installmentStatuses = ['paid', 'restructured', 'rollovered', 'arranged', 'notPaid'] as const;
export type InstallmentStatus = (typeof installmentStatuses)[number];

/** The part of a loan the overdue rule reads. Dates are `YYYY-MM-DD` in Europe/Madrid. */
export interface LoanOverdueView {
  readonly status: LoanStatus;
  readonly installments: readonly { readonly status: InstallmentStatus; readonly expectedDate: string }[];
}

/** The first unpaid instalment: the `notPaid` one with the earliest expected date. */
export function firstUnpaidInstallment<I extends LoanOverdueView['installments'][number]>(
  installments: readonly I[],
): I | undefined {
  let first: I | undefined;
  for (const installment of installments) {
    if (installment.status !== 'notPaid') continue;
    if (first === undefined || installment.expectedDate < first.expectedDate) first = installment;
  }
  return first;
}

/**
 * hasOverduePayments: the loan is issued or arranged and its first unpaid instalment's expected date is before
 * `today` (`YYYY-MM-DD`, Europe/Madrid). An instalment due today is not overdue yet.
 */
export function hasOverduePayments(loan: LoanOverdueView, today: string): boolean {
  if (!isActiveLoanStatus(loan.status)) return false;
  const first = firstUnpaidInstallment(loan.installments);
  return first !== undefined && first.expectedDate < today;
}

/** The status to show for a loan: the synthetic `hasOverduePayments` when it applies, else the loan's own. */
export function loanDisplayStatus(loan: LoanOverdueView, today: string): LoanDisplayStatus {
  return hasOverduePayments(loan, today) ? OVERDUE_DISPLAY_STATUS : loan.status;
}

/** Loan request results and sub-reasons (second document §4). */
export const loanRequestResults = ['success', 'successWithLimitUpdate', 'cardEntryRequired', 'failed'] as const;
export type LoanRequestResult = (typeof loanRequestResults)[number];
/** Sub-reasons of a loan request that lead to the declined page. */
export const loanRequestDeclineSubReasons = ['hasRestructuredLoan', 'noValidAccount'] as const;
