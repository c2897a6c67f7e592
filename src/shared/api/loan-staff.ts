import { z } from 'zod';
import {
  idParamSchema,
  idSchema,
  installmentStatusSchema,
  isoDateSchema,
  isoDateTimeSchema,
  loanStatusSchema,
  moneySchema,
  positiveMoneySchema,
} from './common.ts';
import { loanProducts } from '../loan/loan-definition.ts';
import { auditReasonSchema } from './audit.ts';
import { defineCall } from './define.ts';
import { loanDefinitionSchema, loanFlowDraftSchema } from './loan.ts';
import { pageQueryFields, paged } from './paging.ts';
import { CAM_ADMINS, CAM_ADMINS_COLLECTION } from './roles.ts';
import { statusHistoryEntrySchema } from './status-history-schemas.ts';

/**
 * The loan module's staff calls (docs/backoffice.md §5, the customer file: 'Préstamos' and the credit-limit tab),
 * apart from `loan.ts` so the customer's app carries none of them. The loan module serves the credit-limit tab because
 * the available limit is its figure (the limit minus the principal still owed), as for the customer's own
 * `CreditLimitGet`.
 */

export const loanStatusHistoryEntrySchema = statusHistoryEntrySchema(loanStatusSchema);
export type LoanStatusHistoryEntry = z.infer<typeof loanStatusHistoryEntrySchema>;

/**
 * The loan's status changes, newest first, the whole list. A loan of a customer the staff member may not see
 * answers 404 `StaffLoanNotFound`, as an unknown id does.
 */
export const LoanStatusHistoryGet = defineCall({
  name: 'LoanStatusHistoryGet',
  method: 'GET',
  path: '/api/loan/loanStatusHistory/:loanId',
  auth: 'staff',
  roles: CAM_ADMINS_COLLECTION,
  params: z.strictObject({ loanId: idParamSchema }),
  response: z.array(loanStatusHistoryEntrySchema),
  errors: ['StaffLoanNotFound'],
});

export const installmentStatusHistoryEntrySchema = statusHistoryEntrySchema(installmentStatusSchema);
export type InstallmentStatusHistoryEntry = z.infer<typeof installmentStatusHistoryEntrySchema>;

/**
 * `installmentStatusHistory/{installmentId}`: the instalment's status changes (paid by which payment, back to
 * unpaid, arranged), newest first, the whole list. An instalment of a loan the staff member may not see answers 404
 * `StaffInstallmentNotFound`, as an unknown id does.
 */
export const InstallmentStatusHistoryGet = defineCall({
  name: 'InstallmentStatusHistoryGet',
  method: 'GET',
  path: '/api/loan/installmentStatusHistory/:installmentId',
  auth: 'staff',
  roles: CAM_ADMINS_COLLECTION,
  params: z.strictObject({ installmentId: idParamSchema }),
  response: z.array(installmentStatusHistoryEntrySchema),
  errors: ['StaffInstallmentNotFound'],
});

/** One rule of a decision as the engine recorded it. */
export const creditDecisionReasonSchema = z.object({ rule: z.string(), passed: z.boolean(), detail: z.string() });

/**
 * One credit decision (table `credit_decisions`, never updated): when, what triggered it (`firstAccountLinked`,
 * `loanRepaid`, `seed`, …), the outcome, the limits it granted, the rule set's version, its inputs and reasons as
 * stored.
 */
export const creditDecisionSchema = z.object({
  id: idSchema,
  at: isoDateTimeSchema,
  trigger: z.string(),
  outcome: z.enum(['systemApproved', 'declined']),
  limit: moneySchema,
  miniLimit: moneySchema,
  rulesVersion: z.string(),
  inputs: z.record(z.string(), z.unknown()),
  reasons: z.array(creditDecisionReasonSchema),
});
export type CreditDecision = z.infer<typeof creditDecisionSchema>;

/**
 * The customer file's credit-limit tab: the limits now (euros) and what is available of each (the customer's
 * `CreditLimitGet` figures), and the decisions that set them, newest first, a page at a time.
 */
