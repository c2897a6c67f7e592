/**
 * The Spanish texts of both specification documents, grouped by area.
 *
 * Every text of the SPEC catalogues below is copied verbatim from the spec, so `grep` of the spec's words finds it
 * here (a test checks it) — except where the spec's text is English, unaccented or voseo: the customer then reads
 * correct peninsular Spanish, written `es('the spec's words')` (./spanish.ts), so grep still finds it. Placeholders use `{name}`; fill them with `formatMessage`. Texts the spec does not give
 * but the product needs live in `PRODUCT_MESSAGES` at the end, clearly apart.
 */

import { es } from './spanish.ts';

export type MessageValues = Readonly<Record<string, string | number>>;

/** Replaces each `{name}` of the template with `values[name]`; unknown placeholders are left as they are. */
export function formatMessage(template: string, values: MessageValues = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/** Access guard, crash screen and 404 page (first document §2). */
export const SHELL_MESSAGES = {
  loginRequired: es('Para acceder a esta pagina debes iniciar sesion.'),
  crashTitle: '¡Vaya! Algo salió mal',
  goHome: 'Ir a la página de inicio',
  homeTitle: 'Solicita tu préstamo rápido en menos de 10 minutos',
} as const;

/** Header, mobile menu and offer banner (first document §2). */
export const NAVIGATION_TEXTS = {
  howItWorks: es('Como funciona'),
  help: 'Ayuda',
  about: es('About'),
  contact: 'Contacto',
  login: es('Inicia Sesion'),
  createAccount: 'Crea una Cuenta',
  clientArea: es('Area de Clientes'),
  loanHistory: es('Historial de Prestamos'),
  accountManagement: es('Gestion de la Cuenta'),
  logout: es('Cerrar Sesion'),
  offerUpTo: 'Recibe hasta {amount}',
  yourLimit: es('TU LIMITE'),
} as const;

/** Global handling by HTTP outcome (first document §8, "Global by HTTP outcome"). */
export const HTTP_MESSAGES = {
  timeout: {
    title: 'Aviso',
    heading: '¿Estás sin conexión?',
    message: 'Comprueba tu conexión a Internet y vuelve a intentarlo.',
    button: 'Recargar',
  },
  network: {
    heading: '¿Estás sin conexión?',
    message: es('Su solicitud ha expirado...'),
    button: 'Recargar',
  },
  unauthorized: { message: 'Su sesión ha caducado. Por favor ingrese nuevamente.' },
  notFound: { title: '404', message: 'No conseguimos encontrar lo que estás buscando.' },
  tooManyRequests: {
    title: 'Se han realizado demasiados intentos',
    message: 'Por favor, inténtelo de nuevo más tarde.',
  },
  serverError: {
    message: 'Ha ocurrido un error. Vuelva a cargar la página o inténtelo de nuevo.',
    button: 'Recargar',
  },
  /** The synthetic error produced when the browser is offline (first document §7). */
  offline: es('No Internet Connection'),
} as const;

/** Generic texts of both catalogues (the spec's are English: `es`). */
export const GENERIC_MESSAGES = {
  technicalError: es('Technical error'),
  requestTimeout: es('Request Timeout'),
  tryAgain: es('Please try again.'),
  authorizationError: es('Authorization Error'),
  loginWithCredentials: es('Please login with your credentials.'),
  notFound: es('404 not found.'),
} as const;

/** Toast (notification) titles. */
export const NOTIFICATION_TITLES = {
  success: es('Success'),
  error: 'Error',
  warning: es('Warning'),
  info: es('Info'),
  processing: es('Processing'),
} as const;

/**
 * Confirm dialog titles by type and default buttons (first document §2: 'Si' and 'No'). 'Sí' is the default of a
 * question (a dialog with 'No'); a dialog that asks nothing is acknowledged with UI_TEXTS.acknowledge ('Aceptar').
 */
export const DIALOG_TEXTS = {
  titles: { success: es('Exito'), error: es('Attencione'), info: 'Aviso', warning: 'Aviso' },
  yes: es('Si'),
  no: 'No',
} as const;

/** Session effects (first document §8, second document §4). */
export const SESSION_MESSAGES = {
  loggedOutInAnotherTab: es("You've been logged out from another tab."),
  closedOrNoneStatus: 'Ya hay un cliente registrado con esta información. Por favor, inicia sesión de nuevo.',
} as const;

/** Home page and calculator (first document §2). */
export const HOME_TEXTS = {
  applyNow: 'Solicita YA',
  moreInformation: 'Más Información',
  youWillPay: 'Pagarás {amount}€ el {date}',
} as const;

/** Marketing opt-in prompt and cookie consent modal (second document §2, §4). */
export const MARKETING_TEXTS = {
  welcomeBack: es('¡Bienvenido de nuevo!'),
} as const;

export const COOKIE_TEXTS = {
  accept: 'ACEPTAR',
  showDetails: 'Mostrar detalles',
  hideDetails: 'Ocultar detalles',
  privacyControls: 'Controles de Privacidad',
  selectAll: 'SELECCIONAR TODO',
  updateConsent: 'ACTUALIZAR CONSENTIMIENTO',
} as const;

/** Client activity log (second document §7.3, §8). */
export const LOG_TEXTS = {
  timeout: 'Timeout',
  networkError: 'Network Error',
  stringifyError: 'JSON stringify error',
} as const;
