/**
 * The route table of both specification documents (first document §2, second document §2) with the access rules
 * of §6 of each, as rows: path, title, query parameters, allowed and forbidden statuses, redirects. The client router
 * and every link use this table; the functions built on it are beside it: paths.ts (path building and matching),
 * access.ts (access check, landing page, redirect on denial) and cta.ts (the loan call-to-action destinations).
 */
import { BRAND } from '../constants.ts';
import { SHELL_MESSAGES } from '../messages.ts';
import {
  collectionLegalFraudStatuses,
  customerStatuses,
  loggedOutStatuses,
  preRegisteredOrLaterStatuses,
  registeredOrLaterStatuses,
  securityCheckedOrLaterStatuses,
  withLoanStatuses,
} from '../statuses.ts';
import type { CustomerStatus } from '../statuses.ts';

/** Names under which loan-flow screens are logged (second document §2). */
export const loanFlowScreens = {
  bankCredentials: 'Scrape',
  loanApply: 'LoanApply',
  loanRequestLimitApprove: 'LimitApproval',
  loanRequest: 'LoanCreation',
  documents: 'DocumentUpload',
  financialInfoAddCard: 'CardEntry',
  loanRequestDeclined: 'Decline',
  loanRequestSuccess: 'Success',
} as const;
export type LoanFlowScreen = (typeof loanFlowScreens)[keyof typeof loanFlowScreens];

/** The query parameter holding the id of the saved loan-flow parameters; navigation inside the flow keeps it. */
export const LOAN_FLOW_QUERY = 'l';
/** Query parameters read on any route (startup token, SMS read receipt, campaign capture). */
export const globalQueryParams = ['jwt', 'smsPoolId', 'utm_campaign', 'uid', 'mykredit_ref', 'campaignid'] as const;

export type RouteKind = 'page' | 'redirect' | 'notFound';

interface RouteRow {
  readonly path: string;
  /** Spanish page title (the document title is `BRAND | title`). */
  readonly title: string;
  readonly kind?: RouteKind;
  /** Query parameters the spec names for this route. */
  readonly query?: readonly string[];
  /** Customer statuses allowed; undefined = no restriction (a visitor may enter). */
  readonly allowed?: readonly CustomerStatus[];
  /** Customer statuses forbidden; undefined = none. */
  readonly forbidden?: readonly CustomerStatus[];
  /** Only for visitors: every logged-in status is forbidden. */
  readonly anonymousOnly?: boolean;
  readonly loanFlowScreen?: LoanFlowScreen;
  /** For redirect rows: the route key to go to, and whether the query string is kept. */
  readonly redirectTo?: string;
  readonly keepQuery?: boolean;
  /** The route redirects by status even when access is granted (bank credentials, §6). */
  readonly redirectByStatusWhenGranted?: boolean;
  /** Statuses the redirect-when-granted rule leaves on the route (bank credentials: an RTB adding an account). */
  readonly stayWhenGranted?: readonly CustomerStatus[];
}

/** Every status a logged-in customer may have: all of them are forbidden on the anonymous-only routes. */
const anyLoggedIn = customerStatuses;
/** Every status except `closed` and `none`, whose sessions are ended at once. */
const activeStatuses = customerStatuses.filter(
  (status) => !(loggedOutStatuses as readonly CustomerStatus[]).includes(status),
);

const anonymousOnly = { anonymousOnly: true, forbidden: anyLoggedIn } as const;

/**
 * payment: "registered, systemApproved and later". The bullet names its statuses: registered, systemApproved, then
 * what follows systemApproved in the order (securityChecked, collection, legal and fraud states). `declined` is not
 * named (the dashboard bullet says "declined included" where it applies), so it is not allowed.
 */
const paymentStatuses = [
  'registered',
  'systemApproved',
  'securityChecked',
  ...collectionLegalFraudStatuses,
] as const satisfies readonly CustomerStatus[];

/**
 * loanRequest (decision): the loan call-to-action sends registered, securityChecked and systemApproved customers
 * here; declined customers are allowed in so that the page's own rule sends them to dashboardDeclined. Collection,
 * legal and fraud states have a running loan and are redirected to the dashboard by the access rule.
 */
const loanRequestStatuses = [
  'registered',
  'systemApproved',
  'declined',
  'securityChecked',
] as const satisfies readonly CustomerStatus[];

