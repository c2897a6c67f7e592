import { COOKIE_EXPIRY_DAYS, TTL } from '../../shared/constants.ts';
import { persistedAtom } from './persisted-atom.ts';
import { storedCodecs } from './stored-codecs.ts';
import type {
  AccountCache,
  BasicDetails,
  CalculatorChoice,
  CampaignParameters,
  CookieConsent,
  LoansCache,
  StoredSession,
} from './stored-schemas.ts';

export type { AccountCache, BasicDetails, CampaignParameters, CookieConsent, LoansCache, StoredSession };

/**
 * Every persisted atom of the client, with its lifetime (first document §9, second document §9, architecture §4).
 * Server data (loans, cards, …) is not kept here: it comes from the API when a page needs it.
 */

const DAY = 24 * 60 * 60 * 1000;

/** The session: the bearer token and the member details it belongs to. 24 h from login (updates keep the expiry). */
export const sessionAtom = persistedAtom<StoredSession | null>({
  key: 'session',
  schema: storedCodecs.session,
  ttlMs: TTL.session,
  initial: null,
  keepExpiry: true,
});

/** Basic details remembered for the login greeting ('Cambiar cuenta' clears them): 31 days. */
export const basicDetailsAtom = persistedAtom<BasicDetails | null>({
  key: 'basicDetails',
  schema: storedCodecs.basicDetails,
  ttlMs: TTL.basicDetails,
  initial: null,
});

/** Campaign parameters (utm_campaign, uid, mykredit_ref, campaignid) and the visit history: 3 days. */
export const campaignParametersAtom = persistedAtom<CampaignParameters | null>({
  key: 'campaignParameters',
  schema: storedCodecs.campaignParameters,
  ttlMs: TTL.campaignParameters,
  initial: null,
});

/** The loan-flow id stored for each customer id (first document §3): 1 day, like the flows themselves. */
export const loanFlowIdsAtom = persistedAtom<Record<string, string>>({
  key: 'loanFlowIds',
  schema: storedCodecs.loanFlowIds,
  ttlMs: TTL.loanFlow,
  initial: {},
});

/**
 * The signup form's values, so a reload or a lost connection loses nothing (the only form persisted, first document
 * §3). Passwords are never stored. 1 day; cleared on successful registration.
 */
export const signupFormAtom = persistedAtom<Record<string, unknown> | null>({
  key: 'signupForm',
  schema: storedCodecs.signupForm,
  ttlMs: 1 * DAY,
  initial: null,
});

/** Cookie permissions (second document §3); strictly necessary is always true. 1 year. */
export const cookieConsentAtom = persistedAtom<CookieConsent | null>({
  key: 'cookieConsent',
  schema: storedCodecs.cookieConsent,
  ttlMs: TTL.cookieConsent,
  initial: null,
});

/** When the marketing opt-in prompt was last shown: it is not repeated within 7 days (its entry's life). */
export const marketingPromptAtom = persistedAtom<{ shownAt: string } | null>({
  key: 'marketingPrompt',
  schema: storedCodecs.marketingPrompt,
  ttlMs: TTL.marketingPrompt,
  initial: null,
});

/** The Client-Unique header and the activity log's device id: a random id kept like the spec's own client-id cookie. */
export const clientUniqueIdAtom = persistedAtom<string | null>({
  key: 'clientUniqueId',
  schema: storedCodecs.clientUniqueId,
  ttlMs: COOKIE_EXPIRY_DAYS.clientIdAndPolicy * DAY,
  initial: null,
});

/**
 * The last CustomerAllLoansGet answer of the logged-in customer and when it came (epoch ms), so the dashboard can show
 * it offline ('Datos de hace 5 min'). Kept only while the session lasts: its life is the session's, it is
 * cleared at logout and whenever the session ends (session.ts `endSession`), and it is read only for the customer
 * it belongs to. `loans` holds the wire form (euros) and is parsed with the contract's schema by src/lib/loans when
 * read, so the first page load does not carry the loan schemas. Never in the service worker's caches (API answers
 * are not cached there).
 */
export const loansCacheAtom = persistedAtom<LoansCache | null>({
  key: 'loansCache',
  schema: storedCodecs.loansCache,
  ttlMs: TTL.session,
  initial: null,
});

/**
 * The account page's last data (details, address, bank accounts, cards) of the logged-in customer and when it came,
 * so /account shows it offline like the dashboard shows its loans. Same life as `loansCacheAtom`:
 * the session's, cleared whenever the session ends, read only for the customer it belongs to.
 */
export const accountCacheAtom = persistedAtom<AccountCache | null>({
  key: 'accountCache',
  schema: storedCodecs.accountCache,
  ttlMs: TTL.session,
  initial: null,
});

/**
 * The amount and instalments the visitor chose in the home calculator (first document §3 "Home calculator state"):
 * a new loan request starts from them (or says why it cannot). 1 day, like a loan flow; cleared once used.
 */
export const calculatorChoiceAtom = persistedAtom<CalculatorChoice | null>({
  key: 'calculatorChoice',
  schema: storedCodecs.calculatorChoice,
  ttlMs: TTL.loanFlow,
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
  loansCacheAtom,
  accountCacheAtom,
  calculatorChoiceAtom,
] as const;
