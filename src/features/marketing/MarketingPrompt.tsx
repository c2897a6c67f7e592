import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../lib/session/session.ts';
import { cookieConsentAtom, marketingPromptAtom } from '../../lib/storage/atoms.ts';
import { matchRoute } from '../../shared/routes/paths.ts';
import { mayShowMarketingPrompt } from './prompt-rules.ts';

/**
 * The marketing opt-in prompt '¡Bienvenido de nuevo!' (second document §2, §4), mounted once by the app's layout.
 * It renders nothing itself: when the rules of prompt-rules.ts allow it, it loads the prompt (its API calls and
 * texts stay out of the first load) and asks through the app's confirm dialog.
 */
export function MarketingPrompt() {
  const store = useStore();
  // Customers already asked (or found to accept everything) while the app runs: no second check.
  const handled = useRef(new Set<number>());
  const { ready, status, member } = useSession();
  const consent = useAtomValue(cookieConsentAtom);
  const lastShown = useAtomValue(marketingPromptAtom);
  const { pathname } = useLocation();
  const customerId = member?.id ?? null;
  const eligible =
    customerId !== null &&
    mayShowMarketingPrompt({
      ready,
      status,
      cookieConsentDecided: consent !== null,
      lastShownAt: lastShown?.shownAt ?? null,
      route: matchRoute(pathname).key,
    });

  useEffect(() => {
    if (!eligible || customerId === null || handled.current.has(customerId)) return;
    handled.current.add(customerId);
    import('./prompt-flow.ts')
      .then(({ runMarketingPrompt }) => runMarketingPrompt(store, customerId))
      .catch((error: unknown) => {
        handled.current.delete(customerId);
        console.warn('The marketing prompt could not run', error);
      });
  }, [eligible, customerId, store]);

  return null;
}