const routeTable = {
  home: { path: '/', title: SHELL_MESSAGES.homeTitle },
  login: { path: '/login', title: 'Inicia sesión', query: ['redirectTo', 'phone'], ...anonymousOnly },
  /** /iniciar-sesion redirects to /login keeping the query string. */
  loginLegacy: {
    path: '/iniciar-sesion',
    title: 'Inicia sesión',
    kind: 'redirect',
    redirectTo: 'login',
    keepQuery: true,
  },
  loginForgotPin: { path: '/login/forgot-pin', title: '¿Olvidaste tu contraseña?', query: ['phone'], ...anonymousOnly },
  loginResetPassword: {
    path: '/login/reset-password',
    title: 'Restablecer contraseña',
    query: ['phone', 'pin'],
    ...anonymousOnly,
  },
  register: {
    path: '/registro/datos-personales',
    title: 'Crea una cuenta',
    query: ['phone', 'skipPhoneCheck'],
    ...anonymousOnly,
  },
  /** `q` carries the encrypted hint after registration. */
  otp: { path: '/otp', title: 'Verifica tu teléfono', query: ['q'], allowed: ['new'] },
  otpChangeMobile: { path: '/otp/change-mobile', title: 'Cambia tu número de teléfono', allowed: ['new'] },
  addressDetails: { path: '/address-details', title: 'Tu dirección', allowed: preRegisteredOrLaterStatuses },
  /** Decision: same statuses as addressDetails (reached from the address step and from loan requests). */
  addressDetailsDeclined: {
    path: '/address-details/declined',
    title: 'Solicitud no aprobada',
    allowed: preRegisteredOrLaterStatuses,
  },
  /**
   * `accion=pagar` (a reminder's link): resolves to the payment page of the first unpaid instalment (`loanId`
   * picks the loan when the customer has several).
   */
  dashboard: {
    path: '/dashboard',
    title: 'Área de clientes',
    query: ['accion', 'loanId'],
    allowed: registeredOrLaterStatuses,
  },
  /** Decision: same statuses as dashboard (declined customers, and loan-request errors of any later status). */
  dashboardDeclined: {
    path: '/dashboard/declined',
    title: 'Solicitud no aprobada',
    allowed: registeredOrLaterStatuses,
  },
  bankCredentials: {
    path: '/bank-credentials',
    title: 'Identifica tu banco',
    query: [LOAN_FLOW_QUERY],
    /**
     * Decision: registered customers link their first account here (second document §6); a securityChecked one
     * comes from the loan request's 'Añadir nueva cuenta bancaria' (shown only to RTB, non-blacklisted customers,
     * which the bank calls check again) and stays. Every other status is redirected by status.
     */
    allowed: ['registered', 'securityChecked'],
    loanFlowScreen: loanFlowScreens.bankCredentials,
    redirectByStatusWhenGranted: true,
    stayWhenGranted: ['securityChecked'],
  },
  loanRequest: {
    path: '/loan-request',
    title: 'Solicita tu préstamo',
    query: [LOAN_FLOW_QUERY],
    allowed: loanRequestStatuses,
    loanFlowScreen: loanFlowScreens.loanRequest,
  },
  loanRequestLimitApprove: {
    path: '/loan-request/limit-approve',
    title: 'Tu límite de crédito',
    query: [LOAN_FLOW_QUERY],
    allowed: securityCheckedOrLaterStatuses,
    loanFlowScreen: loanFlowScreens.loanRequestLimitApprove,
  },
  loanRequestSuccess: {
    path: '/loan-request/success',
    title: 'Solicitud completada',
    query: [LOAN_FLOW_QUERY],
    allowed: securityCheckedOrLaterStatuses,
    loanFlowScreen: loanFlowScreens.loanRequestSuccess,
  },
  /** Decision: registered or later, like the dashboard: the loan request may be declined at any of those statuses. */
  loanRequestDeclined: {
    path: '/loan-request/declined',
    title: 'Solicitud no aprobada',
    query: [LOAN_FLOW_QUERY],
    allowed: registeredOrLaterStatuses,
    loanFlowScreen: loanFlowScreens.loanRequestDeclined,
  },
  documents: {
    path: '/documents',
    title: 'Documentos',
    query: [LOAN_FLOW_QUERY],
    allowed: securityCheckedOrLaterStatuses,
    loanFlowScreen: loanFlowScreens.documents,
  },
  financialInfoAddCard: {
    path: '/financial-info/add-card',
    title: 'Añade tu tarjeta',
    query: [LOAN_FLOW_QUERY],
    allowed: securityCheckedOrLaterStatuses,
    loanFlowScreen: loanFlowScreens.financialInfoAddCard,
  },
  financialInfoActiveCards: {
    path: '/financial-info/active-cards',
    title: 'Tus tarjetas',
    allowed: securityCheckedOrLaterStatuses,
  },
  financialInfoUploadCard: {
    path: '/financial-info/upload-card',
    title: 'Verifica tu tarjeta',
    allowed: securityCheckedOrLaterStatuses,
  },
  /**
   * Decision: any active status. The loan call-to-action sends every logged-in customer with a stored loan flow
   * here, whatever the status; the page continues the flow from the right step.
   */
  loanApply: {
    path: '/loan-apply',
    title: 'Solicita tu préstamo',
    query: [LOAN_FLOW_QUERY],
    allowed: activeStatuses,
    loanFlowScreen: loanFlowScreens.loanApply,
  },
  rollover: {
    path: '/rollover/:loanId?',
    title: 'Prórroga',
    allowed: withLoanStatuses,
    forbidden: ['systemApproved'],
  },
  restructure: {
    path: '/restructure/:loanId?',
    title: 'Pago Flexible',
    allowed: withLoanStatuses,
    forbidden: ['systemApproved'],
  },
  payment: {
    path: '/payment/pay/:paymentType/:loanId/:installmentId?',
    title: 'Pagar',
    query: ['paymentOption'],
    allowed: paymentStatuses,
  },
  /** "securityChecked and later": securityChecked and the collection, legal and fraud states. */
  /** `paidType` is the paymentOption paid; `loanId` and `paymentId` say which payment to show. */
  paymentSuccess: {
    path: '/payment/success/:paidType?',
    title: 'Pago realizado',
    query: ['loanId', 'paymentId'],
    allowed: withLoanStatuses,
  },
  /** Decision: like paymentSuccess; it explains repayment problems of a running loan (query loanId). */
  paymentReason: {
    path: '/payment-reason',
    title: '¿Problemas con un reembolso?',
    query: ['loanId'],
    allowed: withLoanStatuses,
  },
  account: { path: '/account', title: 'Gestión de la cuenta', allowed: registeredOrLaterStatuses },
  /** Decision: like account (registered or later): the loan history of a customer who may have had loans. */
  creditHistory: { path: '/credit-history', title: 'Historial de préstamos', allowed: registeredOrLaterStatuses },
  handover: { path: '/handover/v1/:introductionId', title: 'Bienvenido' },
  howItWorks: { path: '/como-funciona', title: 'Cómo funciona' },
  quickLoans: { path: '/prestamos-rapidos', title: 'Préstamos rápidos' },
  miniLoans: { path: '/miniprestamos', title: 'Minipréstamos' },
  aboutUs: { path: '/sobre-nosotros', title: 'Sobre nosotros' },
  cookies: { path: '/cookie', title: 'Política de cookies' },
  privacyPolicy: { path: '/politica-privacidad', title: 'Política de privacidad' },
  /** /policita-privacidad redirects to /politica-privacidad. */
  privacyPolicyTypo: {
    path: '/policita-privacidad',
    title: 'Política de privacidad',
    kind: 'redirect',
    redirectTo: 'privacyPolicy',
  },
  termsAndConditions: { path: '/terminos-condiciones', title: 'Términos y condiciones' },
  contactUs: { path: '/contactanos', title: 'Contáctanos' },
  faq: { path: '/preguntas-frecuentes', title: 'Preguntas frecuentes' },
  /** The repay short link /r(x|s?)/:repayToken, as three react-router patterns. */
  shortLink: { path: '/r/:repayToken', title: 'Accediendo a tu cuenta' },
  shortLinkX: { path: '/rx/:repayToken', title: 'Accediendo a tu cuenta' },
  shortLinkS: { path: '/rs/:repayToken', title: 'Accediendo a tu cuenta' },
  designGuide: { path: '/design-guide', title: 'Guía de diseño' },
  unsubscribe: { path: '/unsubscribe', title: 'Darse de baja', query: ['camp', 'key', 'userTo'] },
  /**
   * A staff member's read-only view of a customer's area (src/shared/morph.ts): start-up takes the token from the
   * address's fragment, then this page goes to the customer's landing page. Open (the token decides), never indexed
   * (the server answers it with `X-Robots-Tag: noindex`); its path is MORPH_PATH.
   */
  morph: { path: '/morph', title: 'Vista de empleado' },
  /** Any other path: the 404 page, always open. */
  notFound: { path: '*', title: 'Página no encontrada', kind: 'notFound' },
} as const satisfies Record<string, RouteRow>;