export const StaffCreditLimitGet = defineCall({
  name: 'StaffCreditLimitGet',
  method: 'GET',
  path: '/api/customer/creditlimit/:customerId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: z.strictObject({ customerId: idParamSchema }),
  query: z.strictObject({ ...pageQueryFields }),
  response: paged(creditDecisionSchema).extend({
    customerId: idSchema,
    creditLimit: moneySchema,
    miniLimit: moneySchema,
    availableLimit: moneySchema,
    miniAvailableLimit: moneySchema,
  }),
  errors: ['StaffCustomerNotFound'],
});

/**
 * A loan definition's version as staff read it (docs/rules/pricing-and-quotes.md "Loan definitions"): the pricing as
 * the quotes carry it, from when it applies, whether it is the one in force for new loans, planned, or replaced, and
 * its representative example's TAE (what the home page and the documents state while it is in force).
 */
export const definitionStates = ['inForce', 'planned', 'replaced'] as const;
export const staffLoanDefinitionSchema = z.object({
  definition: loanDefinitionSchema,
  validFrom: isoDateTimeSchema,
  state: z.enum(definitionStates),
  /** The representative example's TAE in percent, one decimal. */
  representativeTae: z.number(),
  /** How many loans were priced by this version (a version with loans is never edited). */
  loans: z.number().int().nonnegative(),
});
export type StaffLoanDefinition = z.infer<typeof staffLoanDefinitionSchema>;

/** `getAllLoanDefinitions`: every version of both products, newest first by product. */
export const LoanDefinitionsGet = defineCall({
  name: 'LoanDefinitionsGet',
  method: 'GET',
  path: '/api/loan/getAllLoanDefinitions',
  auth: 'staff',
  roles: CAM_ADMINS,
  response: z.array(staffLoanDefinitionSchema),
});

/** `getLoanDefinition`: one version. */
export const LoanDefinitionGet = defineCall({
  name: 'LoanDefinitionGet',
  method: 'GET',
  path: '/api/loan/getLoanDefinition/:definitionId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: z.strictObject({ definitionId: idParamSchema }),
  response: staffLoanDefinitionSchema,
  errors: ['LoanDefinitionNotFound'],
});

/**
 * The price of a new version, in percent as staff type it: the instalment loan's monthly rate (6,11 % a month) or
 * the minipréstamo's daily rate (0,75 % a day), in whole basis points, up to a ceiling that catches a slip of the
 * decimal point. The amounts, terms and representative example are the spec's constants and carry over.
 */
const ratePercentSchema = z
  .number()
  .min(0, 'El tipo no puede ser negativo')
  .refine((value) => Number.isInteger(Math.round(value * 10_000) / 100), {
    error: 'El tipo admite como mucho dos decimales',
  });
const definitionChangeFields = {
  name: z.string().trim().min(3, 'Escribe el nombre del producto').max(80, 'El nombre no puede pasar de 80 caracteres'),
  ratePercent: ratePercentSchema,
  /** When it takes effect: now or later, never before (a price never changes in the past). */
  validFrom: isoDateTimeSchema,
  reason: auditReasonSchema,
};

/**
 * `loanDefinition` POST: a new version of the product's definition (the next version of its code), taking effect at
 * `validFrom`. From then the quotes, the home calculator, the representative examples, the TAE and new loans use it;
 * a loan already made keeps the version it was priced by. The amounts, terms and example carry over from the version
 * in force. A `validFrom` before now is 422 `DefinitionValidFromPast`; above the ceiling, `DefinitionRateTooHigh`.
 */
export const LoanDefinitionPost = defineCall({
  name: 'LoanDefinitionPost',
  method: 'POST',
  path: '/api/loan/loanDefinition',
  auth: 'staff',
  roles: CAM_ADMINS,
  body: z.strictObject({ product: z.enum(loanProducts), ...definitionChangeFields }),
  response: staffLoanDefinitionSchema,
  errors: ['DefinitionValidFromPast', 'DefinitionRateTooHigh'],
});

/**
 * `loanDefinition` PUT: corrects a planned version before it takes effect (its name, price or date). A version in
 * force or replaced, or one that priced a loan, is never edited: 422 `DefinitionNotPlanned` (make a new version).
 */
