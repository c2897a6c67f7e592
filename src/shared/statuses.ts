/**
 * Statuses and enumerations of both specification documents: `as const` lists, zod enums and TS types, plus the
 * pure rules built on them (status groups, loan display status and label).
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------------------
// Customer statuses (first document §4; second document §4 adds `closed` and `none`)
// ---------------------------------------------------------------------------------------------------------------

export const customerStatuses = [
  'new',
  'preRegistered',
  'registered',
  'systemApproved',
  'declined',
  'securityChecked',
  'internalCollection',
  'externalCollection',
  'processCollection',
  'legal',
  'fraud',
  'legalCollection',
  'closed',
  'none',
] as const;
export const customerStatusSchema = z.enum(customerStatuses);
export type CustomerStatus = z.infer<typeof customerStatusSchema>;

export const collectionStatuses = [
  'internalCollection',
  'externalCollection',
  'processCollection',
  'legalCollection',
] as const satisfies readonly CustomerStatus[];
export const legalStatuses = ['legal', 'legalCollection'] as const satisfies readonly CustomerStatus[];
export const fraudStatuses = ['fraud'] as const satisfies readonly CustomerStatus[];

/** "All collection, legal and fraud states": the most advanced group of the status order. */
export const collectionLegalFraudStatuses = [
  'internalCollection',
  'externalCollection',
  'processCollection',
  'legal',
  'fraud',
  'legalCollection',
] as const satisfies readonly CustomerStatus[];

/** Statuses with which a session is ended at once (second document §4 "Session effects"). */
export const loggedOutStatuses = ['closed', 'none'] as const satisfies readonly CustomerStatus[];

/**
 * The "later" order of the spec: new < preRegistered < registered < systemApproved = declined < securityChecked <
 * collection, legal and fraud states. `closed` and `none` have no place in it.
 */
const statusRanks: Readonly<Partial<Record<CustomerStatus, number>>> = {
  new: 0,
  preRegistered: 1,
  registered: 2,
  systemApproved: 3,
  declined: 3,
  securityChecked: 4,
  internalCollection: 5,
  externalCollection: 5,
  processCollection: 5,
  legal: 5,
  fraud: 5,
  legalCollection: 5,
};

export function statusRank(status: CustomerStatus): number | undefined {
  return statusRanks[status];
}

/** The statuses at or after `from` in the "later" order (never `closed` or `none`). */
export function statusesFrom(from: CustomerStatus): CustomerStatus[] {
  const min = statusRanks[from];
  if (min === undefined) return [];
  return customerStatuses.filter((status) => {
    const rank = statusRanks[status];
    return rank !== undefined && rank >= min;
  });
}

export const isCustomerStatus = (value: unknown): value is CustomerStatus =>
  customerStatusSchema.safeParse(value).success;

const isIn =
  (list: readonly CustomerStatus[]) =>
  (status: CustomerStatus | null | undefined): boolean =>
    status !== null && status !== undefined && list.includes(status);

export const isCollectionStatus = isIn(collectionStatuses);
export const isLegalStatus = isIn(legalStatuses);
export const isFraudStatus = isIn(fraudStatuses);
export const isCollectionLegalOrFraud = isIn(collectionLegalFraudStatuses);
export const mustLogOutStatus = isIn(loggedOutStatuses);

/** registered, systemApproved, declined, securityChecked and the collection, legal and fraud states. */
export const registeredOrLaterStatuses = statusesFrom('registered');
export const isRegisteredOrLater = isIn(registeredOrLaterStatuses);

/** preRegistered and every later status. */
export const preRegisteredOrLaterStatuses = statusesFrom('preRegistered');
export const isPreRegisteredOrLater = isIn(preRegisteredOrLaterStatuses);

/**
 * "securityChecked or later (systemApproved and collection, legal and fraud states)": the documents, limit-approve,
 * success and financial-info bullet names systemApproved explicitly, so it is part of this group.
 */
export const securityCheckedOrLaterStatuses = [
  'systemApproved',
  'securityChecked',
  ...collectionLegalFraudStatuses,
] as const satisfies readonly CustomerStatus[];
export const isSecurityCheckedOrLater = isIn(securityCheckedOrLaterStatuses);

