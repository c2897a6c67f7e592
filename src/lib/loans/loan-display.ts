import type { Installment, Loan } from '../../shared/api/loan-schemas.ts';
import { formatDate } from '../../shared/dates.ts';
import { isPayableInstallment } from '../../shared/loan/payment-amounts.ts';
import { loanDisplayStatus, loanStatusLabel, type InstallmentStatus } from '../../shared/loan-statuses.ts';
import {
  paymentSources,
  ROLLOVER_CHARGE_LABEL,
  ROLLOVER_FEE_PAYMENT,
  type PaymentSource,
} from '../../shared/payment-statuses.ts';

/**
 * How a loan and its instalments read on screen, for every page that lists them (the dashboard's credit summary,
 * the credit history): order, labels, instalment statuses and payment sources in Spanish. Dates are `YYYY-MM-DD` in
 * Europe/Madrid.
 */

/** The instalments in date order (ties by id). */
export const byDate = (installments: readonly Installment[]): Installment[] =>
  [...installments].sort((a, b) => a.expectedDate.localeCompare(b.expectedDate) || a.id - b.id);

/** The loan's §4 label on `today`, the synthetic 'No pagado' included; `notSet` has none. */
export const loanLabel = (loan: Loan, today: string): string | undefined =>
  loanStatusLabel(loanDisplayStatus(loan, today));

/** Whether an owed instalment (not paid, or arranged) has its date before `today`. */
export const isInstallmentOverdue = (installment: Installment, today: string): boolean =>
  isPayableInstallment(installment) && installment.expectedDate < today;

/** Instalment statuses (second document §4) in Spanish; an owed one whose date has passed reads 'No pagada'. */
export const INSTALLMENT_STATUS_TEXTS = {
  paid: 'Pagada',
  notPaid: 'Pendiente',
  overdue: 'No pagada',
  arranged: 'En acuerdo de pago',
  restructured: 'Reestructurada',
  rollovered: 'Prorrogada',
} as const satisfies Record<InstallmentStatus | 'overdue', string>;

export type InstallmentDisplayStatus = keyof typeof INSTALLMENT_STATUS_TEXTS;

/** The instalment's status to show on `today`: `overdue` for an owed one past its date, else its own. */
export const installmentDisplayStatus = (installment: Installment, today: string): InstallmentDisplayStatus =>
  isInstallmentOverdue(installment, today) ? 'overdue' : installment.status;

/** Where a payment's money came from (the Payment's `paymentSource`), in Spanish. */
export const PAYMENT_SOURCE_TEXTS = {
  'debit-card': 'Tarjeta',
  'bank-transfer': 'Transferencia bancaria',
  'direct-transfer': 'Transferencia inmediata',
} as const satisfies Record<PaymentSource, string>;

const isPaymentSource = (value: string): value is PaymentSource =>
  (paymentSources as readonly string[]).includes(value);

/** A payment's source in Spanish; a source the app does not know is shown as it came. */
export const paymentSourceText = (source: string): string =>
  isPaymentSource(source) ? PAYMENT_SOURCE_TEXTS[source] : source;

/**
 * How a payment is named where the customer reads it: a rollover's payment by the name the contract and the
 * rollover page give it («Intereses de prórroga · Tarjeta»), a repayment by its source alone.
 */
export const paymentKindText = (payment: { type: string; paymentSource: string }): string =>
  payment.type === ROLLOVER_FEE_PAYMENT
    ? `${ROLLOVER_CHARGE_LABEL} · ${paymentSourceText(payment.paymentSource)}`
    : paymentSourceText(payment.paymentSource);

/** A payment's date: `DD/MM/YYYY` of the instant's calendar day in Madrid. */
export const paymentDateText = (instant: string): string => formatDate(new Date(instant));

/** The labels of an instalment's facts (`InstallmentFacts`). */
export const INSTALLMENT_FACT_TEXTS = {
  installmentTitle: 'Cuota {number}',
  date: 'Fecha',
  /** The date of an owed instalment that has passed. */
  dueOn: 'Venció el {date}',
  amount: 'Importe',
  installmentStatus: 'Estado de la cuota',
} as const;