export type RouteKey = keyof typeof routeTable;
type Row<K extends RouteKey> = (typeof routeTable)[K];
export type RoutePath<K extends RouteKey> = Row<K>['path'];

// ---------------------------------------------------------------------------------------------------------------
// Path parameter types derived from the react-router pattern
// ---------------------------------------------------------------------------------------------------------------

type Segments<P extends string> = P extends `${infer Head}/${infer Tail}` ? Head | Segments<Tail> : P;
type OptionalName<S> = S extends `:${infer N}?` ? N : never;
type RequiredName<S> = S extends `:${infer N}` ? (N extends `${string}?` ? never : N) : never;
export type ParamValue = string | number;
export type PathParams<P extends string> = { [N in RequiredName<Segments<P>>]: ParamValue } & {
  [N in OptionalName<Segments<P>>]?: ParamValue | null;
};
export type RouteParams<K extends RouteKey> = PathParams<RoutePath<K>>;

export type QueryValue = string | number | boolean | null | undefined;
type QueryName<K extends RouteKey> = Row<K> extends { readonly query: readonly (infer Q)[] } ? Q & string : never;
export type RouteQuery<K extends RouteKey> = Partial<Record<QueryName<K>, QueryValue>>;

type HasRequiredParams<K extends RouteKey> = [RequiredName<Segments<RoutePath<K>>>] extends [never] ? false : true;
export type BuildPathArgs<K extends RouteKey> =
  HasRequiredParams<K> extends true
    ? [params: RouteParams<K>, query?: RouteQuery<K>]
    : [params?: RouteParams<K>, query?: RouteQuery<K>];

