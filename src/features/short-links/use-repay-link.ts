import { useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api/errors.ts';
import { postRequestFlowPath } from '../../lib/loan-flow/saved-flow.ts';
import { startSession, useSession } from '../../lib/session/session.ts';
import { showToast } from '../../lib/ui/toast-store.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { getRepayLinkCustomer } from './api/get-repay-link-customer.ts';
import { loginWithRepayToken } from './api/login-with-repay-token.ts';
import { openRepayLink } from './open-repay-link.ts';

/**
 * Runs the repay link once start-up has finished (only then is a stored session known to be valid: "already
 * logged in" must mean a session the server accepts), then replaces the link in the history with the destination.
 * A refused link (expired, blocked, closed customer) goes home with the server's message as a warning toast;
 * connection failures get the global offline dialog from the API client.
 */
/** The documents and add-card destinations open in a flow of their own (they need `l`, and the link has none). */
const POST_REQUEST = {
  [buildPath('documents')]: 'documents',
  [buildPath('financialInfoAddCard')]: 'financialInfoAddCard',
} as const;

export function useRepayLink(repayToken: string | undefined): void {
  const { ready, member } = useSession();
  const navigate = useNavigate();
  const store = useStore();
  const started = useRef(false);
  useEffect(() => {
    if (!ready || started.current) return;
    started.current = true;
    const withLoanFlow = async (to: string): Promise<string> => {
      const key = POST_REQUEST[to];
      return key ? postRequestFlowPath(store, key) : to;
    };
    const run = async () => {
      const outcome = repayToken
        ? await openRepayLink(repayToken, member, {
            loginWithRepayToken,
            getRepayLinkCustomer,
            startSession: (session, info) => startSession(store, session, info),
          })
        : ({ kind: 'failed', to: buildPath('home'), error: null } as const);
      if (outcome.kind === 'failed') {
        const refusal = isApiError(outcome.error) && outcome.error.kind === 'business' ? outcome.error.errors[0] : null;
        if (refusal) showToast({ alertType: 'warning', header: refusal.title, content: refusal.message });
        else if (outcome.error !== null) console.warn('Repay link failed', outcome.error);
      }
      navigate(await withLoanFlow(outcome.to), { replace: true });
    };
    void run();
  }, [ready, member, repayToken, navigate, store]);
}
