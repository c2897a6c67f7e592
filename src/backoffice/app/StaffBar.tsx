import { Button } from '../../lib/ui/Button.tsx';
import { useSingleFlight } from '../../lib/ui/use-single-flight.ts';
import { logOut } from '../lib/backoffice-session.ts';
import { useStaffSession } from '../lib/use-staff-session.ts';
import { ROLE_LABELS, SHELL_TEXTS } from './texts.ts';

/** Who is logged in (name and role in Spanish) and 'Cerrar sesión', once the server has confirmed the session. */
export function StaffBar() {
  const { session, confirmed } = useStaffSession();
  const [leave, isLeaving] = useSingleFlight(logOut);
  if (!session || !confirmed) return null;
  const { fullName, role } = session.staff;
  return (
    <div className="bo-staff" aria-label={SHELL_TEXTS.staffLabel} role="group">
      <p className="bo-staff-name">
        {fullName} <span className="bo-staff-role">· {ROLE_LABELS[role]}</span>
      </p>
      <Button
        variant="secondary"
        className="bo-staff-logout"
        isLoading={isLeaving}
        loadingLabel={SHELL_TEXTS.loggingOut}
        onPress={() => void leave()}
      >
        {SHELL_TEXTS.logout}
      </Button>
    </div>
  );
}
