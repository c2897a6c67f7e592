import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { routeKeys, type RouteKey } from '../shared/routes/table.ts';
import HomePage from '../features/home/HomePage.tsx';

/**
 * The page of each route, loaded on demand (one chunk per page, precached by the service worker). Routes whose
 * feature is not built yet show the upcoming-page notice under their own title; each feature replaces its line.
 */
type PageModule = { default: ComponentType };

/**
 * The landing page ships with the first load: its hero is the largest paint of a first visit, and a lazy chunk would
 * add a round trip before it (Lighthouse LCP). Every other page is lazy.
 */
const homePage: PageModule = { default: HomePage };

const loaders: Partial<Record<RouteKey, () => Promise<PageModule>>> = {
  home: () => Promise.resolve(homePage),
  account: () => import('./pages/AccountPage.tsx'),
  // Repayment problems ('¿Problemas con un reembolso?') and the credit history.
  paymentReason: () => import('../features/payment-reason/PaymentReasonPage.tsx'),
  creditHistory: () => import('../features/credit-history/CreditHistoryPage.tsx'),
  designGuide: () => import('../features/design-guide/DesignGuidePage.tsx'),
  // Static pages, repay short links, unsubscribe.
  howItWorks: () => import('../features/static-pages/pages/HowItWorksPage.tsx'),
  quickLoans: () => import('../features/static-pages/pages/QuickLoansPage.tsx'),
  miniLoans: () => import('../features/static-pages/pages/MiniLoansPage.tsx'),
  aboutUs: () => import('../features/static-pages/pages/AboutUsPage.tsx'),
  cookies: () => import('../features/static-pages/pages/CookiePolicyPage.tsx'),
  privacyPolicy: () => import('../features/static-pages/pages/PrivacyPolicyPage.tsx'),
  termsAndConditions: () => import('../features/static-pages/pages/TermsPage.tsx'),
  contactUs: () => import('../features/static-pages/pages/ContactUsPage.tsx'),
  faq: () => import('../features/static-pages/pages/FaqPage.tsx'),
  shortLink: () => import('../features/short-links/RepayLinkPage.tsx'),
  shortLinkX: () => import('../features/short-links/RepayLinkPage.tsx'),
  shortLinkS: () => import('../features/short-links/RepayLinkPage.tsx'),
  unsubscribe: () => import('../features/unsubscribe/UnsubscribePage.tsx'),
  // A staff member's read-only view of a customer's area: waits for start-up, then goes to the landing page.
  morph: () => import('./pages/MorphPage.tsx'),
  login: () => import('../features/auth/LoginPage.tsx'),
  loginForgotPin: () => import('../features/auth/ForgotPinPage.tsx'),
  loginResetPassword: () => import('../features/auth/ResetPasswordPage.tsx'),
  // Registration, OTP, change of mobile, address.
  register: () => import('../features/register/RegisterPage.tsx'),
  otp: () => import('../features/otp/OtpPage.tsx'),
  otpChangeMobile: () => import('../features/otp/ChangeMobilePage.tsx'),
  addressDetails: () => import('../features/address/AddressPage.tsx'),
  addressDetailsDeclined: () => import('../features/address/AddressDeclinedPage.tsx'),
  // Bank linking and the credit limit it gives.
  bankCredentials: () => import('../features/bank/BankCredentialsPage.tsx'),
  loanRequestLimitApprove: () => import('../features/bank/LimitApprovePage.tsx'),
  loanApply: () => import('../features/loan-request/LoanApplyPage.tsx'),
  loanRequest: () => import('../features/loan-request/LoanRequestPage.tsx'),
  // Identity documents of the loan flow and the card proof upload.
  documents: () => import('../features/documents/DocumentsPage.tsx'),
  financialInfoUploadCard: () => import('../features/documents/UploadCardPage.tsx'),
  // Cards (add card with 3-D Secure, active cards) and the loan request's outcome pages.
  financialInfoAddCard: () => import('../features/cards/AddCardPage.tsx'),
  financialInfoActiveCards: () => import('../features/cards/ActiveCardsPage.tsx'),
  loanRequestSuccess: () => import('../features/loan-outcome/LoanSuccessPage.tsx'),
  loanRequestDeclined: () => import('../features/loan-outcome/LoanDeclinedPage.tsx'),
  dashboardDeclined: () => import('../features/loan-outcome/DashboardDeclinedPage.tsx'),
  // The dashboard: the credit summary of the current loan.
  dashboard: () => import('../features/dashboard/DashboardPage.tsx'),
  // Paying a loan (card with 3-D Secure, bank transfer details, direct transfer) and the payment's outcome.
  payment: () => import('../features/payment/PaymentPage.tsx'),
  paymentSuccess: () => import('../features/payment/PaymentSuccessPage.tsx'),
  // 'Pago Flexible': the new plan before the customer confirms the restructure.
  restructure: () => import('../features/restructure/RestructurePage.tsx'),
  rollover: () => import('../features/rollover/RolloverPage.tsx'),
  // An agent's introduction (docs/backoffice.md §5): the customer logs in with a code sent to their mobile.
  handover: () => import('../features/handover/HandoverPage.tsx'),
};

const upcoming = () => import('./pages/UpcomingPage.tsx');

/** Page modules loaded ahead of their first render (`preloadPage`). */
const preloaded = new Map<RouteKey, PageModule>();

/**
 * An already settled thenable: React.lazy reads a preloaded page synchronously (a promise, even a resolved one,
 * would suspend its first render for a tick and show the loading fallback).
 */
const settled = (module: PageModule): Promise<PageModule> =>
  ({ then: (onFulfilled: (value: PageModule) => unknown) => onFulfilled(module) }) as unknown as Promise<PageModule>;

/** The lazy page component of every route, created once at start (React needs stable component identities). */
export const pages: Readonly<Record<RouteKey, LazyExoticComponent<ComponentType>>> = Object.fromEntries(
  routeKeys.map((key) => {
    const load = loaders[key] ?? upcoming;
    return [
      key,
      lazy(() => {
        const module = preloaded.get(key);
        return module ? settled(module) : load();
      }),
    ];
  }),
) as Record<RouteKey, LazyExoticComponent<ComponentType>>;

/**
 * Loads a route's page module ahead of its first render. The app takes over a pre-rendered page (src/main.tsx) only
 * once its code is here, and its first render then shows the page at once, never the loading fallback over it.
 */
export async function preloadPage(key: RouteKey): Promise<void> {
  preloaded.set(key, await (loaders[key] ?? upcoming)());
}

/** Whether a route has its own page yet (the rest show the upcoming notice). */
export const hasOwnPage = (key: RouteKey): boolean => key in loaders;
