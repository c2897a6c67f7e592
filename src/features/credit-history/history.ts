import type { Installment, Loan } from '../../shared/api/loan.ts';
import { formatDate } from '../../shared/dates.ts';
import { loanDisplayStatus, loanStatusLabel, paymentSources, type PaymentSource } from '../../shared/statuses.ts';
import { INSTALLMENT_STATUS_TEXTS, PAYMENT_SOURCE_TEXTS } from './texts.ts';

/** The loans newest first: by creation date, then by id (two loans of one day). */
export const newestFirst = (loans: readonly Loan[]): Loan[] =>
  [...loans].sort((a, b) => b.createdDate.localeCompare(a.createdDate) || b.id - a.id);

/** The instalments in date order. */
export const byDate = (installments: readonly Installment[]): Installment[] =>
  [...installments].sort((a, b) => a.expectedDate.localeCompare(b.expectedDate) || a.id - b.id);

/** The loan's §4 label on `today` (Madrid), the synthetic 'No pagado' included; `notSet` has none. */
export const loanLabel = (loan: Loan, today: string): string | undefined =>
  loanStatusLabel(loanDisplayStatus(loan, today));

/** An instalment's status in Spanish: an owed one (not paid, arranged) whose date has passed is 'No pagada'. */
export function installmentStatusText(installment: Installment, today: string): string {
  const owed = installment.status === 'notPaid' || installment.status === 'arranged';
  return INSTALLMENT_STATUS_TEXTS[owed && installment.expectedDate < today ? 'overdue' : installment.status];
}

const isPaymentSource = (value: string): value is PaymentSource =>
  (paymentSources as readonly string[]).includes(value);

/** A payment's source in Spanish ('Tarjeta', 'Transferencia bancaria', 'Transferencia inmediata'). */
export const paymentSourceText = (source: string): string =>
  isPaymentSource(source) ? PAYMENT_SOURCE_TEXTS[source] : source;

/** A payment's date: `DD/MM/YYYY` in Madrid (the instant's calendar day). */
export const paymentDateText = (instant: string): string => formatDate(new Date(instant));
