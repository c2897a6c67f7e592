import { z } from 'zod';
import { memberDetailsSchema } from '../../shared/api/member.ts';
import { COOKIE_EXPIRY_DAYS, TTL } from '../../shared/constants.ts';
import { persistedAtom, type PersistedAtom } from './persisted-atom.ts';

/**
 * Every persisted atom of the client, with its lifetime (first document §9, second document §9, architecture §4).
 * Server data (loans, cards, …) is not kept here: it comes from the API when a page needs it.
 */

const DAY = 24 * 60 * 60 * 1000;
const isoDate = z.iso.date();

/** The session: the bearer token and the member details it belongs to. 24 h from login (updates keep the expiry). */
export const storedSessionSchema = z.object({
  token: z.string().min(1),
  memberDetails: memberDetailsSchema,
});
export type StoredSession = z.infer<typeof storedSessionSchema>;
export const sessionAtom = persistedAtom<StoredSession | null>({
  key: 'session',
  schema: storedSessionSchema.nullable(),
  ttlMs: TTL.session,
  initial: null,
  keepExpiry: true,
});

/** Basic details remembered for the login greeting ('Cambiar cuenta' clears them): 31 days. */
export const basicDetailsSchema = z.object({ firstName: z.string(), phone: z.string() });
export type BasicDetails = z.infer<typeof basicDetailsSchema>;
export const basicDetailsAtom = persistedAtom<BasicDetails | null>({
  key: 'basicDetails',
  schema: basicDetailsSchema.nullable(),
  ttlMs: TTL.basicDetails,
  initial: null,
});

/** Campaign parameters (utm_campaign, uid, mykredit_ref, campaignid) and the visit history: 3 days. */
export const campaignParametersSchema = z.object({
  utm_campaign: z.string().optional(),
  uid: z.string().optional(),
  mykredit_ref: z.string().optional(),
  campaignid: z.string().optional(),
  history: z.array(z.object({ occuredAt: z.string(), fullUri: z.string() })),
});
export type CampaignParameters = z.infer<typeof campaignParametersSchema>;
export const campaignParametersAtom = persistedAtom<CampaignParameters | null>({
  key: 'campaignParameters',
  schema: campaignParametersSchema.nullable(),
  ttlMs: TTL.campaignParameters,
  initial: null,
});

/**
 * What the loan request last loaded, kept with the flow so the form keeps working offline (limit, holidays,
 * accounts, cards, plans). Amounts are integer cents (already decoded from the wire), so nothing is decoded twice.
 */
export const loanFlowLoadedSchema = z.object({
  availableLimitCents: z.number().int().nonnegative().optional(),
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
  /** The four plans of the last product and first date (the request that priced them, and each option's figures). */
  plans: z
    .object({
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

/** The loan-flow id stored for each customer id (first document §3): 1 day, like the flows themselves. */
export const loanFlowIdsAtom = persistedAtom<Record<string, string>>({
  key: 'loanFlowIds',
  schema: z.record(z.string(), z.string()),
  ttlMs: TTL.loanFlow,
  initial: {},
});

/**
 * The signup form's values, so a reload or a lost connection loses nothing (the only form persisted, first document
 * §3). Passwords are never stored. 1 day; cleared on successful registration.
 */
export const signupFormAtom = persistedAtom<Record<string, unknown> | null>({
  key: 'signupForm',
  schema: z.record(z.string(), z.unknown()).nullable(),
  ttlMs: 1 * DAY,
  initial: null,
});

/** Cookie permissions (second document §3); strictly necessary is always true. 1 year. */
export const cookieConsentSchema = z.object({
  strictlyNecessary: z.literal(true),
  analyticsPerformance: z.boolean(),
  functional: z.boolean(),
  fullStoryVideo: z.boolean(),
  advertisingPurposing: z.boolean(),
});
export type CookieConsent = z.infer<typeof cookieConsentSchema>;
export const cookieConsentAtom = persistedAtom<CookieConsent | null>({
  key: 'cookieConsent',
  schema: cookieConsentSchema.nullable(),
  ttlMs: TTL.cookieConsent,
  initial: null,
});

/** When the marketing opt-in prompt was last shown: it is not repeated within 7 days (its entry's life). */
export const marketingPromptAtom = persistedAtom<{ shownAt: string } | null>({
  key: 'marketingPrompt',
  schema: z.object({ shownAt: z.string() }).nullable(),
  ttlMs: TTL.marketingPrompt,
  initial: null,
});

/** The Client-Unique header and the activity log's device id: a random id kept like the spec's own client-id cookie. */
export const clientUniqueIdAtom = persistedAtom<string | null>({
  key: 'clientUniqueId',
  schema: z.string().min(8).max(100).nullable(),
  ttlMs: COOKIE_EXPIRY_DAYS.clientIdAndPolicy * DAY,
  initial: null,
});

/** Every persisted atom with a fixed key (loan flows are keyed by id and hydrated by the flow that opens them). */
export const persistedAtoms = [
  sessionAtom,
  basicDetailsAtom,
  campaignParametersAtom,
  loanFlowIdsAtom,
  signupFormAtom,
  cookieConsentAtom,
  marketingPromptAtom,
  clientUniqueIdAtom,
] as const;
