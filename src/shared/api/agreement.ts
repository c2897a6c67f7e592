import { z } from 'zod';
import {
  ackSchema,
  agreementPdfSchema,
  agreementTypeSchema,
  idParamSchema,
  idSchema,
  isoDateSchema,
  positiveMoneySchema,
} from './common.ts';
import { defineCall } from './define.ts';
import { loanProducts } from '../loan/loan-definition.ts';
import { loanRequestPayloadSchema, MAX_PAYMENT_DATES, planInstallmentSchema } from './loan.ts';

/**
 * The agreement module's calls: the loan's documents (the agreement texts of an unsaved loan or of the offer on the
 * form, by type, of a saved loan, as PDF) and the acceptance of the agreement (`/api/loan`, `/api/communication`).
 */

/** An agreement text by type (HTML). */
export const agreementTextSchema = z.object({ type: agreementTypeSchema, title: z.string(), agreement: z.string() });
export type AgreementText = z.infer<typeof agreementTextSchema>;

/** Agreement request for an unsaved loan: the last computed plan. */
export const agreementRequestSchema = z.strictObject({
  /** The product priced: the instalment loan when absent. */
  loanProduct: z.enum(loanProducts).optional(),
  installments: z.array(z.strictObject(planInstallmentSchema.shape)).min(1).max(MAX_PAYMENT_DATES),
  loanAmount: positiveMoneySchema,
  createdDate: isoDateSchema,
  toAccountId: idSchema.nullable().optional(),
});
export type AgreementRequest = z.infer<typeof agreementRequestSchema>;

/** Agreement of a saved loan (second document §3). */
export const loanAgreementSchema = z.object({ title: z.string(), agreement: z.string(), loanId: idSchema });
export type LoanAgreement = z.infer<typeof loanAgreementSchema>;

/**
 * The offer on the loan request form, as RequestLoanPost would sign it: the amount, the product, the instalments, the
 * first repayment date, its payment dates and the account to pay out to.
 */
export const loanOfferSchema = loanRequestPayloadSchema.pick({
  product: true,
  loanProduct: true,
  installment: true,
  firstRepaymentDate: true,
  accountId: true,
  paymentDates: true,
});
export type LoanOffer = z.infer<typeof loanOfferSchema>;

/** Agreement texts for an unsaved loan (home 'Más Información', loan request terms). */
export const AgreementPost = defineCall({
  name: 'AgreementPost',
  method: 'POST',
  path: '/api/loan/agreements',
  auth: 'optional',
  roles: ['public'],
  body: agreementRequestSchema,
  response: z.array(agreementTextSchema),
  errors: ['InvalidLoanAmount', 'InvalidPaymentDates'],
});

/** One agreement text loaded on demand (terms, loan explanation), of a saved loan when loanId is given. */
export const AgreementByTypeGet = defineCall({
  name: 'AgreementByTypeGet',
  method: 'GET',
  path: '/api/loan/agreements/:type',
  auth: 'optional',
  roles: ['public'],
  params: z.strictObject({ type: agreementTypeSchema }),
  query: z.strictObject({ loanId: idParamSchema.optional() }),
  response: agreementTextSchema,
  errors: ['LoanNotFound', 'AgreementNotFound'],
});

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
  roles: ['user'],
  // The offer's texts, rendered and not saved: a staff member's read-only view may ask for them.
  writes: false,
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
  roles: ['user'],
  params: z.strictObject({ loanId: idParamSchema }),
  response: loanAgreementSchema,
  errors: ['LoanNotFound'],
});

/**
 * The saved loan's agreement as a PDF (file name: brand prefix, loan id, filename); `type=preContractInformation`
 * gives the pre-contract information (SECCI) of the same loan instead.
 */
export const AgreementPdfGetByLoanId = defineCall({
  name: 'AgreementPdfGetByLoanId',
  method: 'GET',
  path: '/api/communication/loanAgreement/:loanId',
  auth: 'customer',
  roles: ['user'],
  params: z.strictObject({ loanId: idParamSchema }),
  query: z.strictObject({ type: z.enum(['agreement', 'preContractInformation']).optional() }),
  response: agreementPdfSchema,
  errors: ['LoanNotFound'],
});

/** Accepts the agreement of the requested loan: true on success. */
export const AssignAgreementPost = defineCall({
  name: 'AssignAgreementPost',
  method: 'POST',
  path: '/api/loan/assignAgreement',
  auth: 'customer',
  roles: ['user'],
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

export const agreementCalls = {
  AgreementPost,
  AgreementByTypeGet,
  LoanOfferDocumentsPost,
  LoanAgreementGetByLoanId,
  AgreementPdfGetByLoanId,
  AssignAgreementPost,
} as const;