export const LoanDefinitionPut = defineCall({
  name: 'LoanDefinitionPut',
  method: 'PUT',
  path: '/api/loan/loanDefinition/:definitionId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: z.strictObject({ definitionId: idParamSchema }),
  body: z.strictObject(definitionChangeFields),
  response: staffLoanDefinitionSchema,
  errors: ['LoanDefinitionNotFound', 'DefinitionNotPlanned', 'DefinitionValidFromPast', 'DefinitionRateTooHigh'],
});

/** `searchLoans` counts at most this many matches (more: `totalCapped`); a page still reaches any of them. */
export const LOAN_SEARCH_COUNT_CAP = 10_000;
/** The longest delay the overdue filters take, in days (far beyond any loan's life). */
export const MAX_OVERDUE_DAYS_FILTER = 3_650;

const overdueDaysFilter = z.coerce
  .number<string | number>()
  .int('Debe ser un número entero de días')
  .min(0, 'Debe ser 0 o más')
  .max(MAX_OVERDUE_DAYS_FILTER, `Debe ser ${MAX_OVERDUE_DAYS_FILTER} o menos`);

export const loanSearchSorts = ['newest', 'mostOverdue'] as const;

/** One loan of the search: who owes it, its status, product, money and how late it is (today in Madrid). */
export const loanSearchItemSchema = z.object({
  loanId: idSchema,
  customerId: idSchema,
  customerName: z.string(),
  status: loanStatusSchema,
  product: z.enum(loanProducts),
  amount: moneySchema,
  issueDate: isoDateSchema,
  installmentCount: z.number().int().positive(),
  /** What the unpaid instalments still carry (their totals less what was paid on them). */
  outstanding: moneySchema,
  /** The first unpaid instalment's date; null when none is unpaid. */
  firstUnpaidDate: isoDateSchema.nullable(),
  /** Days since that date for a running loan (issued, arranged); 0 when not late or not running. */
  overdueDays: z.number().int().nonnegative(),
});
export type LoanSearchItem = z.infer<typeof loanSearchItemSchema>;

/**
 * `searchLoans`: the loan portfolio, paged, filtered by status, product, customer, the loan's issue date (`dateFrom`,
 * `dateTo`, inclusive) and how many days late it is (`overdueDaysMin`, `overdueDaysMax`, inclusive: running loans
 * only, days since the first unpaid instalment's date); newest first, or the latest first (`mostOverdue`: the loans
 * late, most days first). A collection company sees its assigned customers' loans only. A `dateFrom` after `dateTo`,
 * or a minimum above the maximum, is 400 in the spec's shape.
 */
export const LoanSearchGet = defineCall({
  name: 'LoanSearchGet',
  method: 'GET',
  path: '/api/loan/searchLoans',
  auth: 'staff',
  roles: CAM_ADMINS_COLLECTION,
  query: z
    .strictObject({
      status: loanStatusSchema.optional(),
      product: z.enum(loanProducts).optional(),
      customerId: idParamSchema.optional(),
      dateFrom: isoDateSchema.optional(),
      dateTo: isoDateSchema.optional(),
      overdueDaysMin: overdueDaysFilter.optional(),
      overdueDaysMax: overdueDaysFilter.optional(),
      sort: z.enum(loanSearchSorts).default('newest'),
      ...pageQueryFields,
    })
    .refine((query) => !query.dateFrom || !query.dateTo || query.dateFrom <= query.dateTo, {
      path: ['dateTo'],
      error: 'La fecha final no puede ser anterior a la inicial',
    })
    .refine(
      (query) =>
        query.overdueDaysMin === undefined ||
        query.overdueDaysMax === undefined ||
        query.overdueDaysMin <= query.overdueDaysMax,
      { path: ['overdueDaysMax'], error: 'El máximo de días no puede ser menor que el mínimo' },
    ),
  response: paged(loanSearchItemSchema),
});

/**
 * `changeLoanToAccount`: the account a loan not paid out yet goes to (one of the customer's active accounts; the
 * agreement does not name it). The same account again answers `changed: false`.
 */
