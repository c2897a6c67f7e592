import { useContext, useEffect, useState } from 'react';
import { Button } from '../../lib/ui/Button.tsx';
import { Modal } from '../../lib/ui/Modal.tsx';
import { useSingleFlight } from '../../lib/ui/use-single-flight.ts';
import { StaffMeGet } from '../../shared/api/staff.ts';
import { messageOf } from '../lib/api-error.ts';
import { call, logOut, sessionStore } from '../lib/backoffice-session.ts';
import { API_TEXTS } from '../lib/texts.ts';
import { IDLE_WARNING_BEFORE_MS, IdleClockContext } from './idle-clock.ts';
import { IDLE_TEXTS } from './texts.ts';

/**
 * The idle warning (docs/backoffice.md §6): two minutes before the server's idle limit (15 minutes without a call),
 * a dialog offers 'Seguir conectado' (a `StaffMeGet`, which counts as a call); at the limit the session ends here
 * as expired. Every answer to a staff call starts the count again (the API client's `touch`).
 */
export function IdleWarning({ idleSeconds }: { idleSeconds: number }) {
  const clock = useContext(IdleClockContext);
  const [isOpen, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const idleMs = idleSeconds * 1000;
    const warnAfterMs = Math.max(0, idleMs - IDLE_WARNING_BEFORE_MS);
    let timer: number | undefined;
    const schedule = () => {
      clock.clearTimeout(timer);
      const idle = clock.now() - sessionStore.lastActivityAt();
      if (idle >= idleMs) {
        sessionStore.end('expired');
        return;
      }
      const warn = idle >= warnAfterMs;
      setOpen(warn);
      if (!warn) setFailure(null);
      timer = clock.setTimeout(schedule, (warn ? idleMs : warnAfterMs) - idle);
    };
    schedule();
    const stop = sessionStore.onActivity(schedule);
    return () => {
      stop();
      clock.clearTimeout(timer);
    };
  }, [clock, idleSeconds]);

  const [stay, isStaying] = useSingleFlight(async () => {
    try {
      sessionStore.confirm(await call(StaffMeGet));
    } catch (error) {
      setFailure(messageOf(error, API_TEXTS.network));
    }
  });

  return (
    <Modal
      isOpen={isOpen}
      isDismissable={false}
      role="alertdialog"
      title={IDLE_TEXTS.title}
      footer={
        <>
          <Button variant="secondary" onPress={() => void logOut()}>
            {IDLE_TEXTS.logout}
          </Button>
          <Button isLoading={isStaying} onPress={() => void stay()}>
            {IDLE_TEXTS.stay}
          </Button>
        </>
      }
    >
      <p>{IDLE_TEXTS.body}</p>
      {failure && (
        <p role="alert" className="bo-alert">
          {failure}
        </p>
      )}
    </Modal>
  );
}
