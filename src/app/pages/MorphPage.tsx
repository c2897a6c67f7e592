import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isReadOnlyView } from '../../lib/session/read-only-view.ts';
import { useSession } from '../../lib/session/session.ts';
import { showToast } from '../../lib/ui/toast-store.ts';
import { landingFor } from '../../shared/routes/access.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { READ_ONLY_VIEW_TEXTS as TEXTS } from '../read-only-view-texts.ts';

/**
 * `/morph`, a staff member's read-only view of a customer's area (src/lib/session/read-only-view.ts): start-up logs
 * in with the token of the address's fragment; once it has, the tab goes to the landing page of the customer's
 * status. A token the server refused (expired, already ended) or a reload (the view's session lived in memory)
 * sends the tab to the login page with the reason. Outside a view the page sends the tab where it belongs.
 */
export default function MorphPage() {
  const { ready, loggedIn, status } = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    if (!ready) return;
    if (loggedIn) {
      navigate(landingFor(status), { replace: true });
    } else if (isReadOnlyView()) {
      navigate(buildPath('login'), { replace: true });
      showToast({ id: 'read-only-view-expired', alertType: 'warning', content: TEXTS.expired });
    } else {
      navigate(buildPath('home'), { replace: true });
    }
  }, [ready, loggedIn, status, navigate]);

  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{TEXTS.opening}</span>
    </div>
  );
}
