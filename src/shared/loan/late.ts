import { daysBetweenIso } from '../calendar.ts';
import { isActiveLoanStatus } from '../loan-statuses.ts';
import { sumCents, type Cents } from '../money.ts';
import { installmentRemaining, payableInstallments, type PayableLoanView } from './payment-amounts.ts';

/**
 * How late a running loan is on `today` (Europe/Madrid, `YYYY-MM-DD`), for every place that tells the customer
 * (the dashboard's credit summary, the payment page): the owed instalments (notPaid or arranged) whose date has
 * passed, what is left of them (the amount due now), the date of the earliest one and the days since it. An
 * instalment due today is not late. `null` when nothing is overdue or the loan is not running (issued, arranged).
 */
export interface LateSummary {
  /** The earliest overdue instalment's date. */
  readonly since: string;
  /** Days from that date to today: 1 when it was due yesterday. */
  readonly daysLate: number;
  /** What is left of every overdue instalment. */
  readonly amountDue: Cents;
  /** How many instalments are overdue. */
  readonly installments: number;
}

export function lateSummary(loan: PayableLoanView, today: string): LateSummary | null {
  if (!isActiveLoanStatus(loan.status)) return null;
  const overdue = payableInstallments(loan.installments).filter(
    (installment) => installment.expectedDate < today && installmentRemaining(installment) > 0,
  );
  const first = overdue[0];
  if (first === undefined) return null;
  return {
    since: first.expectedDate,
    daysLate: daysBetweenIso(first.expectedDate, today),
    amountDue: sumCents(overdue.map(installmentRemaining)),
    installments: overdue.length,
  };
}

/**
 * What the contract says happens when a payment is late (clause «Retrasos en el pago»; the decision of
 * docs/rules/loan-request.md "Agreement and pre-contract information" and docs/rules/payments.md: no fee and no
 * late-payment interest, a late instalment owes its total and nothing more — which is what the server charges; the
 * 0 % first loan's lapse is the one change, said in its own clause). The contract, the terms and the screens read it
 * from here, so the customer is told what they signed and what they are charged.
 */
export const LATE_PAYMENT_CONTRACT_TEXT =
  'No se cobra ninguna comisión ni interés de demora por impago: el importe vencido y no pagado es el de la cuota, sin recargo alguno, hasta su pago. El impago puede dar lugar a la inclusión de la deuda en ficheros de solvencia patrimonial, con aviso previo, y a su reclamación judicial o extrajudicial, y puede dificultar la obtención de un crédito en el futuro.';

/** The same clause as the customer reads it on screen, in the app's voice (tú). */
export const LATE_PAYMENT_CUSTOMER_TEXT =
  'No te cobramos ninguna comisión ni intereses por el retraso: lo vencido sigue siendo el importe de la cuota, sin recargos, hasta que lo pagues. Si no se paga, la deuda puede incluirse en ficheros de solvencia, siempre con aviso previo, y reclamarse judicial o extrajudicialmente, y eso puede dificultarte obtener un crédito en el futuro.';
