import { Link } from 'react-router';
import { WITHDRAWAL_TEXTS as TEXT } from './texts.ts';
import { withdrawalPaymentPath } from './withdrawal-links.ts';

/** The two ways to return the money: the payment route's closeLoan payment by card, or by bank transfer. */
export function WithdrawalPaymentLinks({ loanId }: { readonly loanId: number }) {
  return (
    <div className="withdrawal-pay">
      <Link className="ui-button ui-button--primary" to={withdrawalPaymentPath(loanId, 'debit-card')}>
        {TEXT.payByCard}
      </Link>
      <Link className="ui-button ui-button--secondary" to={withdrawalPaymentPath(loanId, 'bank-transfer')}>
        {TEXT.payByTransfer}
      </Link>
    </div>
  );
}
