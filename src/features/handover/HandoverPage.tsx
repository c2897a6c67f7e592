import { useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError, isBusinessError } from '../../lib/api/errors.ts';
import { usePageData } from '../../lib/api/use-page-data.ts';
import { startSession, useSession } from '../../lib/session/session.ts';
import { Button } from '../../lib/ui/Button.tsx';
import { OneTimeCodeForm } from '../../lib/ui/OneTimeCodeForm.tsx';
import { Spinner } from '../../lib/ui/Spinner.tsx';
import { showToast } from '../../lib/ui/toast-store.ts';
import { useCountdown } from '../../lib/ui/use-countdown.ts';
import { useSingleFlight } from '../../lib/ui/use-single-flight.ts';
import type { Session } from '../../shared/api/customer-schemas.ts';
import { HandoverGet, HandoverLoginPost, HandoverOtpPost, type Handover } from '../../shared/api/links.ts';
import { PIN_RESEND_WAIT_MS } from '../../shared/constants.ts';
import { formatMessage } from '../../shared/messages.ts';
import { landingFor } from '../../shared/routes/access.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { routes } from '../../shared/routes/table.ts';
import { getHandover } from './api/get-handover.ts';
import { loginWithHandover } from './api/login-with-handover.ts';
import { sendHandoverCode } from './api/send-handover-code.ts';
import { HANDOVER_TEXTS } from './texts.ts';
import './handover.css';

/**
 * /handover/v1/:introductionId (route handover; docs/backoffice.md §5 "Handover"): a customer whose agent prepared
 * their access opens the link of the SMS, asks for a code to their mobile, types it and lands on the page of their
 * status, logged in. A link that was used, replaced or expired says so and offers the login. A customer already
 * logged in on this device is only sent to their own landing page (as a repay link does).
 */
export default function HandoverPage() {
  const { introductionId = '' } = useParams();
  const { ready, member } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (ready && member) navigate(landingFor(member.status), { replace: true });
  }, [ready, member, navigate]);

  return (
    <section className="page page-handover" aria-labelledby="page-title">
      <h1 id="page-title">{routes.handover.title}</h1>
      {ready && !member ? <HandoverFlow introductionId={introductionId} /> : <Checking />}
    </section>
  );
}

const Checking = () => (
  <div className="handover-status" role="status">
    <Spinner label={HANDOVER_TEXTS.checking} />
  </div>
);

type HandoverLink = { readonly kind: 'valid'; readonly handover: Handover } | { readonly kind: 'invalid' };

/** The link's introduction, or `invalid` when the server no longer accepts it. */
async function loadLink(introductionId: string, signal: AbortSignal): Promise<HandoverLink> {
  try {
    return { kind: 'valid', handover: await getHandover(introductionId, signal) };
  } catch (error) {
    if (isBusinessError(error, HandoverGet) && error.has('TokenNotValid')) return { kind: 'invalid' };
    throw error;
  }
}

/** The server's message of a refusal the page has no place for, or the generic one. */
const messageOf = (error: unknown): string | null => {
  if (!isApiError(error)) return HANDOVER_TEXTS.unexpected;
  if (error.kind !== 'business') return null;
  return error.errors[0]?.message || HANDOVER_TEXTS.unexpected;
};

