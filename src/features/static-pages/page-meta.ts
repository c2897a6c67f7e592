import type { PrerenderedRouteKey } from '../../shared/prerendered-pages.ts';
import { miniLoanFacts, productFacts } from './product-facts.ts';

export type StaticPageKey = Exclude<PrerenderedRouteKey, 'home'>;

/**
 * Meta descriptions of the static pages: what a search result shows under the page title (the pre-rendered HTML
 * carries them, and the page sets them again after a navigation inside the app). About 150 characters each.
 */
export const staticPageDescriptions: Readonly<Record<StaticPageKey, string>> = {
  howItWorks:
    'Cómo pedir tu préstamo online en tres pasos: elige importe y cuotas, envía tus datos y recibe el dinero. Requisitos, importes, plazos y coste.',
  quickLoans: `Préstamos rápidos online de ${productFacts.amountMin} a ${productFacts.amountMax} en cuotas mensuales, con el coste (TIN y TAE) claro desde el principio. Qué son y cuándo conviene pedirlos.`,
  miniLoans: `Minipréstamos online de ${miniLoanFacts.amountMin} a ${miniLoanFacts.amountMax} en un solo pago: tu primer préstamo de hasta ${miniLoanFacts.firstLoanFreeMax} al 0 % si lo devuelves en su fecha. Qué son, cuánto cuestan y cómo pedirlos.`,
  aboutUs:
    'Quiénes somos: un prestamista online para residentes en España que concede préstamos rápidos con información clara y evaluación responsable de la solvencia.',
  cookies:
    'Política de cookies: qué guardamos en tu dispositivo, para qué, durante cuánto tiempo y cómo aceptar, rechazar o cambiar tus preferencias.',
  privacyPolicy:
    'Política de privacidad: qué datos tratamos, para qué y con qué base legal, a quién los comunicamos, cuánto tiempo los conservamos y cómo ejercer tus derechos.',
  termsAndConditions:
    'Términos y condiciones del servicio: requisitos, precio y TAE, reembolso anticipado, prórroga, impago, derecho de desistimiento de 14 días y reclamaciones.',
  contactUs:
    'Contacta con Préstamo Rápido por correo electrónico o por teléfono: horario de atención, qué tener a mano y cómo presentar una reclamación.',
  faq: 'Preguntas frecuentes sobre requisitos, documentos, plazos, pagos, prórroga, Pago Flexible, impagos y protección de tus datos.',
};
