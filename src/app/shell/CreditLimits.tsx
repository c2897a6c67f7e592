import type { MemberDetails } from '../../shared/api/customer-schemas.ts';
import { NAVIGATION_TEXTS } from '../../shared/messages.ts';
import { formatMoney } from '../../shared/money.ts';
import { SHELL_TEXTS } from '../texts.ts';

/**
 * 'TU LÍMITE 3.000,00 € · Minipréstamo 300,00 €': the customer's own limits, the instalment loan's and (when they have
 * one) the minipréstamo's, as the header's banner and the side menu show them.
 */
export function CreditLimits({ member }: { member: Pick<MemberDetails, 'customerCreditLimit' | 'miniCreditLimit'> }) {
  return (
    <>
      <span>{NAVIGATION_TEXTS.yourLimit}</span> <strong>{formatMoney(member.customerCreditLimit)}</strong>
      {member.miniCreditLimit ? (
        <span className="credit-limit-mini">
          {' · '}
          {SHELL_TEXTS.miniLimit} <strong>{formatMoney(member.miniCreditLimit)}</strong>
        </span>
      ) : null}
    </>
  );
}
