import { z } from 'zod';
import {
  ackSchema,
  agreementTypeSchema,
  idParamSchema,
  idSchema,
  installmentStatusSchema,
  isoDateSchema,
  isoDateTimeSchema,
  loanFlowScreenSchema,
  loanStatusSchema,
  moneySchema,
  impedimentReasonSchema,
  paymentOptionSchema,
  paymentStatusSchema,
  positiveMoneySchema,
  shortText,
} from './common.ts';
import { threeDsEventSchema } from './card.ts';
import { agreementPdfSchema } from './communication.ts';
import { documentSchema } from './customer.ts';
import { defineCall } from './define.ts';
import { agreementTextSchema, MAX_PAYMENT_DATES, paymentDatesSchema } from './quotes.ts';
import { loanRequestDeclineSubReasons } from '../loan-statuses.ts';
import { loanRequestResultSchema as loanRequestOutcomeSchema } from '../status-schemas.ts';

/** Loan calls: calculator, plans, agreements, request, journey, loans, pay, rollover, restructure (`/api/loan`). */

// ---------------------------------------------------------------------------------------------------------------
// Entities (second document §3)

export const paymentSchema = z.object({
  /** The payment option that paid it: firstNotPaidInstallment, pendingInstallments, closeLoan, … */
  type: z.string(),
  /** The part of the payment that went to this instalment. */
  amount: moneySchema,
  /** debit-card, bank-transfer or direct-transfer. */
  paymentSource: z.string(),
  /** The instant the payment was made. */
  paymentDate: isoDateTimeSchema,
});
export type Payment = z.infer<typeof paymentSchema>;

export const installmentSchema = z.object({
  id: idSchema,
  status: installmentStatusSchema,
  expectedDate: isoDateSchema,
  totalPayment: moneySchema,
  initialBase: moneySchema,
  initialCalculatedInterest: moneySchema,
  payments: z.array(paymentSchema),
});
export type Installment = z.infer<typeof installmentSchema>;

export const loanSchema = z.object({
  id: idSchema,
  loanAmount: moneySchema,
  createdDate: isoDateSchema,
  status: loanStatusSchema,
  /** What closes the loan today. */
  earlyClosureAmount: moneySchema,
  installments: z.array(installmentSchema),
  /** The first instalment's payment (initialBase + initialCalculatedInterest). */
  initialPayment: moneySchema,
  firstRepaymentDate: isoDateSchema,
  /**
   * The first unpaid instalment's date minus today (Europe/Madrid), in days: 3 when it is due in three days, −1 when
   * it was due yesterday, 0 when nothing is unpaid (architecture §7; the §5 thresholds read with this sign).
   */
  overdueDay: z.number().int(),
  isRestructured: z.boolean(),
  toAccountId: idSchema.nullable(),
});
export type Loan = z.infer<typeof loanSchema>;

/** Agreement of a saved loan (second document §3). */
export const loanAgreementSchema = z.object({ title: z.string(), agreement: z.string(), loanId: idSchema });
export type LoanAgreement = z.infer<typeof loanAgreementSchema>;

export const loanDetailsSchema = z.object({ loanId: idSchema, loanAmount: moneySchema, status: loanStatusSchema });
export type LoanDetails = z.infer<typeof loanDetailsSchema>;

/** Journey (second document §3): the loan application's progress. */
export const journeySchema = z.object({
  /** All the customer's documents; the client counts those of type identity. */
  documents: z.array(documentSchema),
  cardProvided: z.boolean(),
  /** The loan in application, null when there is none. */
  loanDetails: loanDetailsSchema.nullable(),
});
export type Journey = z.infer<typeof journeySchema>;

/** Loan request payload (second document §3). `product` is the amount in euros. */
export const loanRequestPayloadSchema = z.strictObject({
  product: positiveMoneySchema,
  installment: z.number().int().min(1).max(MAX_PAYMENT_DATES),
  firstRepaymentDate: isoDateSchema,
  accountId: idSchema,
  cardId: idSchema.nullable().optional(),
  acceptCommunications: z.boolean().optional(),
  paymentDates: paymentDatesSchema,
});
export type LoanRequestPayload = z.infer<typeof loanRequestPayloadSchema>;