/** securityChecked and the collection, legal and fraud states: customers who have (had) an issued loan. */
export const withLoanStatuses = [
  'securityChecked',
  ...collectionLegalFraudStatuses,
] as const satisfies readonly CustomerStatus[];
export const hasLoanStatus = isIn(withLoanStatuses);

/** The header offers 'Recibe hasta 600' to these statuses when they have no active loan (first document §2). */
export const headerOfferStatuses = ['new', 'preRegistered', 'registered'] as const satisfies readonly CustomerStatus[];
/** The header shows 'TU LIMITE' with the credit limit to these statuses when they have no active loan. */
export const headerLimitStatuses = ['securityChecked', 'systemApproved'] as const satisfies readonly CustomerStatus[];

export type HeaderBanner = 'offer' | 'limit';
export function headerBannerFor(status: CustomerStatus | null, hasActiveLoan: boolean): HeaderBanner | undefined {
  if (hasActiveLoan) return undefined;
  if (status === null || isIn(headerOfferStatuses)(status)) return 'offer';
  if (isIn(headerLimitStatuses)(status)) return 'limit';
  return undefined;
}

/** The marketing opt-in prompt is shown only to these statuses (second document §4). */
export const marketingPromptStatuses = [
  'preRegistered',
  'registered',
  'systemApproved',
  'securityChecked',
] as const satisfies readonly CustomerStatus[];
export const canSeeMarketingPrompt = isIn(marketingPromptStatuses);

// ---------------------------------------------------------------------------------------------------------------
// Loans (second document §4)
// ---------------------------------------------------------------------------------------------------------------

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
export const loanStatusSchema = z.enum(loanStatuses);
export type LoanStatus = z.infer<typeof loanStatusSchema>;

/** The synthetic status shown when an issued or arranged loan has an overdue instalment. */
export const OVERDUE_DISPLAY_STATUS = 'hasOverduePayments';
export type LoanDisplayStatus = LoanStatus | typeof OVERDUE_DISPLAY_STATUS;

/** Labels of the second document §4 table; `notSet` has none. */
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
  rollovered: 'Prorogado',
  arranged: 'Pendiente',
  hasOverduePayments: 'No pagado',
} as const satisfies Record<Exclude<LoanDisplayStatus, 'notSet'>, string>;

export function loanStatusLabel(status: LoanDisplayStatus): string | undefined {
  return status === 'notSet' ? undefined : loanStatusLabels[status];
}

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

export const installmentStatuses = ['paid', 'restructured', 'rollovered', 'arranged', 'notPaid'] as const;
export const installmentStatusSchema = z.enum(installmentStatuses);
export type InstallmentStatus = z.infer<typeof installmentStatusSchema>;

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
export const loanRequestResultSchema = z.enum(loanRequestResults);
export type LoanRequestResult = z.infer<typeof loanRequestResultSchema>;
/** Sub-reasons of a loan request that lead to the declined page. */
export const loanRequestDeclineSubReasons = ['hasRestructuredLoan', 'noValidAccount'] as const;

// ---------------------------------------------------------------------------------------------------------------
// Cards, 3-D Secure, bank scrape (second document §4)
// ---------------------------------------------------------------------------------------------------------------

export const cardStatuses = [
  'NotValidatedYet',
  'Invalid',
  'AddresslessValid',
  'Valid',
  'PennyChecked',
  'Linked',
  'Deleted',
] as const;
export const cardStatusSchema = z.enum(cardStatuses);
export type CardStatus = z.infer<typeof cardStatusSchema>;

export const cardCreateResults = [
  'success',
  'successWithGroupChange',
  'successWithLimitUpdate',
  'cardEntryRequired',
] as const;
export const cardCreateResultSchema = z.enum(cardCreateResults);
export type CardCreateResult = z.infer<typeof cardCreateResultSchema>;
/** The card-create sub-reason that starts a 3-D Secure flow. */
export const CHALLENGE_NEEDED = 'challengeNeeded';

export const threeDsStates = ['completed', 'inprogress', 'error', 'dfpPost', 'iframe'] as const;
export const threeDsStateSchema = z.enum(threeDsStates);
export type ThreeDsState = z.infer<typeof threeDsStateSchema>;
/** How a 3-D Secure flow ends (first document §4). */
export const threeDsOutcomes = ['completed', 'failed', 'abortedByUser'] as const;
export type ThreeDsOutcome = (typeof threeDsOutcomes)[number];

