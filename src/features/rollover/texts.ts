import { DASHBOARD_TEXTS } from '../../shared/messages-loan.ts';
import { errorCodes } from '../../shared/api/errors.ts';
import { ROLLOVER_CHARGE_NAME } from '../../shared/payment-statuses.ts';
import { CARD_PAYMENT_TEXTS as PAYMENT_TEXTS } from '../../lib/card-payment/texts.ts';

/** Texts of the rollover page ('Prórroga'): the spec's title, the catalogue's refusal, new ones in the app's voice (tú). */
export const ROLLOVER_TEXTS = {
  title: DASHBOARD_TEXTS.rollover,
  intro:
    'Con la prórroga pagas hoy los intereses de tu cuota y mueves su fecha de pago. El capital pasa a la nueva fecha con sus nuevos intereses.',
  loading: 'Cargando tu prórroga',
  loadFailed: 'No hemos podido cargar los datos de tu préstamo.',
  retry: PAYMENT_TEXTS.retry,
  notAllowed: errorCodes.RolloverNotAllowed.message,
  noDates: 'Ahora mismo no hay fechas disponibles para prorrogar tu préstamo.',
  dateLabel: 'Nueva fecha de pago',
  currentDate: 'Fecha de pago actual',
  newDate: 'Nueva fecha de pago',
  fee: `Pagas hoy (${ROLLOVER_CHARGE_NAME})`,
  feeExplained: `Son los intereses de tu cuota que aún no has pagado, al tipo de tu contrato: la prórroga no tiene comisión.`,
  principal: 'Capital que pasa a la nueva fecha',
  newInterest: 'Intereses hasta la nueva fecha',
  newTotal: 'Importe a pagar en la nueva fecha',
  calculating: 'Calculando tu prórroga',
  cardLegend: PAYMENT_TEXTS.cardLegend,
  principalCard: PAYMENT_TEXTS.principal,
  noCards: PAYMENT_TEXTS.noCards,
  addCard: PAYMENT_TEXTS.addCard,
  payAndRollover: 'Pagar {amount} y prorrogar',
  paying: 'Procesando tu prórroga',
  confirming: PAYMENT_TEXTS.confirming,
  offline: 'No hay conexión a Internet: no puedes prorrogar ahora. Conéctate y vuelve a intentarlo.',
  success: '¡Prórroga realizada! Tu nueva fecha de pago es el {date}.',
  toDashboard: PAYMENT_TEXTS.toDashboard,
} as const;
