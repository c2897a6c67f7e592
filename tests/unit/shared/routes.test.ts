// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BRAND } from '../../../src/shared/constants.ts';
import {
  canAccess,
  decideAccess,
  landingFor,
  loginRequiredPath,
  redirectOnDenial,
  redirectRowTarget,
  redirectWhenGranted,
} from '../../../src/shared/routes/access.ts';
import { homeCtaDestination, loanCtaDestination } from '../../../src/shared/routes/cta.ts';
import { buildPath, matchRoute } from '../../../src/shared/routes/paths.ts';
import { documentTitle, routeKeys, routes } from '../../../src/shared/routes/table.ts';
import type { RouteKey } from '../../../src/shared/routes/table.ts';
import type { CustomerStatus } from '../../../src/shared/statuses.ts';

// The expected matrix is written from the spec's text (first document §6, second document §6), not derived from
// the implementation's status groups.
const VISITOR = 'visitor';
type Who = CustomerStatus | typeof VISITOR;

const STATUSES: CustomerStatus[] = [
  'new',
  'preRegistered',
  'registered',
  'systemApproved',
  'declined',
  'securityChecked',
  'internalCollection',
  'externalCollection',
  'processCollection',
  'legal',
  'fraud',
  'legalCollection',
  'closed',
  'none',
];
const EVERYONE: Who[] = [VISITOR, ...STATUSES];
/** "collection, legal and fraud states" */
const CLF: CustomerStatus[] = [
  'internalCollection',
  'externalCollection',
  'processCollection',
  'legal',
  'fraud',
  'legalCollection',
];

/** "Anonymous-only: login, register, forgot and reset routes (logged-in users are forbidden)." */
const ANONYMOUS_ONLY: Who[] = [VISITOR];
/** "otp and otpChangeMobile: status new." */
const NEW_ONLY: Who[] = ['new'];
/** "addressDetails: preRegistered or later." */
const PRE_REGISTERED_OR_LATER: Who[] = [
  'preRegistered',
  'registered',
  'systemApproved',
  'declined',
  'securityChecked',
  ...CLF,
];
/** "bankCredentials: registered only." — and, by decision, an RTB securityChecked customer adding an account. */
const BANK_CREDENTIALS: Who[] = ['registered', 'securityChecked'];
/** "dashboard and account: registered or later (declined included, systemApproved allowed)." */
const REGISTERED_OR_LATER: Who[] = ['registered', 'systemApproved', 'declined', 'securityChecked', ...CLF];
/** "documents, loan-request limit-approve and success, financial-info routes: securityChecked or later (systemApproved and collection, legal and fraud states)." */
const SECURITY_CHECKED_OR_LATER: Who[] = ['securityChecked', 'systemApproved', ...CLF];
/** "rollover and restructure: securityChecked or collection, legal and fraud states; not systemApproved." */
const SECURITY_CHECKED_OR_CLF: Who[] = ['securityChecked', ...CLF];
/** "payment: registered, systemApproved and later." (declined is not named) */
const PAYMENT: Who[] = ['registered', 'systemApproved', 'securityChecked', ...CLF];

const expectedAccess: Record<RouteKey, Who[]> = {
  // Public: home, static pages, handover, unsubscribe, short links, design guide, 404, redirects.
  home: EVERYONE,
  howItWorks: EVERYONE,
  quickLoans: EVERYONE,
  miniLoans: EVERYONE,
  aboutUs: EVERYONE,
  cookies: EVERYONE,
  privacyPolicy: EVERYONE,
  privacyPolicyTypo: EVERYONE,
  termsAndConditions: EVERYONE,
  contactUs: EVERYONE,
  faq: EVERYONE,
  handover: EVERYONE,
  unsubscribe: EVERYONE,
  shortLink: EVERYONE,
  shortLinkX: EVERYONE,
  shortLinkS: EVERYONE,
  designGuide: EVERYONE,
  /** A staff member's read-only view: open, the token of its fragment decides. */
  morph: EVERYONE,
  notFound: EVERYONE,
  loginLegacy: EVERYONE,
  login: ANONYMOUS_ONLY,
  register: ANONYMOUS_ONLY,
  loginForgotPin: ANONYMOUS_ONLY,
  loginResetPassword: ANONYMOUS_ONLY,
  otp: NEW_ONLY,
  otpChangeMobile: NEW_ONLY,
  addressDetails: PRE_REGISTERED_OR_LATER,
  bankCredentials: BANK_CREDENTIALS,
  dashboard: REGISTERED_OR_LATER,
  account: REGISTERED_OR_LATER,
  documents: SECURITY_CHECKED_OR_LATER,
  loanRequestLimitApprove: SECURITY_CHECKED_OR_LATER,
  loanRequestSuccess: SECURITY_CHECKED_OR_LATER,
  financialInfoAddCard: SECURITY_CHECKED_OR_LATER,
  financialInfoActiveCards: SECURITY_CHECKED_OR_LATER,
  financialInfoUploadCard: SECURITY_CHECKED_OR_LATER,
  rollover: SECURITY_CHECKED_OR_CLF,
  restructure: SECURITY_CHECKED_OR_CLF,
  /** "paymentSuccess: securityChecked and later." */
  paymentSuccess: SECURITY_CHECKED_OR_CLF,
  payment: PAYMENT,
  // Decisions stated in src/shared/routes/ where the spec gives no rule.
  loanRequest: ['registered', 'systemApproved', 'declined', 'securityChecked'],
  loanApply: STATUSES.filter((status) => status !== 'closed' && status !== 'none'),
  loanRequestDeclined: REGISTERED_OR_LATER,
  dashboardDeclined: REGISTERED_OR_LATER,
  addressDetailsDeclined: PRE_REGISTERED_OR_LATER,
  paymentReason: SECURITY_CHECKED_OR_CLF,
  creditHistory: REGISTERED_OR_LATER,
};

