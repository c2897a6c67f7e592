import { useShownSession } from '../../lib/session/session.ts';
import { HEADER_CREDIT_OFFER_EUROS } from '../../shared/constants.ts';
import { formatMessage, NAVIGATION_TEXTS } from '../../shared/messages.ts';
import { formatMoney } from '../../shared/money.ts';
import { headerBannerFor } from '../../shared/statuses.ts';

/**
 * The loan offer banner (first document §2), only without an active loan: 'Recibe hasta 600' for visitors and new,
 * preRegistered and registered customers; 'TU LIMITE' with the credit limit for securityChecked and systemApproved.
 */
export function OfferBanner() {
  const { known, status, member } = useShownSession();
  if (!known) return null;
  const banner = headerBannerFor(status, member?.hasActiveLoan ?? false);
  if (banner === 'offer') {
    return (
      <p className="offer-banner" data-testid="offer-banner">
        {formatMessage(NAVIGATION_TEXTS.offerUpTo, { amount: HEADER_CREDIT_OFFER_EUROS })}
      </p>
    );
  }
  if (banner === 'limit' && member) {
    return (
      <p className="offer-banner" data-testid="offer-banner">
        {NAVIGATION_TEXTS.yourLimit} <strong>{formatMoney(member.customerCreditLimit)}</strong>
      </p>
    );
  }
  return null;
}
