import type { CardEntity } from '../../../shared/api/card.ts';
import { formatMessage } from '../../../shared/messages.ts';
import { formatMoney, type Cents } from '../../../shared/money.ts';
import type { PaymentOption } from '../../../shared/payment-statuses.ts';
import { CardPaymentForm } from '../../../lib/card-payment/index.ts';
import { PAYMENT_TEXTS as TEXT } from '../texts.ts';
import { payLoan } from '../api/pay-loan.ts';

export interface CardPaymentProps {
  readonly loanId: number;
  readonly option: PaymentOption;
  /** The instalment paid by firstNotPaidInstallment (the quote's first one), so a replay cannot pay the next one. */
  readonly installmentId: number | null;
  readonly amount: Cents;
  readonly cards: readonly CardEntity[];
  readonly onSuccess: (paymentId: number) => void;
  readonly onAlreadyPaid: () => void;
}

/**
 * Pay by card (PayLoanPost): the shared card payment form with 'Pagar {amount}'. The instalment is sent only for
 * firstNotPaidInstallment.
 */
export function CardPayment({
  loanId,
  option,
  installmentId,
  amount,
  cards,
  onSuccess,
  onAlreadyPaid,
}: CardPaymentProps) {
  return (
    <CardPaymentForm
      cards={cards}
      send={payLoan}
      payloadFor={(cardId) => ({
        loanId,
        paymentOption: option,
        ...(option === 'firstNotPaidInstallment' && installmentId !== null ? { installmentId } : {}),
        amount,
        cardId,
      })}
      payLabel={formatMessage(TEXT.payAmount, { amount: formatMoney(amount) })}
      payingLabel={TEXT.paying}
      offlineText={TEXT.offline}
      onSuccess={onSuccess}
      onAlreadyPaid={onAlreadyPaid}
    />
  );
}
