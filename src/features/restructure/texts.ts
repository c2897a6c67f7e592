import { DASHBOARD_TEXTS } from '../../shared/messages-loan.ts';

/**
 * Texts of 'Pago Flexible' (`/restructure/:loanId?`): the title is the spec's (second document §2); the rest
 * is new, in the app's voice (tú, short sentences). Amounts and dates are formatted by the page (1.099,88 €,
 * dd/MM/yyyy).
 */
export const RESTRUCTURE_TEXTS = {
  title: DASHBOARD_TEXTS.flexiblePayment,
  intro:
    'Con el Pago Flexible repartes lo que debes hoy en {count} cuotas mensuales. Revisa tu nuevo plan antes de confirmarlo.',
  loading: 'Calculando tu nuevo plan',
  summaryTitle: 'Resumen',
  debt: 'Lo que debes hoy',
  principal: 'Capital pendiente',
  totalCost: 'Coste total',
  totalPayment: 'Total a pagar',
  tae: 'TAE',
  planTitle: 'Tu nuevo plan de pagos',
  installmentTitle: 'Cuota {index} de {count}',
  date: 'Fecha',
  amount: 'Importe',
  capital: 'Capital',
  interest: 'Intereses',
  replaces:
    'Al confirmar, tus cuotas pendientes se sustituyen por estas nuevas cuotas. El coste total incluye los intereses que ya debías hasta hoy.',
  confirm: 'Confirmar Pago Flexible',
  precontractLink: 'Información precontractual del Pago Flexible',
  precontractIntro:
    'El Pago Flexible es un nuevo acuerdo sobre tu préstamo. Lee su información precontractual antes de aceptarlo.',
  accept: 'He leído la información precontractual del Pago Flexible y acepto el nuevo plan de pagos.',
  acceptRequired: 'Marca la casilla para aceptar el nuevo plan de pagos.',
  confirmTitle: '¿Confirmas el Pago Flexible?',
  confirmText:
    'Tus cuotas pendientes se sustituyen por {count} cuotas nuevas. Pagarás {total} en total, la primera cuota el {date}.',
  confirmYes: 'Sí, confirmar',
  confirmNo: 'Cancelar',
  showNewPlan: 'Ver el nuevo plan',
  close: 'Cerrar',
  confirming: 'Confirmando',
  toDashboard: 'Volver a mi panel',
  success: 'Tu Pago Flexible está activado. Ya puedes ver tu nuevo plan de pagos en tu panel.',
  lostAnswer:
    'No hemos podido confirmar tu Pago Flexible. Comprueba tu conexión y vuelve a pulsar «Confirmar Pago Flexible»: no se aplicará dos veces.',
  failed: 'No hemos podido activar tu Pago Flexible. Por favor, inténtalo de nuevo.',
  loadFailed: 'No hemos podido calcular tu nuevo plan.',
  retry: 'Reintentar',
  notAllowedTitle: 'Pago Flexible no disponible',
  notFoundTitle: 'No hemos encontrado este préstamo',
  notFound:
    'El enlace no corresponde a ninguno de tus préstamos activos. Entra en tu panel y elige el préstamo desde allí.',
} as const;
