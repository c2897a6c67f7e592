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
  /**
   * The instalments the page shows as what this payment pays (the quote's): sent with it, so a second press (or a
   * replay) after they were paid is refused instead of paying the next ones.
   */
  readonly installmentIds: readonly number[];
  readonly amount: Cents;
  readonly cards: readonly CardEntity[];
  readonly onSuccess: (paymentId: number) => void;
  readonly onAlreadyPaid: () => void;
}

/**
 * Pay by card (PayLoanPost): the shared card payment form with 'Pagar {amount}', sending the instalments shown.
 */
export function CardPayment({
  loanId,
  option,
  installmentIds,
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
        ...(option === 'firstNotPaidInstallment' && installmentIds[0] !== undefined
          ? { installmentId: installmentIds[0] }
          : {}),
        ...(installmentIds.length > 0 ? { installmentIds: [...installmentIds] } : {}),
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