function HandoverFlow({ introductionId }: { introductionId: string }) {
  const store = useStore();
  const { load, retry, setLoad } = usePageData((signal) => loadLink(introductionId, signal), { key: introductionId });
  const [codeRound, setCodeRound] = useState(0);
  const [alert, setAlert] = useState<string | null>(null);
  const invalidate = () => setLoad({ kind: 'ready', value: { kind: 'invalid' } });
  const fail = (error: unknown) => {
    if (isApiError(error) && error.kind === 'business' && error.has('TokenNotValid')) invalidate();
    else setAlert(messageOf(error));
  };

  const [sendCode, isSending] = useSingleFlight(async () => {
    setAlert(null);
    try {
      await sendHandoverCode(introductionId);
      setCodeRound((round) => round + 1);
    } catch (error) {
      // A code sent before this page was opened (a reload) is still the live one: let the customer type it.
      if (isBusinessError(error, HandoverOtpPost) && error.has('PinRequestTooSoon')) setCodeRound((round) => round + 1);
      fail(error);
    }
  });

  const loggedIn = async (session: Session) => {
    const { passwordRequired, ...memberDetails } = session.customerDetails;
    // The session's member then sends the page to the customer's landing (HandoverPage's effect).
    await startSession(store, { token: session.token, memberDetails }, { passwordRequired });
  };

  const enter = async (code: string): Promise<string | undefined> => {
    setAlert(null);
    try {
      await loggedIn(await loginWithHandover(introductionId, code));
      return undefined;
    } catch (error) {
      if (isBusinessError(error, HandoverLoginPost)) {
        const onField = FIELD_CODES.find((name) => error.has(name));
        if (onField) return error.find(onField)?.message;
      }
      fail(error);
      return undefined;
    }
  };

  if (load.kind === 'loading') return <Checking />;
  if (load.kind === 'failed')
    return (
      <div className="handover-failed">
        <p>{HANDOVER_TEXTS.failed}</p>
        <Button variant="secondary" onPress={retry}>
          {HANDOVER_TEXTS.retry}
        </Button>
      </div>
    );
  if (load.value.kind === 'invalid') return <InvalidLink />;

  const { handover } = load.value;
  const phone = handover.maskedPhone;
  return (
    <>
      <p>{formatMessage(HANDOVER_TEXTS.greeting, { firstName: handover.firstName })}</p>
      {alert && (
        <p className="handover-alert" role="alert">
          {alert}
        </p>
      )}
      {codeRound === 0 ? (
        <>
          <p>{formatMessage(HANDOVER_TEXTS.sendIntro, { phone })}</p>
          <Button fullWidth isLoading={isSending} onPress={() => void sendCode()}>
            {HANDOVER_TEXTS.send}
          </Button>
        </>
      ) : (
        <>
          <p>{formatMessage(HANDOVER_TEXTS.sent, { phone })}</p>
          <OneTimeCodeForm
            name="code"
            label={HANDOVER_TEXTS.codeLabel}
            description={HANDOVER_TEXTS.codeHint}
            submitLabel={HANDOVER_TEXTS.enter}
            codeRound={codeRound}
            submit={enter}
          />
          <ResendCode phone={phone} introductionId={introductionId} onSent={setCodeRound} fail={fail} />
        </>
      )}
    </>
  );
}

/** The refusals shown on the code field, the most telling first (attempts left before "not valid"). */
const FIELD_CODES = [
  'PinNotValidLastAttempt',
  'PinNotValidWithRemainingAttemptCount',
  'PinExpired',
  'PinNotValid',
] as const satisfies readonly (typeof HandoverLoginPost.errors)[number][];

interface ResendProps {
  phone: string;
  introductionId: string;
  onSent: (next: (round: number) => number) => void;
  fail: (error: unknown) => void;
}

/** 'No he recibido el código', once the 60-second wait since the last code is over. */
function ResendCode({ phone, introductionId, onSent, fail }: ResendProps) {
  const { secondsLeft, restart } = useCountdown(PIN_RESEND_WAIT_MS);
  const [resend, isSending] = useSingleFlight(async () => {
    try {
      await sendHandoverCode(introductionId);
      restart();
      onSent((round) => round + 1);
      showToast({ alertType: 'success', content: formatMessage(HANDOVER_TEXTS.resent, { phone }) });
    } catch (error) {
      fail(error);
    }
  });
  return (
    <div className="handover-resend">
      {secondsLeft > 0 ? (
        <p className="handover-countdown" role="timer" aria-live="off">
          {formatMessage(HANDOVER_TEXTS.countdown, { seconds: secondsLeft })}
        </p>
      ) : (
        <Button variant="secondary" isLoading={isSending} onPress={() => void resend()}>
          {HANDOVER_TEXTS.resend}
        </Button>
      )}
    </div>
  );
}

function InvalidLink() {
  return (
    <div className="handover-invalid">
      <h2>{HANDOVER_TEXTS.invalidTitle}</h2>
      <p>{HANDOVER_TEXTS.invalid}</p>
      <p>
        <Link to={buildPath('login')}>{HANDOVER_TEXTS.login}</Link>
      </p>
    </div>
  );
}
