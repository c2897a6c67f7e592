import { useShownSession } from '../../lib/session/session.ts';
import { HEADER_CREDIT_OFFER_EUROS } from '../../shared/constants.ts';
import { formatMessage, NAVIGATION_TEXTS } from '../../shared/messages.ts';
import { formatWholeEuros } from '../../shared/money.ts';
import { CreditLimits } from './CreditLimits.tsx';
import { headerBannerFor } from '../../shared/statuses.ts';

/**
 * The loan offer banner (first document §2), only without an active loan: 'Recibe hasta 600 €' (the minipréstamo's
 * highest amount, the offer a customer without a limit yet can be made) for visitors and new, preRegistered and
 * registered customers; 'TU LÍMITE' with their own limits for securityChecked and systemApproved.
 */
export function OfferBanner() {
  const { known, status, member } = useShownSession();
  if (!known) return null;
  const banner = headerBannerFor(status, member?.hasActiveLoan ?? false);
  if (banner === 'offer') {
    return (
      <p className="offer-banner" data-testid="offer-banner">
        {formatMessage(NAVIGATION_TEXTS.offerUpTo, { amount: formatWholeEuros(HEADER_CREDIT_OFFER_EUROS) })}
      </p>
    );
  }
  if (banner === 'limit' && member) {
    return (
      <p className="offer-banner" data-testid="offer-banner">
        <CreditLimits member={member} />
      </p>
    );
  }
  return null;
}