export const scrapeSessionStatuses = [
  'succeeded',
  'sessionFailed',
  'decisionFailed',
  'decisionRejected',
  'unnaxResponseTimeout',
  'inProgress',
] as const;
export const scrapeSessionStatusSchema = z.enum(scrapeSessionStatuses);
export type ScrapeSessionStatus = z.infer<typeof scrapeSessionStatusSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Roles, signup enumerations, payments
// ---------------------------------------------------------------------------------------------------------------

/** User roles of the first document §3. */
export const identityUserRoles = [
  'none',
  'user',
  'cam',
  'system',
  'administrator',
  'alladmins',
  'collectioncompany',
] as const;
/** User roles of the second document §3: the first list plus `public`. */
export const userRoles = [...identityUserRoles, 'public'] as const;
export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;
/** The role of a customer acting in the customer screens (second document §6). */
export const CUSTOMER_ROLE = 'user' satisfies UserRole;

export const employmentStatuses = [
  'fullTimeEmployed',
  'selfEmployed',
  'armedForces',
  'student',
  'homeMaker',
  'retired',
  'unemployed',
  'onBenefits',
  'other',
] as const;
export const employmentStatusSchema = z.enum(employmentStatuses);
export type EmploymentStatus = z.infer<typeof employmentStatusSchema>;
/** The one employment status that requires companyName. */
export const EMPLOYED_STATUS = 'fullTimeEmployed' satisfies EmploymentStatus;

/** Monthly income options in euros (first document §3): 0 is "no income", 3001 is "over 3,000 €". */
export const monthlyIncomeOptions = [0, 500, 1000, 1500, 2000, 2500, 3000, 3001] as const;
export type MonthlyIncome = (typeof monthlyIncomeOptions)[number];
export const isMonthlyIncome = (value: unknown): value is MonthlyIncome =>
  (monthlyIncomeOptions as readonly unknown[]).includes(value);

export const paymentMethods = ['debit-card', 'bank-transfer'] as const;
export const paymentMethodSchema = z.enum(paymentMethods);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** The `paymentOption` query parameter of the payment route (second document §2). */
export const paymentOptions = ['pendingInstallments', 'firstNotPaidInstallment', 'closeLoan'] as const;
export const paymentOptionSchema = z.enum(paymentOptions);
export type PaymentOption = z.infer<typeof paymentOptionSchema>;

/**
 * What a `payments` row pays: one of the payment route's options, or the fee of a rollover (RolloverPost: settling it
 * applies the rollover instead of paying instalments).
 */
export const ROLLOVER_FEE_PAYMENT = 'rolloverFee';
export type PaymentPurpose = PaymentOption | typeof ROLLOVER_FEE_PAYMENT;

/** A payment's status: `pending` is polled with PaymentStatusGet (card with 3-D Secure, transfer not yet settled). */
export const paymentStatuses = ['pending', 'success', 'failed'] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/**
 * Where a payment's money came from (the Payment entity's `paymentSource`): the two payment methods of the route
 * (`debit-card`, `bank-transfer`: a transfer the customer makes from the bank transfer details and the lender
 * reconciles) and the direct-transfer widget (a bank transfer initiated inside the app).
 */
export const paymentSources = ['debit-card', 'bank-transfer', 'direct-transfer'] as const;
export const paymentSourceSchema = z.enum(paymentSources);
export type PaymentSource = z.infer<typeof paymentSourceSchema>;

/** A direct-transfer widget order's status; the client keeps those `authorized` (second document §7.1). */
export const directTransferOrderStatuses = ['pending', 'authorized', 'completed', 'failed', 'cancelled'] as const;
export const directTransferOrderStatusSchema = z.enum(directTransferOrderStatuses);
export type DirectTransferOrderStatus = z.infer<typeof directTransferOrderStatusSchema>;

/**
 * The reasons form of `/payment-reason` ('¿Problemas con un reembolso?'): the spec names the page, not its reasons;
 * these are the lender's, labelled in src/features/payment-reason/texts.ts.
 */
export const impedimentReasons = [
  'jobLoss',
  'incomeDrop',
  'unexpectedExpenses',
  'illness',
  'salaryDelay',
  'forgotDate',
  'other',
] as const;
export const impedimentReasonSchema = z.enum(impedimentReasons);
export type ImpedimentReason = z.infer<typeof impedimentReasonSchema>;
