import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Button } from '../../../lib/ui/Button.tsx';
import { StaffLoginPost, StaffTotpPost } from '../../../shared/api/staff.ts';
import { isStaffApiError, messageOf } from '../../lib/api-error.ts';
import { call, sessionStore } from '../../lib/backoffice-session.ts';
import { isLoginNotice, RETURN_PARAM, returnTarget } from '../../lib/paths.ts';
import { API_TEXTS } from '../../lib/texts.ts';
import { useStaffSession } from '../../lib/use-staff-session.ts';
import { CodeForm } from './CodeForm.tsx';
import { CredentialsForm, type Credentials } from './CredentialsForm.tsx';
import { EnrolmentInstructions, type Enrolment } from './EnrolmentInstructions.tsx';
import { LOGIN_TEXTS } from './texts.ts';

type Step =
  | { kind: 'credentials' }
  | { kind: 'enrol'; challengeId: string; enrolment: Enrolment }
  | { kind: 'code'; challengeId: string };

/** Codes of `StaffTotpPost` after which the code step cannot go on: back to the e-mail and password. */
const START_AGAIN = new Set(['ChallengeExpired', 'StaffLocked']);

/**
 * The staff login (docs/backoffice.md §1, §6): e-mail and password (`StaffLoginPost`); then the code of the
 * authenticator app (`StaffTotpPost`), on the first login after setting the app up with the QR code or the secret.
 * The server's Spanish message of a refusal shows in an alert; each new step's heading takes the focus. The session
 * then goes to the store and the staff member to the page they asked for (`volver`), or the customer search.
 */
export function LoginPage() {
  const { session } = useStaffSession();
  const location = useLocation();
  const [search] = useSearchParams();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [stepCount, setStepCount] = useState(0);
  const [email, setEmail] = useState('');
  const [alert, setAlert] = useState<string | null>(() =>
    isLoginNotice(location.state) ? API_TEXTS.sessionExpired : null,
  );
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (stepCount > 0) heading.current?.focus();
  }, [stepCount]);

  if (session) return <Navigate to={returnTarget(search.get(RETURN_PARAM))} replace />;

  const goTo = (next: Step, message: string | null) => {
    setStep(next);
    setAlert(message);
    setStepCount((count) => count + 1);
  };

  const sendCredentials = async (credentials: Credentials) => {
    setEmail(credentials.email);
    setAlert(null);
    try {
      const answer = await call(StaffLoginPost, { body: credentials });
      if (answer.step === 'enrol' && answer.enrolment)
        goTo({ kind: 'enrol', challengeId: answer.challengeId, enrolment: answer.enrolment }, null);
      else goTo({ kind: 'code', challengeId: answer.challengeId }, null);
    } catch (error) {
      setAlert(messageOf(error, API_TEXTS.network));
    }
  };

  /** Resolves true when the code was refused and the step stays. */
  const sendCode = async (challengeId: string, code: string): Promise<boolean> => {
    setAlert(null);
    try {
      const answer = await call(StaffTotpPost, { body: { challengeId, code } });
      // With a session this page leads on (a pending password change: the guard takes it there).
      sessionStore.start({
        token: answer.token,
        staff: answer.staff,
        expiresAt: answer.expiresAt,
        idleSeconds: answer.idleSeconds,
      });
      return false;
    } catch (error) {
      const message = messageOf(error, API_TEXTS.network);
      if (isStaffApiError(error) && error.code !== undefined && START_AGAIN.has(error.code)) {
        goTo({ kind: 'credentials' }, message);
        return false;
      }
      setAlert(message);
      return true;
    }
  };

  const headingText =
    step.kind === 'credentials'
      ? LOGIN_TEXTS.credentialsHeading
      : step.kind === 'enrol'
        ? LOGIN_TEXTS.enrolHeading
        : LOGIN_TEXTS.codeHeading;

  return (
    <div className="bo-login">
      <h1>{LOGIN_TEXTS.title}</h1>
      <p>{LOGIN_TEXTS.intro}</p>
      <h2 ref={heading} tabIndex={-1} className="bo-step-heading">
        {headingText}
      </h2>
      {alert && (
        <p role="alert" className="bo-alert">
          {alert}
        </p>
      )}
      {step.kind === 'credentials' && <CredentialsForm email={email} onSubmit={sendCredentials} />}
      {step.kind === 'enrol' && <EnrolmentInstructions enrolment={step.enrolment} />}
      {step.kind === 'code' && <p>{LOGIN_TEXTS.codeIntro}</p>}
      {step.kind !== 'credentials' && (
        <>
          <CodeForm key={step.challengeId} onSubmit={(code) => sendCode(step.challengeId, code)} />
          <Button variant="link" onPress={() => goTo({ kind: 'credentials' }, null)}>
            {LOGIN_TEXTS.startAgain}
          </Button>
        </>
      )}
    </div>
  );
}
