import { ActionLink } from '../ActionLink.tsx';
import { WITHDRAWAL_TEXTS as TEXT } from './texts.ts';
import { withdrawalPaymentPath } from './withdrawal-links.ts';

export interface WithdrawalPaymentLinksProps {
  readonly loanId: number;
  /** Set while the actions cannot be taken (offline, out-of-date data): the id of the element saying why. */
  readonly disabledReasonId?: string | undefined;
}

/** The two ways to return the money: the payment route's closeLoan payment by card, or by bank transfer. */
export function WithdrawalPaymentLinks({ loanId, disabledReasonId }: WithdrawalPaymentLinksProps) {
  return (
    <div className="withdrawal-pay">
      <ActionLink to={withdrawalPaymentPath(loanId, 'debit-card')} disabledReasonId={disabledReasonId}>
        {TEXT.payByCard}
      </ActionLink>
      <ActionLink
        to={withdrawalPaymentPath(loanId, 'bank-transfer')}
        variant="secondary"
        disabledReasonId={disabledReasonId}
      >
        {TEXT.payByTransfer}
      </ActionLink>
    </div>
  );
}
