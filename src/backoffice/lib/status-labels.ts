import type { cardSubStatuses } from '../../shared/api/common.ts';
import type { CardStatus, ScrapeSessionStatus, ThreeDsState } from '../../shared/card-statuses.ts';
import { STAFF_LOAN_STATUS_NAMES, type InstallmentStatus } from '../../shared/loan-statuses.ts';
import type { CustomerStatus } from '../../shared/statuses.ts';
import {
  IMPEDIMENT_STATUS_NAMES,
  type ImpedimentReason,
  type PaymentRowStatus,
  type PaymentSource,
} from '../../shared/payment-statuses.ts';

/**
 * What staff read for a customer's status (the codes are the spec's and stay in the API and the audit records). The
 * collection statuses say who collects; `legal` is a case in court, `legalCollection` collection after a judgment.
 */
export const CUSTOMER_STATUS_LABELS: Readonly<Record<CustomerStatus, string>> = {
  new: 'Nuevo: falta confirmar el SMS',
  preRegistered: 'Prerregistrado: falta la dirección',
  registered: 'Registrado: falta vincular el banco',
  systemApproved: 'Aprobado por el sistema',
  declined: 'Rechazado',
  securityChecked: 'Verificado',
  internalCollection: 'Recobro interno',
  externalCollection: 'Recobro externo',
  processCollection: 'Recobro en trámite',
  legal: 'Vía judicial',
  fraud: 'Fraude',
  legalCollection: 'Recobro judicial',
  closed: 'Cerrado',
  none: 'Sin estado',
};

/** A loan's status as staff read it (the server's messages use the same names). */
export const LOAN_STATUS_LABELS = STAFF_LOAN_STATUS_NAMES;

/** An instalment's status as staff read it. */
export const INSTALLMENT_STATUS_LABELS: Readonly<Record<InstallmentStatus, string>> = {
  paid: 'Pagada',
  restructured: 'Reestructurada',
  rollovered: 'Prorrogada',
  arranged: 'Con acuerdo',
  notPaid: 'Pendiente',
};

/** A card's status as staff read it (the gateway's validation of it). */
export const CARD_STATUS_LABELS: Readonly<Record<CardStatus, string>> = {
  NotValidatedYet: 'Sin validar',
  Invalid: 'No válida',
  AddresslessValid: 'Válida (sin dirección)',
  Valid: 'Válida',
  PennyChecked: 'Comprobada con cargo mínimo',
  Linked: 'Vinculada',
  Deleted: 'Eliminada',
};

/** A card's sub-status: the proof of ownership asked for, received, and reviewed. */
export const CARD_SUB_STATUS_LABELS: Readonly<Record<(typeof cardSubStatuses)[number], string>> = {
  askForProof: 'Justificante pedido',
  uploaded: 'Justificante recibido',
  proofAccepted: 'Justificante aceptado',
  proofRejected: 'Justificante rechazado',
};

/** The state of a card's newest 3-D Secure validation. */
export const THREE_DS_STATE_LABELS: Readonly<Record<ThreeDsState, string>> = {
  completed: 'Completada',
  inprogress: 'En curso',
  error: 'Con error',
  dfpPost: 'Iniciada, sin terminar',
  iframe: 'Esperando al cliente',
};

/**
 * Who changed a status (`changedBy` of the history tables): the customer, the system, the demo seed, a job by its name
 * or a staff member (`staff:<id>`).
 */
export function changedByLabel(changedBy: string): string {
  if (changedBy === 'customer') return 'El cliente';
  if (changedBy === 'system') return 'El sistema';
  if (changedBy === 'seed') return 'Datos de demostración';
  const staff = /^staff:(\d+)$/.exec(changedBy);
  if (staff) return `Empleado nº ${staff[1]}`;
  return `Proceso automático (${changedBy})`;
}

/**
 * The label of a value the contract types as a plain string (a status or kind the server may widen later): a value
 * this screen does not know yet shows as it is stored.
 */
export const labelOr = (labels: Readonly<Record<string, string>>, value: string): string =>
  Object.hasOwn(labels, value) ? (labels[value] ?? value) : value;

/** A linked bank account's status (`bank_accounts.status`). */
export const BANK_ACCOUNT_STATUS_LABELS: Readonly<Record<string, string>> = {
  active: 'Activa',
  inactive: 'Inactiva',
};

/** How an open-banking session ended (or that it is still open). */
export const SCRAPE_SESSION_STATUS_LABELS: Readonly<Record<ScrapeSessionStatus, string>> = {
  succeeded: 'Completada',
  sessionFailed: 'Fallida en el banco',
  decisionFailed: 'Error al decidir el límite',
  decisionRejected: 'Límite rechazado',
  unnaxResponseTimeout: 'Sin respuesta del proveedor',
  inProgress: 'En curso',
};

/** A document's review state. */
export const DOCUMENT_STATUS_LABELS: Readonly<Record<string, string>> = {
  new: 'Pendiente de revisar',
  accepted: 'Aceptado',
  rejected: 'Rechazado',
};

/** What a document is, from its type and side (`identity` front/back, `copyOfCard`). */
export function documentKindLabel(type: string, subType: string | null): string {
  if (type === 'identity')
    return subType === 'back' ? 'DNI/NIE: reverso' : subType === 'front' ? 'DNI/NIE: anverso' : 'DNI/NIE';
  if (type === 'copyOfCard') return 'Justificante de tarjeta';
  return subType === null ? type : `${type} (${subType})`;
}

/** Where a change of the communication permissions came from (`customer_permission_history.source`). */
export const PERMISSION_SOURCE_LABELS: Readonly<Record<string, string>> = {
  registration: 'Registro',
  unsubscribe: 'Enlace de baja de un e-mail',
  account: 'Su cuenta (Mi cuenta)',
  marketingPrompt: 'Aviso de comunicaciones comerciales',
  loanRequest: 'Solicitud de préstamo',
};

/** A payment's status as staff read it (`deleted` and `chargedBack` are the back office's own). */
export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentRowStatus, string>> = {
  pending: 'Pendiente',
  success: 'Cobrado',
  failed: 'Fallido',
  deleted: 'Anulado',
  chargedBack: 'Contracargo',
};

/** Where a payment's money came from. */
export const PAYMENT_SOURCE_LABELS: Readonly<Record<PaymentSource, string>> = {
  'debit-card': 'Tarjeta',
  'bank-transfer': 'Transferencia',
  'direct-transfer': 'Transferencia directa',
};

/** An impediment's reason as staff read it (the customer chose it in '¿Problemas con un reembolso?'). */
export const IMPEDIMENT_REASON_LABELS: Readonly<Record<ImpedimentReason, string>> = {
  jobLoss: 'Ha perdido el empleo',
  incomeDrop: 'Le han bajado los ingresos',
  unexpectedExpenses: 'Gastos imprevistos',
  illness: 'Problemas de salud',
  salaryDelay: 'Le retrasan la nómina',
  forgotDate: 'Se le olvidó la fecha',
  other: 'Otro motivo',
};

/** An impediment's status as staff read it (the server's messages use the same names). */
export const IMPEDIMENT_STATUS_LABELS = IMPEDIMENT_STATUS_NAMES;