export const ChangeLoanToAccountPost = defineCall({
  name: 'ChangeLoanToAccountPost',
  method: 'POST',
  path: '/api/loan/changeLoanToAccount/:loanId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: z.strictObject({ loanId: idParamSchema }),
  body: z.strictObject({ accountId: idSchema, reason: auditReasonSchema }),
  response: z.object({
    loanId: idSchema,
    fromAccountId: idSchema.nullable(),
    accountId: idSchema,
    changed: z.boolean(),
  }),
  errors: ['StaffLoanNotFound', 'StaffLoanNotAwaitingPayout', 'StaffAccountNotUsable'],
});

/**
 * `changeLoanAmount`: the amount of a loan not paid out yet (the customer asked for less, or more within their limit),
 * checked as the request checks it (the product's amounts and steps, the available limit with this loan's own amount
 * given back) and priced again by the loan's own definition on its dates. A signed loan goes back to `requested`
 * (`signAgain`): the agreement the customer signed states the old amount, so the customer signs the new one before any
 * payout. The same amount again answers `changed: false`.
 */
export const ChangeLoanAmountPost = defineCall({
  name: 'ChangeLoanAmountPost',
  method: 'POST',
  path: '/api/loan/changeLoanAmount/:loanId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: z.strictObject({ loanId: idParamSchema }),
  body: z.strictObject({ amount: positiveMoneySchema, reason: auditReasonSchema }),
  response: z.object({
    loanId: idSchema,
    fromAmount: moneySchema,
    amount: moneySchema,
    status: loanStatusSchema,
    /** The customer signed the old amount: the loan waits for the new agreement to be signed. */
    signAgain: z.boolean(),
    changed: z.boolean(),
  }),
  errors: ['StaffLoanNotFound', 'StaffLoanNotAwaitingPayout', 'InvalidLoanAmount', 'CreditLimitExceeded'],
});

/** How many of the customer's latest loan-flow screen visits the application details carry. */
export const APPLICATION_SCREEN_VISITS = 50;

/** One loan request of the customer as it went: what was asked, and when it was signed, due for payout and issued. */
export const staffApplicationSchema = z.object({
  loanId: idSchema,
  status: loanStatusSchema,
  product: z.enum(loanProducts),
  amount: moneySchema,
  installmentCount: z.number().int().positive(),
  firstRepaymentDate: isoDateSchema,
  toAccountId: idSchema.nullable(),
  cardId: idSchema.nullable(),
  requestedAt: isoDateTimeSchema,
  agreementAcceptedAt: isoDateTimeSchema.nullable(),
  payoutDueAt: isoDateTimeSchema.nullable(),
  issuedAt: isoDateTimeSchema.nullable(),
});
export type StaffApplication = z.infer<typeof staffApplicationSchema>;

/**
 * `getApplicationDetailsOfCustomer`: what an agent needs when a customer calls about a loan they were asking for —
 * the unfinished loan flow the customer's app keeps on the server (null when none or expired; read only: the customer
 * resumes it), the latest APPLICATION_SCREEN_VISITS screens of the flow they saw, newest first, and every loan request
 * they made, newest first.
 */
export const StaffApplicationDetailsGet = defineCall({
  name: 'StaffApplicationDetailsGet',
  method: 'GET',
  path: '/api/loan/getApplicationDetailsOfCustomer/:customerId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: z.strictObject({ customerId: idParamSchema }),
  response: z.object({
    customerId: idSchema,
    draft: loanFlowDraftSchema.extend({ remindedAt: isoDateTimeSchema.nullable() }).nullable(),
    screens: z.array(
      z.object({ screen: z.string(), status: z.string(), flowId: z.string().nullable(), at: isoDateTimeSchema }),
    ),
    applications: z.array(staffApplicationSchema),
  }),
  errors: ['StaffCustomerNotFound'],
});

export const loanStaffCalls = {
  LoanStatusHistoryGet,
  InstallmentStatusHistoryGet,
  StaffCreditLimitGet,
  LoanDefinitionsGet,
  LoanDefinitionGet,
  LoanDefinitionPost,
  LoanDefinitionPut,
  LoanSearchGet,
  ChangeLoanToAccountPost,
  ChangeLoanAmountPost,
  StaffApplicationDetailsGet,
} as const;