export const loanRequestResultSchema = z.object({
  result: loanRequestOutcomeSchema,
  /** hasRestructuredLoan and noValidAccount lead to the declined page. */
  subReason: z.enum(loanRequestDeclineSubReasons).nullable(),
  message: z.string(),
  journey: journeySchema,
});
export type LoanRequestResult = z.infer<typeof loanRequestResultSchema>;

/**
 * Answer of a money-moving call; `pending` is polled with PaymentStatusGet. When the card gateway asks for 3-D
 * Secure, `threeDs` holds the first event and the track id: the client runs the card flow's 3-D Secure modal
 * (`src/lib/three-ds`, polling ThreeDsStateGet with the track id) and then polls PaymentStatusGet.
 */
export const paymentResultSchema = z.object({
  paymentId: idSchema,
  status: paymentStatusSchema,
  amount: moneySchema,
  message: z.string(),
  loan: loanSchema,
  threeDs: z.object({ trackId: z.string(), event: threeDsEventSchema }).nullable(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

export const payLoanPayloadSchema = z.strictObject({
  loanId: idSchema,
  paymentOption: paymentOptionSchema,
  /** The instalment paid, for firstNotPaidInstallment (or name it in `installmentIds`). */
  installmentId: idSchema.nullable().optional(),
  /**
   * The instalments the customer was shown as what this payment pays (the quote's `installmentIds`): required for
   * firstNotPaidInstallment (or `installmentId`) and pendingInstallments. When they are not what the payment would
   * pay now (paid meanwhile by another press), it is refused with PaymentDueChanged instead of paying the next one.
   */
  installmentIds: z.array(idSchema).min(1).max(120).optional(),
  amount: positiveMoneySchema,
  cardId: idSchema,
});
export type PayLoanPayload = z.infer<typeof payLoanPayloadSchema>;

export const rolloverQuoteSchema = z.object({
  loanId: idSchema,
  /** The instalment rolled over: its date today, the new date the customer chose. */
  installmentId: idSchema,
  currentDate: isoDateSchema,
  /** The new due date. */
  rolloverDate: isoDateSchema,
  /** Paid now by card to roll over: the interest of the instalment's period (what it owes beyond the capital). */
  fee: moneySchema,
  /** The capital moved to the new date. */
  principal: moneySchema,
  /** Interest from the current date to the new one. */
  newInterest: moneySchema,
  /** Due on the new date: principal + newInterest. */
  newTotalPayment: moneySchema,
});
export type RolloverQuote = z.infer<typeof rolloverQuoteSchema>;

/**
 * The saved loan flow (second document §3 "Stored loan-flow parameters"): the dto the plans are priced from and the
 * form's values. The client keeps it in a persisted atom under its id (the `l` query parameter, 1 day); the server
 * keeps the customer's latest unfinished one (LoanFlowDraftPut/Get) so it can be resumed on another device. Amounts
 * are the form's euros (the customer's choice, not money moved).
 */
export const loanFlowDtoSchema = z.strictObject({
  amount: z.number().positive().max(1_000_000),
  paymentDates: paymentDatesSchema,
  issueDate: isoDateSchema,
  salaryCalculationDetails: z.strictObject({
    nextSalaryDate: isoDateSchema,
    calculateNextXDates: z.number().int().min(1).max(120),
    paymentFrequencyLogical: shortText(30),
    day: z.union([z.number().int().min(1).max(31), z.literal('')]).nullable(),
    week: z.union([z.number().int().min(1).max(7), z.literal('')]).nullable(),
  }),
});
export type LoanFlowDtoWire = z.infer<typeof loanFlowDtoSchema>;

/** The loan request form's values as saved (every field optional: a flow is saved half-filled). */
export const loanFlowFormValuesSchema = z.strictObject({
  product: z.number().positive().max(1_000_000).nullable().optional(),
  firstRepaymentDate: isoDateSchema.nullable().optional(),
  installment: z.number().int().min(1).max(MAX_PAYMENT_DATES).nullable().optional(),
  accountId: idSchema.nullable().optional(),
  cardId: idSchema.nullable().optional(),
  acceptCommunications: z.boolean().nullable().optional(),
  acceptAgreement: z.boolean().nullable().optional(),
});
export type LoanFlowFormValues = z.infer<typeof loanFlowFormValuesSchema>;

/** The loan-flow screens a saved flow can be resumed on (route keys). */
export const loanFlowSteps = ['bankCredentials', 'loanApply', 'loanRequestLimitApprove', 'loanRequest'] as const;
export const loanFlowStepSchema = z.enum(loanFlowSteps);
export type LoanFlowStep = z.infer<typeof loanFlowStepSchema>;

export const loanFlowDraftPayloadSchema = z.strictObject({
  /** The flow's id, the `l` query parameter. */
  flowId: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/),
  step: loanFlowStepSchema,
  dto: loanFlowDtoSchema,
  formValues: loanFlowFormValuesSchema,
});
export type LoanFlowDraftPayload = z.infer<typeof loanFlowDraftPayloadSchema>;

export const loanFlowDraftSchema = loanFlowDraftPayloadSchema.extend({
  /** When it was last saved, and when it is gone (a day after). */
  updatedAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
});
export type LoanFlowDraft = z.infer<typeof loanFlowDraftSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Calls

/** One agreement text loaded on demand (terms, loan explanation), of a saved loan when loanId is given. */
export const AgreementByTypeGet = defineCall({
  name: 'AgreementByTypeGet',
  method: 'GET',
  path: '/api/loan/agreements/:type',
  auth: 'optional',
  params: z.strictObject({ type: agreementTypeSchema }),
  query: z.strictObject({ loanId: idParamSchema.optional() }),
  response: agreementTextSchema,
  errors: ['LoanNotFound', 'AgreementNotFound'],
});

/**
 * The offer on the loan request form, as RequestLoanPost would sign it: the amount, the instalments, the first
 * repayment date, its payment dates and the account to pay out to.
 */
export const loanOfferSchema = loanRequestPayloadSchema.pick({
  product: true,
  installment: true,
  firstRepaymentDate: true,
  accountId: true,
  paymentDates: true,
});
export type LoanOffer = z.infer<typeof loanOfferSchema>;

/**
 * The documents shown before the loan is requested (loan explanation, terms, pre-contract information, agreement),
 * rendered from the exact offer on the form, issued today. Refused with RequestLoanPost's error for an offer the
 * customer could not request now (another customer's account, over the limit, a date outside the window, …).
 */
export const LoanOfferDocumentsPost = defineCall({
  name: 'LoanOfferDocumentsPost',
  method: 'POST',
  path: '/api/loan/offerDocuments',
  auth: 'customer',
  body: loanOfferSchema,
  response: z.array(agreementTextSchema),
  errors: [
    'CustomerBlacklisted',
    'EligibleAgeError',
    'NotAllowedCustomerStatus',
    'BankAccountNotFound',
    'CreditLimitExceeded',
    'InvalidLoanAmount',
    'InstallmentOptionNotAvailable',
    'InvalidFirstRepaymentDate',
    'InvalidPaymentDates',
  ],
});

export const LoanAgreementGetByLoanId = defineCall({
  name: 'LoanAgreementGetByLoanId',
  method: 'GET',
  path: '/api/loan/agreement/:loanId',
  auth: 'customer',
  params: z.strictObject({ loanId: idParamSchema }),
  response: loanAgreementSchema,
  errors: ['LoanNotFound'],
});

export const HolidaysGet = defineCall({
  name: 'HolidaysGet',
  method: 'GET',
  path: '/api/loan/hollidays',
  auth: 'public',
  response: z.array(isoDateSchema),
});

export const RequestLoanPost = defineCall({
  name: 'RequestLoanPost',
  method: 'POST',
  path: '/api/loan/requestLoan',
  auth: 'customer',
  long: true,
  idempotent: true,
  query: z.strictObject({ accountId: idParamSchema }),
  body: loanRequestPayloadSchema,
  response: loanRequestResultSchema,
  errors: [
    'CustomerBlacklisted',
    'EligibleAgeError',
    'NotAllowedCustomerStatus',
    'ActiveLoanExists',
    'CreditLimitExceeded',
    'InvalidLoanAmount',
    'InstallmentOptionNotAvailable',
    'InvalidFirstRepaymentDate',
    'InvalidPaymentDates',
    'BankAccountNotFound',
    'CardNotFound',
    'RequestInProgress',
  ],
});

/** Accepts the agreement of the requested loan: true on success. */
export const AssignAgreementPost = defineCall({
  name: 'AssignAgreementPost',
  method: 'POST',
  path: '/api/loan/assignAgreement',
  auth: 'customer',
  idempotent: true,
  body: z.strictObject({
    loanId: idSchema,
    acceptAgreement: z.boolean(),
    acceptCommunications: z.boolean().optional(),
  }),
  response: ackSchema,
  errors: [
    'InvalidEmailWithUpdateRequest',
    'EmailNotAvailable',
    'CustomerBlackListedWithSuspiciousLoan',
    'LoanNotFound',
    'AgreementNotAccepted',
  ],
});

export const JourneyGet = defineCall({
  name: 'JourneyGet',
  method: 'GET',
  path: '/api/loan/journey',
  auth: 'customer',
  response: journeySchema,
});

/** Screen-visit log of the loan flow; errors and logging are ignored by the client. */
export const LoanApplicationScreensPost = defineCall({
  name: 'LoanApplicationScreensPost',
  method: 'POST',
  path: '/api/loan/loanApplicationScreens',
  auth: 'customer',
  body: z.strictObject({ screen: loanFlowScreenSchema, status: shortText(200), loanFlowId: shortText(100).optional() }),
  response: ackSchema,
});

/** Saves the customer's latest unfinished loan flow (replaces the previous one; kept 1 day). */
export const LoanFlowDraftPut = defineCall({
  name: 'LoanFlowDraftPut',
  method: 'PUT',
  path: '/api/loan/makeLoanApplication',
  auth: 'customer',
  body: loanFlowDraftPayloadSchema,
  response: ackSchema,
  errors: ['NotAllowedCustomerStatus'],
});

/** The customer's latest unfinished loan flow, null when there is none (or it is over a day old). */
export const LoanFlowDraftGet = defineCall({
  name: 'LoanFlowDraftGet',
  method: 'GET',
  path: '/api/loan/continueLoanApplication',
  auth: 'customer',
  response: loanFlowDraftSchema.nullable(),
});

/** Whether a customer with a restructured loan may request a new one. */
export const CheckLoanByRestructuredPost = defineCall({
  name: 'CheckLoanByRestructuredPost',
  method: 'POST',
  path: '/api/loan/checkLoanByRestructured',
  auth: 'customer',
  query: z.strictObject({ customerId: idParamSchema }),
  response: z.object({ hasRestructuredLoan: z.boolean(), canRequestLoan: z.boolean() }),
});

/** `statuses` is one status or a repeated query parameter (`?statuses=issued&statuses=arranged`). */
export const CustomerLoansByStatusGet = defineCall({
  name: 'CustomerLoansByStatusGet',
  method: 'GET',
  path: '/api/loan/customerLoansByStatus',
  auth: 'customer',
  query: z.strictObject({
    statuses: z.union([z.array(loanStatusSchema).min(1).max(20), loanStatusSchema.transform((status) => [status])]),
  }),
  response: z.array(loanSchema),
});

export const CustomerAllLoansGet = defineCall({
  name: 'CustomerAllLoansGet',
  method: 'GET',
  path: '/api/loan/customerAllLoans',
  auth: 'customer',
  response: z.array(loanSchema),
});

export const PayLoanPost = defineCall({
  name: 'PayLoanPost',
  method: 'POST',
  path: '/api/loan/payloan',
  auth: 'customer',
  long: true,
  idempotent: true,
  body: payLoanPayloadSchema,
  response: paymentResultSchema,
  errors: [
    'LoanNotFound',
    'InstallmentNotFound',
    'LoanAlreadyRepaid',
    'InvalidPaymentAmount',
    'PaymentDueChanged',
    'CardNotFound',
    'PaymentFailed',
    'RequestInProgress',
  ],
});

export const PaymentStatusGet = defineCall({
  name: 'PaymentStatusGet',
  method: 'GET',
  path: '/api/loan/checkstatus',
  auth: 'customer',
  query: z.strictObject({ paymentId: idParamSchema }),
  response: z.object({
    paymentId: idSchema,
    loanId: idSchema,
    status: paymentStatusSchema,
    amount: moneySchema,
    message: z.string(),
  }),
  errors: ['PaymentNotFound'],
});

/**
 * '¿Problemas con un reembolso?' (`/payment-reason?loanId=`): records why the customer cannot pay (the backend
 * catalogue's loan impediments). The loan must be the caller's and issued or arranged.
 */
export const ImpedimentCreatePost = defineCall({
  name: 'ImpedimentCreatePost',
  method: 'POST',
  path: '/api/loan/impediments/create',
  auth: 'customer',
  body: z.strictObject({
    loanId: idSchema,
    reason: impedimentReasonSchema,
    /** Free text, required for `other`. */
    comment: shortText(1000).optional(),
  }),
  response: z.object({ id: idSchema, createdDate: isoDateTimeSchema }),
  errors: ['LoanNotFound'],
});

export const RolloverAvailableDatesGet = defineCall({
  name: 'RolloverAvailableDatesGet',
  method: 'GET',
  path: '/api/loan/rolloverAvailableDates',
  auth: 'customer',
  query: z.strictObject({ fromDate: isoDateSchema, loanId: idParamSchema.optional() }),
  response: z.array(isoDateSchema),
  errors: ['LoanNotFound', 'RolloverNotAllowed'],
});

export const RolloverCalculatePost = defineCall({
  name: 'RolloverCalculatePost',
  method: 'POST',
  path: '/api/loan/rolloverCalculate',
  auth: 'customer',
  body: z.strictObject({ loanId: idSchema, rolloverDate: isoDateSchema }),
  response: rolloverQuoteSchema,
  errors: ['LoanNotFound', 'RolloverNotAllowed', 'InvalidRolloverDate'],
});

/** Pays the rollover fee with the card and moves the due date. */
export const RolloverPost = defineCall({
  name: 'RolloverPost',
  method: 'POST',
  path: '/api/loan/rollover',
  auth: 'customer',
  long: true,
  idempotent: true,
  body: z.strictObject({ loanId: idSchema, rolloverDate: isoDateSchema, cardId: idSchema }),
  response: paymentResultSchema,
  errors: [
    'LoanNotFound',
    'RolloverNotAllowed',
    'InvalidRolloverDate',
    'CardNotFound',
    'PaymentFailed',
    'RequestInProgress',
  ],
});

/** Flexible Payment ('Pago Flexible'): the server restructures the loan into a new plan. */
export const RestructureLoanPost = defineCall({
  name: 'RestructureLoanPost',
  method: 'POST',
  path: '/api/loan/restructureLoan',
  auth: 'customer',
  long: true,
  idempotent: true,
  body: z.strictObject({
    loanId: idSchema,
    /** The customer ticked the box accepting the plan's pre-contract information. */
    acceptPreContract: z.literal(true),
    /** The `digest` of the pre-contract information they read (RestructurePlanGet): the plan they accept. */
    preContractDigest: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  response: z.object({ loan: loanSchema }),
  errors: ['LoanNotFound', 'RestructureNotAllowed', 'RestructurePlanChanged', 'RequestInProgress'],
});

/** One instalment of the plan a restructure would create (RestructurePlanGet). */
export const restructureInstallmentSchema = z.object({
  number: z.number().int().positive(),
  expectedDate: isoDateSchema,
  base: moneySchema,
  interest: moneySchema,
  totalPayment: moneySchema,
});

/**
 * The new plan of a 'Pago Flexible' (restructure), shown before the customer confirms RestructureLoanPost: what is
 * owed today, the capital carried over, the new instalments, the total cost (interest) and the TAE of the new plan.
 */
export const restructurePlanSchema = z.object({
  loanId: idSchema,
  /** What the customer owes today on the payable instalments. */
  debt: moneySchema,
  principal: moneySchema,
  /** Interest of the new plan: the accrued interest carried over plus the new periods' interest. */
  totalCost: moneySchema,
  /** principal + totalCost: what the new plan's instalments add up to. */
  totalPayment: moneySchema,
  /** TAE of the new plan in percent, one decimal (103.7). */
  tae: z.number(),
  installments: z.array(restructureInstallmentSchema).min(1),
  /**
   * The plan's pre-contract information (HTML, shown in a sandboxed frame) and the SHA-256 of that HTML, which
   * RestructureLoanPost must carry: the restructure applies only the plan the customer read.
   */
  preContractInformation: z.object({ title: z.string(), agreement: z.string(), digest: z.string() }),
});
export type RestructurePlan = z.infer<typeof restructurePlanSchema>;

/** The customer's notice of withdrawal, once given (DesistContractPost). */
export const withdrawalNoticeSchema = z.object({
  requestedAt: isoDateTimeSchema,
  /** The amount on the notice day. */
  amount: moneySchema,
  /** The last day to return the money (30 calendar days after the notice). */
  repayBy: isoDateSchema,
  status: z.enum(['requested', 'repaid']),
});

/**
 * The 14-day right of withdrawal of a loan ('Desistir del contrato'; Directive 2023/2225 art. 26, Ley 16/2011
 * art. 28): whether it is still open (`eligible`, until `deadline` inclusive), and what returning the money costs
 * today: the capital received plus the interest accrued per day (`dailyInterest` more each further day).
 */
export const withdrawalQuoteSchema = z.object({
  loanId: idSchema,
  eligible: z.boolean(),
  /** The payout day (the loan's issue date) and the last day to withdraw (payout + 14 calendar days). */
  issueDate: isoDateSchema,
  deadline: isoDateSchema,
  principal: moneySchema,
  /** Interest accrued from the payout to today. */
  interest: moneySchema,
  /** principal + interest: what returning the money today costs. */
  amount: moneySchema,
  dailyInterest: moneySchema,
  withdrawal: withdrawalNoticeSchema.nullable(),
});
export type WithdrawalQuote = z.infer<typeof withdrawalQuoteSchema>;

/** The plan a restructure of the loan would create today (nothing is changed). */
export const RestructurePlanGet = defineCall({
  name: 'RestructurePlanGet',
  method: 'GET',
  path: '/api/loan/restructureLoan',
  auth: 'customer',
  query: z.strictObject({ loanId: idParamSchema }),
  response: restructurePlanSchema,
  errors: ['LoanNotFound', 'RestructureNotAllowed'],
});

/**
 * The pre-contract information of the loan's latest 'Pago Flexible', as the customer accepted it, as a PDF (like the
 * agreement's, AgreementPdfGetByLoanId). A loan with no accepted restructure document → 404 AgreementNotFound.
 */
export const RestructureDocumentPdfGetByLoanId = defineCall({
  name: 'RestructureDocumentPdfGetByLoanId',
  method: 'GET',
  path: '/api/loan/restructureLoan/:loanId/preContractInformation',
  auth: 'customer',
  params: z.strictObject({ loanId: idParamSchema }),
  response: agreementPdfSchema,
  errors: ['LoanNotFound', 'AgreementNotFound'],
});

/** The withdrawal quote of a loan (GET /api/loan/desistContract, second document §7.2). */
export const DesistContractGet = defineCall({
  name: 'DesistContractGet',
  method: 'GET',
  path: '/api/loan/desistContract',
  auth: 'customer',
  query: z.strictObject({ loanId: idParamSchema }),
  response: withdrawalQuoteSchema,
  errors: ['LoanNotFound'],
});

/** Records the customer's notice of withdrawal; the money is then returned by a closeLoan payment (card or transfer). */
export const DesistContractPost = defineCall({
  name: 'DesistContractPost',
  method: 'POST',
  path: '/api/loan/desistContract',
  auth: 'customer',
  idempotent: true,
  body: z.strictObject({ loanId: idSchema }),
  response: withdrawalQuoteSchema,
  errors: ['LoanNotFound', 'WithdrawalNotAllowed', 'RequestInProgress'],
});

export const loanCalls = {
  AgreementByTypeGet,
  LoanOfferDocumentsPost,
  LoanAgreementGetByLoanId,
  HolidaysGet,
  RequestLoanPost,
  AssignAgreementPost,
  JourneyGet,
  LoanApplicationScreensPost,
  LoanFlowDraftPut,
  LoanFlowDraftGet,
  CheckLoanByRestructuredPost,
  CustomerLoansByStatusGet,
  CustomerAllLoansGet,
  PayLoanPost,
  PaymentStatusGet,
  ImpedimentCreatePost,
  RolloverAvailableDatesGet,
  RolloverCalculatePost,
  RolloverPost,
  RestructureLoanPost,
  RestructurePlanGet,
  RestructureDocumentPdfGetByLoanId,
  DesistContractGet,
  DesistContractPost,
} as const;
