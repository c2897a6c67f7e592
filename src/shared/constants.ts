/**
 * Business constants of both specification documents (§9 of each), in one module.
 * Durations are in milliseconds unless the name says otherwise; money in euro cents unless it says euros.
 */

import { MINI_LOAN } from './mini-loan-amounts.ts';

export const BRAND = 'Préstamo Rápido';
export const BRAND_SHORT = 'Préstamo Rápido';
export const APPLICATION_NAME = 'prestamo-rapido-web';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const LOCALE = 'es-ES';
export const LANGUAGE = 'es';
export const TIME_ZONE = 'Europe/Madrid';
export const CURRENCY = 'EUR';
export const COUNTRY_CODE = '+34';
export const COUNTRY_ISO = 'ES';

/** Persisted state lifetimes (first document §9, second document §9). */
export const TTL = {
  session: 24 * HOUR,
  basicDetails: 31 * DAY,
  campaignParameters: 3 * DAY,
  loanFlow: 1 * DAY,
  cookieConsent: 365 * DAY,
  marketingPrompt: 7 * DAY,
} as const;

/** JWT lifetime on the server: the same 24 hours as the stored session. */
export const JWT_TTL_SECONDS = 24 * 60 * 60;

/** Home calculator (first document §5, §9). */
export const CALCULATOR = {
  amountMin: 2000,
  amountMax: 5000,
  amountStep: 500,
  amountDefault: 2500,
  installmentsMin: 12,
  installmentsMax: 24,
  installmentsStep: 4,
  installmentsDefault: 12,
  paymentDatesLoaded: 24,
  defaultPaymentDay: 30,
} as const;

/** First repayment window (second document §5). */
export const FIRST_REPAYMENT = {
  earliestInDays: 6,
  latestInDays: 31,
  defaultDayThreshold: 20,
} as const;

/**
 * The offers the marketing texts name, the minipréstamo's own figures (MINI_LOAN of loan-constants.ts, the built-in
 * definition's source), so a change of the product changes them too: the zero-interest hero's «Tu primer préstamo de
 * hasta 300€ al 0 %» (the interest-free first loan's maximum) and the header's 'Recibe hasta 600 €' (its highest
 * amount).
 */
export const ZERO_INTEREST_FIRST_LOAN_MAX_EUROS = MINI_LOAN.firstLoanFreeMax;
export const HEADER_CREDIT_OFFER_EUROS = MINI_LOAN.amountMax;

export const PAYOUT_DELAY_DEFAULT_MS = 10 * MINUTE;

/** Validation lengths (first document §9, second document §5). */
export const LENGTHS = {
  passwordMin: 4,
  passwordMax: 20,
  pin: 4,
  oneTimeCode: 4,
  phone: 9,
  nationalId: 9,
  postcode: 5,
  cardNumber: 16,
  cvv: 3,
} as const;

export const AGE = { min: 18, max: 75 } as const;
export const CARD_EXPIRY_YEARS_AHEAD = 21;

export const PIN_RESEND_WAIT_MS = 60 * SECOND;
export const UNSUBSCRIBE_DELAY_MS = 1 * SECOND;
export const STARTUP_MIN_WAIT_MS = 1 * SECOND;
export const VERSION_CHECK = { firstAfterMs: 10 * SECOND, everyMs: 5 * MINUTE } as const;
export const SCROLL_THROTTLE_MS = 50;
export const BROWSER_EVENT_LOG_THROTTLE_MS = 1 * SECOND;

export const CLIENT_LOG = {
  firstSendAfterMs: 2 * SECOND,
  nextAfterSuccessMs: 5 * SECOND,
  retryAfterFailureMs: 5 * SECOND,
  requestTimeoutMs: 5 * SECOND,
} as const;

export const API_TIMEOUT = {
  normalMs: 1 * MINUTE,
  longMs: 5 * MINUTE,
  /** The file and fast API client: twice the normal one. */
  fileMs: 2 * MINUTE,
  uploadMs: 3 * MINUTE,
} as const;

export const LOAN_FLOW_DELAYS = {
  agreementPrintMs: 1 * SECOND,
  screenVisitLogMs: 1 * SECOND,
  copyTooltipResetMs: 2 * SECOND,
  scrapeRetryMs: 10 * SECOND,
  threeDsFirstWaitMs: 100,
} as const;

export const UPLOAD_MAX_BYTES = 10_000_000;

export const COOKIE_EXPIRY_DAYS = { clientIdAndPolicy: 5775, consent: 365 } as const;

export const ALERTS = { autoDismissMs: 5000, stackWidthPx: 400, positions: 6 } as const;

export const LAYOUT = {
  breakpoints: { sm: 700, md: 900, lg: 1280, xl: 1600 },
  mobileMenuBreakpoint: 890,
  headerHeight: 56,
  inputHeight: 56,
  containerMaxWidth: 1240,
  mobileMenuWidth: 400,
  confirmDialogMaxWidth: 400,
  agreementModalMaxWidth: 600,
  bankTransferModalMaxWidth: 600,
  creditSummaryCollapsedHeights: [360, 130] as const,
  carouselSpeed: 500,
  primaryColor: '#0099ff',
} as const;

/** One-time SMS codes and PIN security (architecture §7). */
export const ONE_TIME_CODE = {
  lifetimeMs: 10 * MINUTE,
  maxConsecutiveFailures: 5,
} as const;