// ---------------------------------------------------------------------------------------------------------------
// The table as rows
// ---------------------------------------------------------------------------------------------------------------

export interface RouteParam {
  readonly name: string;
  readonly optional: boolean;
}

export interface RouteDefinition {
  readonly key: RouteKey;
  readonly path: string;
  readonly title: string;
  readonly kind: RouteKind;
  readonly params: readonly RouteParam[];
  readonly query: readonly string[];
  readonly allowed: readonly CustomerStatus[] | undefined;
  readonly forbidden: readonly CustomerStatus[] | undefined;
  readonly anonymousOnly: boolean;
  /** True when a visitor without a session cannot enter (the route has an allowed list). */
  readonly requiresLogin: boolean;
  readonly loanFlowScreen: LoanFlowScreen | undefined;
  readonly redirectTo: RouteKey | undefined;
  readonly keepQuery: boolean;
  readonly redirectByStatusWhenGranted: boolean;
  readonly stayWhenGranted: readonly CustomerStatus[];
}

function paramsOf(path: string): RouteParam[] {
  return path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) =>
      segment.endsWith('?')
        ? { name: segment.slice(1, -1), optional: true }
        : { name: segment.slice(1), optional: false },
    );
}

function toDefinition(key: RouteKey, row: RouteRow): RouteDefinition {
  return {
    key,
    path: row.path,
    title: row.title,
    kind: row.kind ?? 'page',
    params: paramsOf(row.path),
    query: row.query ?? [],
    allowed: row.allowed,
    forbidden: row.forbidden,
    anonymousOnly: row.anonymousOnly ?? false,
    requiresLogin: row.allowed !== undefined,
    loanFlowScreen: row.loanFlowScreen,
    redirectTo: row.redirectTo as RouteKey | undefined,
    keepQuery: row.keepQuery ?? false,
    redirectByStatusWhenGranted: row.redirectByStatusWhenGranted ?? false,
    stayWhenGranted: row.stayWhenGranted ?? [],
  };
}

export const routeKeys = Object.keys(routeTable) as RouteKey[];

export const routes: Readonly<Record<RouteKey, RouteDefinition>> = Object.fromEntries(
  routeKeys.map((key) => [key, toDefinition(key, routeTable[key])]),
) as Record<RouteKey, RouteDefinition>;

/** The rows in table order, for building the router. */
export const routeList: readonly RouteDefinition[] = routeKeys.map((key) => routes[key]);

export const isRouteKey = (value: string): value is RouteKey => Object.hasOwn(routeTable, value);

/** The document title: product name, then page. */
export function documentTitle(key: RouteKey): string {
  return `${BRAND} | ${routes[key].title}`;
}
