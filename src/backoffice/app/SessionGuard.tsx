import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '../../lib/ui/Button.tsx';
import { StaffMeGet } from '../../shared/api/staff.ts';
import { messageOf } from '../lib/api-error.ts';
import { call, sessionStore } from '../lib/backoffice-session.ts';
import { PATHS, RETURN_PARAM, type LoginNotice } from '../lib/paths.ts';
import { API_TEXTS } from '../lib/texts.ts';
import { useStaffSession } from '../lib/use-staff-session.ts';
import { IdleWarning } from './IdleWarning.tsx';
import { SHELL_TEXTS } from './texts.ts';

/**
 * The pages that need a session (every one but `/login`): without one, the login page with `volver=<this page>` (and
 * 'Tu sesión ha caducado…' when the server ended it); a session read from `sessionStorage` is first confirmed with
 * `StaffMeGet` (a 401 ends it); a pending password change leads to `/cambiar-contrasena`. Then the page and the idle
 * warning.
 */
export function SessionGuard() {
  const { session, ended, confirmed } = useStaffSession();
  const location = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const unconfirmed = session !== null && !confirmed;

  useEffect(() => {
    if (!unconfirmed) return;
    let live = true;
    call(StaffMeGet).then(
      (staff) => sessionStore.confirm(staff),
      (error: unknown) => {
        // A 401 has ended the session already (the guard then sends to the login page).
        if (live && sessionStore.getState().session) setFailure(messageOf(error, API_TEXTS.network));
      },
    );
    return () => {
      live = false;
    };
  }, [unconfirmed, attempt]);

  if (!session) {
    if (ended === 'loggedOut') return <Navigate to={PATHS.login} replace />;
    const here = `${location.pathname}${location.search}`;
    const to = here === '/' ? PATHS.login : `${PATHS.login}?${new URLSearchParams({ [RETURN_PARAM]: here })}`;
    const state: LoginNotice | null = ended === 'expired' ? { notice: 'expired' } : null;
    return <Navigate to={to} replace state={state} />;
  }
  if (!confirmed) {
    if (!failure) return <p role="status">{SHELL_TEXTS.checkingSession}</p>;
    return (
      <>
        <p role="alert" className="bo-alert">
          {failure}
        </p>
        <Button
          onPress={() => {
            setFailure(null);
            setAttempt((count) => count + 1);
          }}
        >
          {SHELL_TEXTS.retry}
        </Button>
      </>
    );
  }
  if (session.staff.mustChangePassword && location.pathname !== PATHS.changePassword)
    return <Navigate to={PATHS.changePassword} replace />;
  return (
    <>
      <Outlet />
      <IdleWarning idleSeconds={session.idleSeconds} />
    </>
  );
}
