import { COOKIE_EXPIRY_DAYS, TTL } from './constants.ts';

/**
 * What this app stores on the customer's device, by cookie category (second document §3 "Cookie permissions",
 * §9 "Cookie expirations"). The consent modal's table and the /cookie policy page both render this list, so what
 * the customer is told is what the code does: every entry names a real key of the app.
 *
 * - IndexedDB database `prestamo-rapido` (object store `state`): the persisted atoms of src/lib/storage/atoms.ts,
 *   each with the lifetime of TTL / COOKIE_EXPIRY_DAYS in src/shared/constants.ts.
 * - sessionStorage: the version check's guard against reload loops (src/lib/pwa/version-check.ts).
 * - Cache Storage: the service worker's copy of the app (workbox precache), for offline use.
 *
 * The app sets no HTTP cookie and loads no third-party script: the analytics, advertising and session-recording
 * (FullStory) categories are declared so the customer can decide in advance, but no tool of those categories is
 * active, so their lists are empty. Campaign parameters are the one advertising item: they are only stored (and
 * the affiliate click only sent) when the customer accepts advertising cookies.
 */

/** The customer's cookie permissions (second document §3); strictlyNecessary is always true. */
export const cookiePermissionKeys = [
  'strictlyNecessary',
  'functional',
  'analyticsPerformance',
  'advertisingPurposing',
  'fullStoryVideo',
] as const;
export type CookiePermissionKey = (typeof cookiePermissionKeys)[number];
export type CookiePermissionSet = Readonly<Record<CookiePermissionKey, boolean>>;

/** The spec's cookie categories (second document §3). */
export const cookieCategoryIds = ['necessary', 'functional', 'analytics', 'marketing', 'fullStory'] as const;
export type CookieCategoryId = (typeof cookieCategoryIds)[number];

export interface CookieCategory {
  readonly id: CookieCategoryId;
  /** The permission that allows this category. */
  readonly permission: CookiePermissionKey;
  readonly title: string;
  readonly description: string;
  /** Strictly necessary cookies cannot be refused: their switch is on and disabled. */
  readonly alwaysOn: boolean;
}

export const cookieCategories: readonly CookieCategory[] = [
  {
    id: 'necessary',
    permission: 'strictlyNecessary',
    title: 'Estrictamente necesarias',
    description:
      'Hacen que la web funcione: mantienen tu sesión iniciada, protegen tu cuenta, guardan lo que escribes en un formulario y tus preferencias de cookies. No se pueden desactivar.',
    alwaysOn: true,
  },
  {
    id: 'functional',
    permission: 'functional',
    title: 'Funcionales',
    description:
      'Recuerdan datos que nos diste para hacerte la visita más cómoda, como tu nombre y tu teléfono para saludarte al volver a iniciar sesión.',
    alwaysOn: false,
  },
  {
    id: 'analytics',
    permission: 'analyticsPerformance',
    title: 'Analíticas y de rendimiento',
    description:
      'Nos permitirían contar visitas y medir qué páginas funcionan mejor. Ahora mismo no usamos ninguna herramienta de analítica: si la activamos, solo recogerá datos si lo permites aquí.',
    alwaysOn: false,
  },
  {
    id: 'marketing',
    permission: 'advertisingPurposing',
    title: 'Publicidad',
    description:
      'Guardan la campaña o el colaborador que te trajo hasta nosotros (parámetros de la dirección de la web) para atribuirle tu visita y tu registro.',
    alwaysOn: false,
  },
  {
    id: 'fullStory',
    permission: 'fullStoryVideo',
    title: 'Grabación de sesiones (FullStory)',
    description:
      'Permitirían reproducir de forma anónima cómo se usa la web para encontrar errores. Ahora mismo no grabamos ninguna sesión: si lo activamos, solo lo haremos si lo permites aquí.',
    alwaysOn: false,
  },
];

