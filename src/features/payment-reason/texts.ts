import type { ImpedimentReason } from '../../shared/payment-statuses.ts';
import { DASHBOARD_TEXTS } from '../../shared/messages-loan.ts';

/**
 * Texts of '¿Problemas con un reembolso?' (`/payment-reason`): the title is the spec's (second document §2); the
 * rest is new, in the app's voice (tú, short sentences). The reasons' labels are below.
 */
export const PAYMENT_REASON_TEXTS = {
  title: DASHBOARD_TEXTS.repaymentProblems,
  intro: 'Si no puedes pagar tu cuota, cuéntanos por qué. Así podremos ayudarte a encontrar una solución.',
  reasonLegend: '¿Qué ha pasado?',
  reasonRequired: 'Elige un motivo.',
  comment: 'Comentario',
  commentHint: 'Obligatorio si eliges «Otro motivo». Máximo 1000 caracteres.',
  commentCount: '{count}/1000',
  commentRequired: 'Cuéntanos brevemente qué ha pasado.',
  submit: 'Enviar',
  sending: 'Enviando',
  thanksTitle: 'Gracias por contárnoslo',
  thanks:
    'Hemos recibido tu respuesta. Nuestro equipo la revisará y se pondrá en contacto contigo por teléfono o e-mail en los próximos días para buscar juntos una solución.',
  thanksMeanwhile: 'Mientras tanto, tu préstamo y tus cuotas siguen como están: puedes consultarlos en tu panel.',
  notFoundTitle: 'No hemos encontrado este préstamo',
  notFound:
    'El enlace no corresponde a ninguno de tus préstamos activos. Entra en tu panel y elige el préstamo desde allí.',
  failed: 'No hemos podido enviar tu respuesta. Por favor, inténtalo de nuevo.',
  alreadyOpenTitle: 'Ya nos lo contaste',
  alreadyOpen:
    'Estamos revisando lo que nos contaste sobre este préstamo. Te llamaremos por teléfono o te escribiremos por e-mail en los próximos días para buscar juntos una solución.',
  toDashboard: 'Ir a mi panel',
} as const;

/** The reasons of the '¿Problemas con un reembolso?' form (`/payment-reason`), in the order shown. */
export const IMPEDIMENT_REASON_LABELS = {
  jobLoss: 'He perdido mi empleo',
  incomeDrop: 'Mis ingresos han bajado',
  unexpectedExpenses: 'He tenido gastos imprevistos',
  illness: 'Problemas de salud',
  salaryDelay: 'Me han retrasado el pago de la nómina',
  forgotDate: 'Se me olvidó la fecha de pago',
  other: 'Otro motivo',
} as const satisfies Record<ImpedimentReason, string>;
