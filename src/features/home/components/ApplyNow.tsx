import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { useShownSession } from '../../../lib/session/session.ts';
import { basicDetailsAtom, loanFlowIdsAtom } from '../../../lib/storage/atoms.ts';
import { HOME_TEXTS } from '../../../shared/messages.ts';
import { homeCtaDestination } from '../../../shared/routes/cta.ts';
import { PhoneCheck } from '../phone/PhoneCheck.tsx';

/**
 * 'Solicita YA' (first document §2). A visitor who has never logged in on this device (no basic details stored)
 * gets the phone form. Everyone else gets the button: to login when not logged in; otherwise to the loan apply
 * page when a loan flow is stored for the customer, else to the page for their status.
 */
export function ApplyNow() {
  const { known, loggedIn, status, member } = useShownSession();
  const basicDetails = useAtomValue(basicDetailsAtom);
  const loanFlowIds = useAtomValue(loanFlowIdsAtom);
  // While start-up checks a token from the address bar, who this is is not known yet.
  if (!known) return null;
  if (!loggedIn && basicDetails === null) return <PhoneCheck />;
  const loanFlowId = member ? (loanFlowIds[String(member.id)] ?? null) : null;
  return (
    <Link
      className="ui-button ui-button--primary ui-button--full home-apply-button"
      to={homeCtaDestination({ loggedIn, status, loanFlowId })}
    >
      {HOME_TEXTS.applyNow}
    </Link>
  );
}
