import { z } from 'zod';
import { TTL } from '../../shared/constants.ts';
import { persistedAtom, type PersistedAtom } from './persisted-atom.ts';

/**
 * The saved loan flows (persisted atoms keyed by the flow's id, the `l` query parameter; 1 day). Apart from
 * atoms.ts, whose atoms every page reads: only the loan-flow screens and the shell's lazy loan-flow layer import
 * this file, so its schemas stay out of the first load.
 */

const isoDate = z.iso.date();

/**
 * What the loan request last loaded, kept with the flow so the form keeps working offline (limit, holidays,
 * accounts, cards, plans). Amounts are integer cents (already decoded from the wire), so nothing is decoded twice.
 */
export const loanFlowLoadedSchema = z.object({
  availableLimitCents: z.number().int().nonnegative().optional(),
  /** The minipréstamo's available limit (absent in a flow saved before the minipréstamo: none offered offline). */
  miniAvailableLimitCents: z.number().int().nonnegative().optional(),
  holidays: z.array(isoDate).optional(),
  accounts: z
    .array(z.object({ accountId: z.number().int(), accountNumber: z.string(), bankValue: z.string() }))
    .optional(),
  cards: z
    .array(
      z.object({
        id: z.number().int(),
        maskedCardNumber: z.string(),
        cardStatus: z.string(),
        brand: z.enum(['visa', 'other']).optional(),
      }),
    )
    .optional(),
  /** Whether the communication preferences object is non-empty (acceptCommunications is shown). */
  hasCommunicationPreferences: z.boolean().optional(),
  /**
   * The plans of the last product, amount and first date (the request that priced them, and each option's figures):
   * the instalment loan's four, or the minipréstamo's one (`loanProduct` absent: the instalment loan).
   */
  plans: z
    .object({
      loanProduct: z.enum(['installment', 'mini']).optional(),
      product: z.number(),
      firstRepaymentDate: isoDate,
      options: z.array(
        z.object({
          installments: z.number().int(),
          monthlyCents: z.number().int(),
          firstPaymentCents: z.number().int(),
          totalInterestCents: z.number().int(),
          totalCents: z.number().int(),
          taePercent: z.number(),
          firstDate: isoDate,
          /** A minipréstamo priced as the interest-free first loan, and the interest it costs if the 0 % lapses. */
          interestFree: z.boolean().optional(),
          lapsedInterestCents: z.number().int().optional(),
        }),
      ),
    })
    .optional(),
});
export type LoanFlowLoaded = z.infer<typeof loanFlowLoadedSchema>;

/**
 * A saved loan flow (second document §3 "Stored loan-flow parameters"): its id (the `l` query parameter), the
 * request parameters (`loanFlowDtoSchema`) and the form values (`loanFlowFormValuesSchema`), the step it was left
 * on, and what the form last loaded (offline use). 1 day, one entry per id.
 */
/**
 * The saved flow's dto and form values, the same shapes as the contract's `loanFlowDtoSchema` and
 * `loanFlowFormValuesSchema` (src/shared/api/loan.ts; a unit test parses one value with both). Written out here so
 * the persisted atoms, read on every page, do not pull the whole loan contract into the first load.
 */
const emptyable = (max: number) => z.union([z.number().int().min(1).max(max), z.literal('')]).nullable();
export const savedLoanFlowDtoSchema = z.strictObject({
  amount: z.number().positive().max(1_000_000),
  paymentDates: z.array(isoDate).min(1).max(60),
  issueDate: isoDate,
  salaryCalculationDetails: z.strictObject({
    nextSalaryDate: isoDate,
    calculateNextXDates: z.number().int().min(1).max(120),
    paymentFrequencyLogical: z.string().max(30),
    day: emptyable(31),
    week: emptyable(7),
  }),
});
export const savedLoanFlowFormValuesSchema = z.strictObject({
  loanProduct: z.enum(['installment', 'mini']).nullable().optional(),
  product: z.number().positive().max(1_000_000).nullable().optional(),
  firstRepaymentDate: isoDate.nullable().optional(),
  installment: z.number().int().min(1).max(60).nullable().optional(),
  accountId: z.number().int().positive().nullable().optional(),
  cardId: z.number().int().positive().nullable().optional(),
  acceptCommunications: z.boolean().nullable().optional(),
  acceptAgreement: z.boolean().nullable().optional(),
});
/** The screens a flow can be resumed on (the contract's `loanFlowSteps`). */
export const savedLoanFlowSteps = ['bankCredentials', 'loanApply', 'loanRequestLimitApprove', 'loanRequest'] as const;

export const savedLoanFlowSchema = z.object({
  id: z.string().min(1),
  dto: savedLoanFlowDtoSchema,
  formValues: savedLoanFlowFormValuesSchema,
  step: z.enum(savedLoanFlowSteps).optional(),
  loaded: loanFlowLoadedSchema.optional(),
});
export type SavedLoanFlow = z.infer<typeof savedLoanFlowSchema>;

const loanFlowAtoms = new Map<string, PersistedAtom<SavedLoanFlow | null>>();
/** The saved loan flow of an id (one atom per id, created once). */
export function loanFlowAtom(id: string): PersistedAtom<SavedLoanFlow | null> {
  let flowAtom = loanFlowAtoms.get(id);
  if (!flowAtom) {
    flowAtom = persistedAtom<SavedLoanFlow | null>({
      key: `loanFlow:${id}`,
      schema: savedLoanFlowSchema.nullable(),
      ttlMs: TTL.loanFlow,
      initial: null,
    });
    loanFlowAtoms.set(id, flowAtom);
  }
  return flowAtom;
}
