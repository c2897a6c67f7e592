import { DOCUMENTS_TEXTS } from '../../shared/messages-loan.ts';

/** Texts of the loan request outcome pages (new texts, in the app's voice: tú, short sentences, no jargon). */
export const SUCCESS_TEXTS = {
  lead: '¡Enhorabuena! Tu solicitud de préstamo está completa.',
  leadAmount: '¡Enhorabuena! Hemos recibido tu solicitud de {amount}.',
  nextTitle: '¿Qué pasa ahora?',
  steps: [
    'Comprobamos tus datos y tu tarjeta de débito.',
    'Una vez verificada tu tarjeta, el dinero llega a tu cuenta bancaria en unos 10 minutos.',
    'Te avisaremos cuando el dinero esté en camino. Puedes seguir tu préstamo en tu área de clientes.',
  ],
  cardMissingTitle: 'Falta tu tarjeta',
  cardMissing:
    'Todavía no has añadido tu tarjeta de débito. La necesitamos para enviarte el dinero: sin ella no podemos hacer la transferencia.',
  addCard: 'Añadir mi tarjeta',
  documentsTitle: DOCUMENTS_TEXTS.skipWarningTitle,
  documentsMissing: DOCUMENTS_TEXTS.skipWarning,
  documentsHelp:
    'Subir tu DNI/NIE (por delante y por detrás) nos ayuda a confirmar tu identidad; sin él, el envío del dinero puede retrasarse.',
  uploadDocuments: DOCUMENTS_TEXTS.upload,
  dashboard: 'Ir a mi área de clientes',
} as const;

export const LOAN_DECLINED_TEXTS = {
  lead: 'Lo sentimos: en este momento no podemos aprobar tu solicitud de préstamo.',
  charged: 'No te hemos cobrado nada y no tienes ningún compromiso con nosotros.',
  whyTitle: '¿Por qué puede haber pasado?',
  why: [
    'Los movimientos de tu cuenta bancaria no muestran ingresos suficientes o regulares para devolver el préstamo con tranquilidad.',
    'Tienes un préstamo reestructurado o cuotas pendientes con nosotros.',
    'No hemos podido comprobar una cuenta bancaria válida a tu nombre.',
  ],
  responsible:
    'Aplicamos criterios de préstamo responsable: no concedemos un préstamo si creemos que podría ponerte en dificultades.',
  whatTitle: '¿Qué puedes hacer?',
  what: [
    'Comprueba que la cuenta que has vinculado es la que recibe tus ingresos (nómina, pensión o prestación).',
    'Si tienes cuotas pendientes, ponerte al día te ayudará en tu próxima solicitud.',
  ],
  whenTitle: '¿Cuándo puedo volver a intentarlo?',
  when: 'Te recomendamos esperar unos 30 días antes de volver a solicitarlo, o antes si tu situación cambia (por ejemplo, si cambias de cuenta o empiezas a cobrar una nómina).',
  dashboard: 'Ir a mi área de clientes',
} as const;

export const DASHBOARD_DECLINED_TEXTS = {
  lead: 'Lo sentimos: en este momento no podemos ofrecerte un préstamo.',
  reason:
    'Hemos revisado tu solicitud con nuestros criterios de préstamo responsable y los requisitos para solicitar un préstamo (ser mayor de 18 años, residir en España con un DNI o NIE válido y tener una cuenta bancaria a tu nombre).',
  charged: 'No te hemos cobrado nada y no tienes ningún compromiso con nosotros.',
  whatTitle: '¿Qué puedes hacer?',
  what: [
    'Puedes seguir entrando en tu cuenta y consultar tus datos cuando quieras.',
    'Si tus circunstancias cambian, podrás volver a solicitarlo pasados unos 30 días.',
    'Si crees que es un error, escríbenos o llámanos: una persona de nuestro equipo revisará tu caso.',
  ],
  account: 'Gestión de la cuenta',
} as const;

export const CONTACT_TEXTS = {
  title: '¿Necesitas ayuda?',
  intro: 'Puedes preguntarnos los motivos o pedir que una persona revise tu caso. Te responderemos lo antes posible.',
  email: 'Escríbenos a {email}',
  phone: 'Llámanos al {phone}',
  page: 'Otras formas de contactar',
} as const;
