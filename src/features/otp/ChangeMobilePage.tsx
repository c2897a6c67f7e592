import { useStore } from 'jotai';
import { Link, useNavigate } from 'react-router';
import { refreshMemberDetails } from '../../lib/session/refresh-member-details.ts';
import { updateMemberDetails, useSession } from '../../lib/session/session.ts';
import { showToast } from '../../lib/ui/toast-store.ts';
import type { MemberDetails } from '../../shared/api/customer-schemas.ts';
import { formatMessage } from '../../shared/messages.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { routes } from '../../shared/routes/table.ts';
import { ChangeMobileForm } from './components/ChangeMobileForm.tsx';
import { displayPhone } from './phone-display.ts';
import { CHANGE_MOBILE_TEXTS } from './texts.ts';
import './otp.css';

/**
 * Change of mobile before it is confirmed (`otpChangeMobile`, /otp/change-mobile, status new only): the corrected
 * number gets a new code, and the customer is back on /otp, which shows the new number.
 */
export default function ChangeMobilePage() {
  const store = useStore();
  const navigate = useNavigate();
  const { member } = useSession();
  if (!member) return null;

  const changed = async (memberDetails: MemberDetails) => {
    await updateMemberDetails(store, memberDetails);
    showToast({
      alertType: 'success',
      content: formatMessage(CHANGE_MOBILE_TEXTS.changed, { phone: displayPhone(memberDetails.phone) }),
    });
    navigate(buildPath('otp'), { replace: true });
  };

  const statusChanged = () => void refreshMemberDetails(store);

  return (
    <section className="page page-otp" aria-labelledby="page-title">
      <h1 id="page-title">{routes.otpChangeMobile.title}</h1>
      <p>{CHANGE_MOBILE_TEXTS.intro}</p>
      <p>{formatMessage(CHANGE_MOBILE_TEXTS.current, { phone: displayPhone(member.phone) })}</p>
      <ChangeMobileForm onChanged={changed} onStatusChanged={statusChanged} />
      <p className="otp-change-mobile">
        <Link to={buildPath('otp')}>{CHANGE_MOBILE_TEXTS.back}</Link>
      </p>
    </section>
  );
}
