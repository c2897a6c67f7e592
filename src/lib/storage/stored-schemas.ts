import { z } from 'zod';
import { memberDetailsSchema } from '../../shared/api/customer-schemas.ts';

/**
 * What each persisted atom of atoms.ts may hold (the stored value; `null` is nothing stored). The atoms themselves
 * use the zod-free codecs that `npm run generate:wire` writes from these schemas (stored-codecs.ts), so a first
 * visit reads and writes its stored state without zod.
 */

/** The session: the bearer token and the member details it belongs to. */
export const storedSessionSchema = z.object({
  token: z.string().min(1),
  memberDetails: memberDetailsSchema,
});
export type StoredSession = z.infer<typeof storedSessionSchema>;

/** Basic details remembered for the login greeting. */
export const basicDetailsSchema = z.object({ firstName: z.string(), phone: z.string() });
export type BasicDetails = z.infer<typeof basicDetailsSchema>;

/** Campaign parameters (utm_campaign, uid, mykredit_ref, campaignid) and the visit history. */
export const campaignParametersSchema = z.object({
  utm_campaign: z.string().optional(),
  uid: z.string().optional(),
  mykredit_ref: z.string().optional(),
  campaignid: z.string().optional(),
  history: z.array(z.object({ occuredAt: z.string(), fullUri: z.string() })),
});
export type CampaignParameters = z.infer<typeof campaignParametersSchema>;

/**
 * The home calculator's last choice: where a new loan request starts. `product` is the product the visitor chose
 * (absent: the instalment loan, as every choice stored before the minipréstamo). `amount` is that product's amount in
 * whole euros; `days` the minipréstamo's term (its one repayment `days` after the day of the choice, a weekend moved
 * to the Monday); `installments` the instalment loan's count, kept for a minipréstamo too (the instalment side's
 * value), so a reader that knows no product yet starts from an instalment count it offers.
 */
export const calculatorChoiceSchema = z.object({
  product: z.enum(['installment', 'mini']).optional(),
  amount: z.number().int(),
  installments: z.number().int(),
  days: z.number().int().optional(),
});
export type CalculatorChoice = z.infer<typeof calculatorChoiceSchema>;

/** The loan-flow id stored for each customer id. */
export const loanFlowIdsSchema = z.record(z.string(), z.string());

/** The signup form's values (never passwords). */
export const signupFormSchema = z.record(z.string(), z.unknown());

/** Cookie permissions (second document §3); strictly necessary is always true. */
export const cookieConsentSchema = z.object({
  strictlyNecessary: z.literal(true),
  analyticsPerformance: z.boolean(),
  functional: z.boolean(),
  fullStoryVideo: z.boolean(),
  advertisingPurposing: z.boolean(),
});
export type CookieConsent = z.infer<typeof cookieConsentSchema>;

/** When the marketing opt-in prompt was last shown. */
export const marketingPromptSchema = z.object({ shownAt: z.string() });

/** The Client-Unique header and the activity log's device id. */
export const clientUniqueIdSchema = z.string().min(8).max(100);

/**
 * The last CustomerAllLoansGet answer of the logged-in customer and when it came (epoch ms). `loans` holds the wire
 * form (euros), parsed with the contract's schema by src/lib/loans when read.
 */
export const loansCacheSchema = z.object({
  customerId: z.number().int(),
  savedAt: z.number().finite(),
  loans: z.array(z.unknown()),
});
export type LoansCache = z.infer<typeof loansCacheSchema>;

/**
 * The account page's last answers (CustomerGet, ScrapedAccountsGet, CustomerMiniGet) of the logged-in customer and
 * when they came (epoch ms). `account` holds the wire form, parsed with the contract's schemas by the account page.
 */
export const accountCacheSchema = z.object({
  customerId: z.number().int(),
  savedAt: z.number().finite(),
  account: z.record(z.string(), z.unknown()),
});
export type AccountCache = z.infer<typeof accountCacheSchema>;

/** Every atom's schema as stored (nullable where the atom's "nothing stored" is null), by the atom's key. */
export const storedSchemas = {
  session: storedSessionSchema.nullable(),
  basicDetails: basicDetailsSchema.nullable(),
  campaignParameters: campaignParametersSchema.nullable(),
  loanFlowIds: loanFlowIdsSchema,
  signupForm: signupFormSchema.nullable(),
  cookieConsent: cookieConsentSchema.nullable(),
  marketingPrompt: marketingPromptSchema.nullable(),
  clientUniqueId: clientUniqueIdSchema.nullable(),
  loansCache: loansCacheSchema.nullable(),
  accountCache: accountCacheSchema.nullable(),
  calculatorChoice: calculatorChoiceSchema.nullable(),
} as const;