export interface CookieDescriptor {
  /** The key, database or cache name as the browser's developer tools show it. */
  readonly name: string;
  readonly provider: string;
  readonly expiration: string;
  readonly purpose: string;
  /** Where it is kept on the device. */
  readonly source: string;
  /** Who processes what it holds. */
  readonly processor: string;
  readonly category: CookieCategoryId;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

const days = (ms: number): string => {
  const count = Math.round(ms / DAY_MS);
  return count === 1 ? '1 día' : `${count} días`;
};
const hours = (ms: number): string => `${Math.round(ms / HOUR_MS)} horas`;

const FIRST_PARTY = 'Préstamo Rápido (propia)';
const PROCESSOR = 'Préstamo Rápido';
const INDEXED_DB = 'IndexedDB «prestamo-rapido»';

export const cookieDescriptors: readonly CookieDescriptor[] = [
  {
    name: 'session',
    provider: FIRST_PARTY,
    expiration: hours(TTL.session),
    purpose: 'Mantiene tu sesión iniciada: el token de acceso y los datos básicos de tu cuenta.',
    source: INDEXED_DB,
    processor: PROCESSOR,
    category: 'necessary',
  },
  {
    name: 'clientUniqueId',
    provider: FIRST_PARTY,
    expiration: days(COOKIE_EXPIRY_DAYS.clientIdAndPolicy * DAY_MS),
    purpose:
      'Identificador aleatorio de este navegador (cabecera Client-Unique): protege tu cuenta frente a usos fraudulentos y nos ayuda a resolver incidencias. Solo se asocia a una campaña de publicidad si aceptas las cookies de publicidad.',
    source: INDEXED_DB,
    processor: PROCESSOR,
    category: 'necessary',
  },
  {
    name: 'loanFlowIds, loanFlow:<id>',
    provider: FIRST_PARTY,
    expiration: days(TTL.loanFlow),
    purpose: 'Guarda tu solicitud de préstamo en curso para que puedas continuarla donde la dejaste.',
    source: INDEXED_DB,
    processor: PROCESSOR,
    category: 'necessary',
  },
  {
    name: 'loansCache, accountCache',
    provider: FIRST_PARTY,
    expiration: hours(TTL.session),
    purpose:
      'Guarda la última copia de tus préstamos y de los datos de tu cuenta para mostrártelos sin conexión. Se borra al cerrar la sesión.',
    source: INDEXED_DB,
    processor: PROCESSOR,
    category: 'necessary',
  },
  {
    name: 'calculatorChoice',
    provider: FIRST_PARTY,
    expiration: days(TTL.loanFlow),
    purpose:
      'Recuerda el tipo de préstamo, el importe y el plazo o el número de cuotas que elegiste en la calculadora para empezar tu solicitud con ellos.',
    source: INDEXED_DB,
    processor: PROCESSOR,
    category: 'necessary',
  },
  {
    name: 'signupForm',
    provider: FIRST_PARTY,
    // signupFormAtom keeps the values 1 day (src/lib/storage/atoms.ts).
    expiration: days(DAY_MS),
    purpose:
      'Conserva lo que escribes en el formulario de registro si recargas la página o pierdes la conexión (nunca la contraseña).',
    source: INDEXED_DB,
    processor: PROCESSOR,
    category: 'necessary',
  },
  {
    name: 'cookieConsent',
    provider: FIRST_PARTY,
    expiration: days(COOKIE_EXPIRY_DAYS.consent * DAY_MS),
    purpose: 'Recuerda las preferencias de cookies que elijas en este aviso.',
    source: INDEXED_DB,
    processor: PROCESSOR,
    category: 'necessary',
  },
  {
    name: 'marketingPrompt',
    provider: FIRST_PARTY,
    expiration: days(TTL.marketingPrompt),
    purpose:
      'Recuerda cuándo te preguntamos si quieres recibir nuestras comunicaciones, para no volver a preguntarte antes de 7 días.',
    source: INDEXED_DB,
    processor: PROCESSOR,
    category: 'necessary',
  },
  {
    name: 'prestamo-rapido:reloaded-for-version',
    provider: FIRST_PARTY,
    expiration: 'Hasta que cierras la pestaña',
    purpose: 'Evita que la página se recargue una y otra vez mientras se instala una nueva versión de la app.',
    source: 'sessionStorage',
    processor: PROCESSOR,
    category: 'necessary',
  },
  {
    name: 'workbox-precache-v2-…',
    provider: FIRST_PARTY,
    expiration: 'Hasta la siguiente versión de la app',
    purpose: 'Copia de la aplicación que guarda el service worker para que funcione rápido y sin conexión.',
    source: 'Cache Storage (service worker)',
    processor: PROCESSOR,
    category: 'necessary',
  },
  {
    name: 'basicDetails',
    provider: FIRST_PARTY,
    expiration: days(TTL.basicDetails),
    purpose: 'Recuerda tu nombre y tu teléfono para saludarte y rellenar tu teléfono al volver a iniciar sesión.',
    source: INDEXED_DB,
    processor: PROCESSOR,
    category: 'functional',
  },
  {
    name: 'campaignParameters',
    provider: FIRST_PARTY,
    expiration: days(TTL.campaignParameters),
    purpose:
      'Guarda los parámetros de campaña con los que llegaste (utm_campaign, uid, mykredit_ref, campaignid) y las direcciones de esas visitas, para atribuir tu visita y tu registro al colaborador que te trajo.',
    source: INDEXED_DB,
    processor: PROCESSOR,
    category: 'marketing',
  },
];

/** The descriptors of one category, in table order. */
export function cookiesOfCategory(category: CookieCategoryId): CookieDescriptor[] {
  return cookieDescriptors.filter((descriptor) => descriptor.category === category);
}
