/**
 * The payment module: the settle core every way of paying goes through (settle.ts: createPendingPayment,
 * settlePayment, failPayment under the customer's loan lock), the Loan view with payments and earlyClosureAmount
 * (CustomerAllLoansGet, CustomerLoansByStatusGet), PayLoanPost by card with 3-D Secure, PaymentStatusGet,
 * the rollover fee (rollover-fee.ts, applied by the settle core), the collection statuses and
 * the bank-transfer reconciliation sandbox action. SQL in repository/ (payments, card charges, loans and instalments,
 * the Loan view's rows, customers, collection, rollovers). Other modules import only this file.
 */
export {
  allocatePayment,
  closureInstallment,
  createPendingPayment,
  failPayment,
  loanPayableView,
  lockCustomerLoans,
  settlePayment,
  PENDING_CARD_PAYMENT_TTL_MS,
  LIMIT_GROWTH_CAP_CENTS,
  LIMIT_GROWTH_MAX_DAYS_LATE,
  LIMIT_GROWTH_STEP_CENTS,
  type NewPendingPayment,
  type PaymentChange,
  type SettleResult,
} from './settle.ts';
export { collectionStatusFor, syncCollectionStatus } from './collection.ts';
export { paymentRoutes, PAYMENT_CUSTOMER_RATE_LIMIT } from './routes.ts';
export { registerPaymentHooks } from './plugin.ts';
export { customerLoans, customerLoan } from './loan-view.ts';
export {
  chargeCardPayment,
  notFound,
  resumeCardPayment,
  usableCustomerCard,
  type CardToCharge,
  type PaymentDeps,
} from './service.ts';
export { findRolloverOfPayment, insertRollover, type RolloverRow } from './repository/rollovers.ts';
export { findCustomerLoan, loanInstallments, type InstallmentRow, type LoanRow } from './repository/loans.ts';
export { findCustomerPaymentByKey } from './repository/payments.ts';
export { reconcileBankTransfer, type ReconcileInput, type ReconcileResult } from './reconcile.ts';
export { feedStatementLine } from './manual.ts';
export { applyPaymentChange, paymentForProposal, type PaymentChangeKind, type ProposedPayment } from './reverse.ts';
