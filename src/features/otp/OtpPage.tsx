import { useStore } from 'jotai';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { refreshMemberDetails } from '../../lib/session/refresh-member-details.ts';
import { endSession, updateMemberDetails, useSession } from '../../lib/session/session.ts';
import type { MemberDetails } from '../../shared/api/customer-schemas.ts';
import { formatMessage } from '../../shared/messages.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { routes } from '../../shared/routes/table.ts';
import { OtpForm } from './components/OtpForm.tsx';
import { displayPhone } from './phone-display.ts';
import { ResendCode } from './components/ResendCode.tsx';
import { OTP_TEXTS } from './texts.ts';
import './otp.css';

/**
 * The OTP page (`otp`, /otp, status new only; first document §2, §4): confirm the 4-character code sent by SMS at
 * registration, ask for a new one after the 60-second wait, or change the mobile number. A confirmed code makes the
 * customer preRegistered and leads to the address page. The `q` hint of the URL is the server's opaque record of the
 * registration (for support); the page works from the session.
 */
export default function OtpPage() {
  const store = useStore();
  const navigate = useNavigate();
  const { member } = useSession();
  // Each code sent (the registration's, then each resend) gets its own Web OTP request.
  const [codeRound, setCodeRound] = useState(0);
  if (!member) return null;
  const phone = displayPhone(member.phone);

  const confirmed = async (memberDetails: MemberDetails) => {
    await updateMemberDetails(store, memberDetails);
    navigate(buildPath('addressDetails'), { replace: true });
  };

  const blocked = (toForgotPin: boolean) => {
    const target = toForgotPin
      ? buildPath('loginForgotPin', {}, { phone: member.phone })
      : buildPath('login', {}, { phone: member.phone });
    void endSession(store).then(() => navigate(target, { replace: true }));
  };

  const statusChanged = () => void refreshMemberDetails(store);

  return (
    <section className="page page-otp" aria-labelledby="page-title">
      <h1 id="page-title">{routes.otp.title}</h1>
      <p>{formatMessage(OTP_TEXTS.intro, { phone })}</p>
      <OtpForm onConfirmed={confirmed} onBlocked={blocked} onStatusChanged={statusChanged} codeRound={codeRound} />
      <ResendCode phoneDisplay={phone} onSent={() => setCodeRound((round) => round + 1)} />
      <p className="otp-change-mobile">
        {OTP_TEXTS.wrongNumber} <Link to={buildPath('otpChangeMobile')}>{OTP_TEXTS.changeMobile}</Link>
      </p>
    </section>
  );
}
