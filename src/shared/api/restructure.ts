import { z } from 'zod';
import { agreementPdfSchema, idParamSchema, idSchema, isoDateSchema, moneySchema } from './common.ts';
import { defineCall } from './define.ts';
import { loanSchema } from './loan-schemas.ts';

/** The restructure module's calls ('Pago Flexible', `/api/loan`): the new plan, the restructure, its pre-contract PDF. */

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

/** Flexible Payment ('Pago Flexible'): the server restructures the loan into a new plan. */
export const RestructureLoanPost = defineCall({
  name: 'RestructureLoanPost',
  method: 'POST',
  path: '/api/loan/restructureLoan',
  auth: 'customer',
  roles: ['user'],
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

/** The plan a restructure of the loan would create today (nothing is changed). */
export const RestructurePlanGet = defineCall({
  name: 'RestructurePlanGet',
  method: 'GET',
  path: '/api/loan/restructureLoan',
  auth: 'customer',
  roles: ['user'],
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
  roles: ['user'],
  params: z.strictObject({ loanId: idParamSchema }),
  response: agreementPdfSchema,
  errors: ['LoanNotFound', 'AgreementNotFound'],
});

export const restructureCalls = { RestructureLoanPost, RestructurePlanGet, RestructureDocumentPdfGetByLoanId } as const;
