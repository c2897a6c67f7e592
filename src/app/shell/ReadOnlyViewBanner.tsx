import { useSession } from '../../lib/session/session.ts';
import { READ_ONLY_VIEW_TEXTS as TEXTS } from '../read-only-view-texts.ts';

/**
 * The banner of a staff member's read-only view (src/lib/session/read-only-view.ts), on every page of the tab: not
 * dismissible. Once the view's session is gone (the customer's 'Cerrar sesión', an expired token, a reload), it
 * also says how to open it again. Loaded only in such a tab (src/app/shell/Layout.tsx).
 */
export default function ReadOnlyViewBanner() {
  const { ready, loggedIn } = useSession();
  return (
    <div className="read-only-banner" role="status">
      <strong>{TEXTS.banner}</strong>
      {ready && !loggedIn ? <span> {TEXTS.ended}</span> : null}
    </div>
  );
}