const matrix = routeKeys.flatMap((key) =>
  EVERYONE.map((who) => [key, who, (expectedAccess[key] ?? []).includes(who)] as const),
);

describe('route access by customer status', () => {
  it('has an expected row for every route of the table and no other', () => {
    expect(Object.keys(expectedAccess).sort()).toEqual([...routeKeys].sort());
  });

  it.each(matrix)('%s for %s: allowed = %s', (key, who, allowed) => {
    expect(canAccess(key, who === VISITOR ? null : who)).toBe(allowed);
  });

  it('marks the anonymous-only routes and the routes that need a login', () => {
    for (const key of ['login', 'register', 'loginForgotPin', 'loginResetPassword'] as const) {
      expect(routes[key].anonymousOnly).toBe(true);
    }
    expect(routes.dashboard.requiresLogin).toBe(true);
    expect(routes.home.requiresLogin).toBe(false);
    expect(routes.rollover.forbidden).toContain('systemApproved');
  });
});

describe('redirect on denial', () => {
  it('sends a visitor without login to the login-required page', () => {
    expect(redirectOnDenial('dashboard', null)).toEqual({ kind: 'loginRequired' });
    expect(decideAccess('documents', null)).toEqual({ kind: 'loginRequired' });
  });

  it('sends systemApproved to the dashboard and registered to bank credentials', () => {
    expect(redirectOnDenial('rollover', 'systemApproved')).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(redirectOnDenial('documents', 'registered')).toEqual({ kind: 'redirect', to: '/bank-credentials' });
  });

  it('sends other statuses to their own home, and closed or none to the home page', () => {
    expect(redirectOnDenial('dashboard', 'new')).toEqual({ kind: 'redirect', to: '/otp' });
    expect(redirectOnDenial('bankCredentials', 'preRegistered')).toEqual({ kind: 'redirect', to: '/address-details' });
    expect(redirectOnDenial('login', 'securityChecked')).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(redirectOnDenial('documents', 'declined')).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(redirectOnDenial('dashboard', 'closed')).toEqual({ kind: 'redirect', to: '/' });
    expect(redirectOnDenial('dashboard', 'none')).toEqual({ kind: 'redirect', to: '/' });
  });

  it.each(STATUSES)('never redirects %s to a route it may not enter', (status) => {
    for (const key of routeKeys) {
      const decision = decideAccess(key, status);
      if (decision.kind !== 'redirect') continue;
      expect(canAccess(matchRoute(decision.to).key, status)).toBe(true);
      expect(decideAccess(matchRoute(decision.to).key, status)).toEqual({ kind: 'allow' });
    }
  });

  it('lets the bank-credentials route redirect by status even when granted, staying put for registered', () => {
    expect(routes.bankCredentials.redirectByStatusWhenGranted).toBe(true);
    expect(redirectWhenGranted('bankCredentials', 'registered')).toBeUndefined();
    expect(decideAccess('bankCredentials', 'registered')).toEqual({ kind: 'allow' });
    expect(redirectWhenGranted('dashboard', 'registered')).toBeUndefined();
    // An RTB customer adding an account from the loan request stays; any other status is redirected by status.
    expect(decideAccess('bankCredentials', 'securityChecked')).toEqual({ kind: 'allow' });
    expect(decideAccess('bankCredentials', 'systemApproved')).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('builds the login link of the login-required page with the encoded current path and query', () => {
    const link = loginRequiredPath('/payment/pay/installment/12?paymentOption=closeLoan');
    expect(link).toBe('/login?redirectTo=%2Fpayment%2Fpay%2Finstallment%2F12%3FpaymentOption%3DcloseLoan');
    expect(new URLSearchParams(link.split('?')[1]).get('redirectTo')).toBe(
      '/payment/pay/installment/12?paymentOption=closeLoan',
    );
  });
});

describe('landing pages (first document §4)', () => {
  it.each([
    ['new', '/otp'],
    ['preRegistered', '/address-details'],
    ['registered', '/bank-credentials'],
    ['systemApproved', '/dashboard'],
    ['declined', '/dashboard'],
    ['securityChecked', '/dashboard'],
    ['internalCollection', '/dashboard'],
    ['externalCollection', '/dashboard'],
    ['processCollection', '/dashboard'],
    ['legal', '/dashboard'],
    ['fraud', '/dashboard'],
    ['legalCollection', '/dashboard'],
  ] as const)('%s lands on %s', (status, path) => {
    expect(landingFor(status)).toBe(path);
  });

  it('lands on home without a known status', () => {
    expect(landingFor(null)).toBe('/');
    expect(landingFor('closed')).toBe('/');
  });
});

describe('paths', () => {
  it.each([
    ['home', '/'],
    ['login', '/login'],
    ['loginForgotPin', '/login/forgot-pin'],
    ['loginResetPassword', '/login/reset-password'],
    ['register', '/registro/datos-personales'],
    ['otp', '/otp'],
    ['otpChangeMobile', '/otp/change-mobile'],
    ['addressDetails', '/address-details'],
    ['addressDetailsDeclined', '/address-details/declined'],
    ['dashboard', '/dashboard'],
    ['dashboardDeclined', '/dashboard/declined'],
    ['bankCredentials', '/bank-credentials'],
    ['loanRequest', '/loan-request'],
    ['loanRequestLimitApprove', '/loan-request/limit-approve'],
    ['loanRequestSuccess', '/loan-request/success'],
    ['loanRequestDeclined', '/loan-request/declined'],
    ['documents', '/documents'],
    ['financialInfoAddCard', '/financial-info/add-card'],
    ['financialInfoActiveCards', '/financial-info/active-cards'],
    ['financialInfoUploadCard', '/financial-info/upload-card'],
    ['loanApply', '/loan-apply'],
    ['rollover', '/rollover/:loanId?'],
    ['restructure', '/restructure/:loanId?'],
    ['payment', '/payment/pay/:paymentType/:loanId/:installmentId?'],
    ['paymentSuccess', '/payment/success/:paidType?'],
    ['paymentReason', '/payment-reason'],
    ['account', '/account'],
    ['creditHistory', '/credit-history'],
    ['handover', '/handover/v1/:introductionId'],
    ['howItWorks', '/como-funciona'],
    ['quickLoans', '/prestamos-rapidos'],
    ['miniLoans', '/miniprestamos'],
    ['aboutUs', '/sobre-nosotros'],
    ['cookies', '/cookie'],
    ['privacyPolicy', '/politica-privacidad'],
    ['termsAndConditions', '/terminos-condiciones'],
    ['contactUs', '/contactanos'],
    ['faq', '/preguntas-frecuentes'],
    ['shortLink', '/r/:repayToken'],
    ['shortLinkX', '/rx/:repayToken'],
    ['shortLinkS', '/rs/:repayToken'],
    ['designGuide', '/design-guide'],
    ['unsubscribe', '/unsubscribe'],
  ] as const)('%s is at %s', (key, path) => {
    expect(routes[key].path).toBe(path);
  });

  it('fills parameters and drops absent optional ones', () => {
    expect(buildPath('rollover')).toBe('/rollover');
    expect(buildPath('rollover', { loanId: 42 })).toBe('/rollover/42');
    expect(buildPath('payment', { paymentType: 'installment', loanId: 7 })).toBe('/payment/pay/installment/7');
    expect(
      buildPath('payment', { paymentType: 'installment', loanId: 7, installmentId: 3 }, { paymentOption: 'closeLoan' }),
    ).toBe('/payment/pay/installment/7/3?paymentOption=closeLoan');
    expect(buildPath('shortLinkX', { repayToken: 'a/b c' })).toBe('/rx/a%2Fb%20c');
  });

  it('appends only the query values that are set', () => {
    expect(buildPath('register', {}, { phone: '612345678', skipPhoneCheck: true })).toBe(
      '/registro/datos-personales?phone=612345678&skipPhoneCheck=true',
    );
    expect(buildPath('loginResetPassword', {}, { phone: '612345678', pin: undefined })).toBe(
      '/login/reset-password?phone=612345678',
    );
    expect(buildPath('unsubscribe', {}, { camp: 'c1', key: 'k', userTo: 'u@x.es' })).toBe(
      '/unsubscribe?camp=c1&key=k&userTo=u%40x.es',
    );
  });

  it('refuses to build a path with a missing required parameter', () => {
    expect(() => buildPath('handover', {} as { introductionId: string })).toThrow(/introductionId/);
  });

  it('matches paths back to their route and parameters, anything else to the 404 page', () => {
    expect(matchRoute('/payment/pay/installment/7/3')).toEqual({
      key: 'payment',
      params: { paymentType: 'installment', loanId: '7', installmentId: '3' },
    });
    expect(matchRoute('/rollover')).toEqual({ key: 'rollover', params: {} });
    expect(matchRoute('/rs/tok%20en')).toEqual({ key: 'shortLinkS', params: { repayToken: 'tok en' } });
    expect(matchRoute('/r/abc').key).toBe('shortLink');
    expect(matchRoute('/dashboard/').key).toBe('dashboard');
    expect(matchRoute('/no-such-page').key).toBe('notFound');
    expect(matchRoute('/ry/abc').key).toBe('notFound');
  });

  it('redirects /iniciar-sesion to /login keeping the query, and /policita-privacidad to /politica-privacidad', () => {
    expect(redirectRowTarget('loginLegacy', '?redirectTo=%2Fdashboard')).toBe('/login?redirectTo=%2Fdashboard');
    expect(redirectRowTarget('loginLegacy')).toBe('/login');
    expect(redirectRowTarget('privacyPolicyTypo', '?x=1')).toBe('/politica-privacidad');
    expect(redirectRowTarget('home')).toBeUndefined();
  });

  it('names the query parameters of the spec', () => {
    expect(routes.loginResetPassword.query).toEqual(['phone', 'pin']);
    expect(routes.register.query).toEqual(['phone', 'skipPhoneCheck']);
    expect(routes.unsubscribe.query).toEqual(['camp', 'key', 'userTo']);
    expect(routes.payment.query).toEqual(['paymentOption']);
    expect(routes.paymentReason.query).toEqual(['loanId']);
    expect(routes.loanRequest.query).toContain('l');
  });
});

describe('loan flow screens', () => {
  it('logs the loan-flow screens under the spec names', () => {
    const screens = Object.fromEntries(
      routeKeys
        .filter((key) => routes[key].loanFlowScreen !== undefined)
        .map((key) => [key, routes[key].loanFlowScreen]),
    );
    expect(screens).toEqual({
      bankCredentials: 'Scrape',
      loanApply: 'LoanApply',
      loanRequestLimitApprove: 'LimitApproval',
      loanRequest: 'LoanCreation',
      documents: 'DocumentUpload',
      financialInfoAddCard: 'CardEntry',
      loanRequestDeclined: 'Decline',
      loanRequestSuccess: 'Success',
    });
  });
});

describe('call-to-action destinations', () => {
  it('sends a logged-out visitor to login', () => {
    expect(loanCtaDestination({ loggedIn: false, status: null })).toBe('/login');
    expect(homeCtaDestination({ loggedIn: false, status: null, loanFlowId: 'abc' })).toBe('/login');
  });

  it('sends a customer with a stored loan flow to loanApply with the flow id', () => {
    expect(loanCtaDestination({ loggedIn: true, status: 'new', loanFlowId: 'f1' })).toBe('/loan-apply?l=f1');
    expect(homeCtaDestination({ loggedIn: true, status: 'securityChecked', loanFlowId: 'f1' })).toBe(
      '/loan-apply?l=f1',
    );
  });

  it.each([
    ['new', '/otp'],
    ['preRegistered', '/address-details'],
    ['registered', '/loan-request'],
    ['securityChecked', '/loan-request'],
    ['systemApproved', '/loan-request'],
    ['declined', '/dashboard'],
    ['fraud', '/dashboard'],
  ] as const)('loan call-to-action sends %s to %s', (status, path) => {
    expect(loanCtaDestination({ loggedIn: true, status, loanFlowId: null })).toBe(path);
  });

  it("'Solicita YA' sends a logged-in customer without a stored flow to the page for their status", () => {
    expect(homeCtaDestination({ loggedIn: true, status: 'registered' })).toBe('/bank-credentials');
    expect(homeCtaDestination({ loggedIn: true, status: 'new' })).toBe('/otp');
    expect(homeCtaDestination({ loggedIn: true, status: 'systemApproved' })).toBe('/dashboard');
  });
});

describe('titles', () => {
  it('puts the product name first, then the page', () => {
    expect(documentTitle('home')).toBe(`${BRAND} | Solicita tu préstamo rápido en menos de 10 minutos`);
    for (const key of routeKeys) expect(routes[key].title.length).toBeGreaterThan(0);
  });
});
