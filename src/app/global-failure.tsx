import type { GlobalOutcome } from '../lib/api/error-catalogue.ts';
import { openDialog } from '../lib/ui/dialog-store.ts';
import { showToast } from '../lib/ui/toast-store.ts';
import type { AppStore } from '../lib/storage/store.ts';
import { buildPath } from '../shared/routes/paths.ts';
import { expireSession, type Navigate } from './session-actions.ts';

/**
 * What the shell does for a failed request (first document §8 "Global by HTTP outcome"); the API client decides the
 * outcome (lib/api/error-catalogue.ts), this turns it into dialogs, toasts and navigation. 422 business errors and
 * other statuses are left to the caller.
 */
export function handleGlobalFailure(outcome: GlobalOutcome, deps: { store: AppStore; navigate: Navigate }): void {
  switch (outcome.kind) {
    case 'dialog':
      void openDialog({
        id: outcome.id,
        type: 'warning',
        title: outcome.title,
        content: outcome.heading ? (
          <>
            <strong className="dialog-heading">{outcome.heading}</strong> {outcome.message}
          </>
        ) : (
          outcome.message
        ),
        ...(outcome.action ? { buttonYes: outcome.action.label } : {}),
      }).then((confirmed) => {
        if (confirmed && outcome.action?.reload) window.location.reload();
      });
      return;
    case 'sessionExpired':
      void expireSession(deps.store, deps.navigate, outcome.message);
      return;
    case 'notFound':
      showToast({ alertType: 'warning', header: outcome.title, content: outcome.message });
      deps.navigate(buildPath('home'), { replace: true });
      return;
    default:
      return;
  }
}
