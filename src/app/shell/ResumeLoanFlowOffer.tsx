import { useAtomValue, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getLoanFlowDraft } from '../../lib/api/calls/loan-flow.ts';
import { flowFromDraft, flowPath, saveFlow } from '../../lib/loan-flow/saved-flow.ts';
import { onlineAtom } from '../../lib/pwa/network-status.ts';
import { useSession } from '../../lib/session/session.ts';
import { loanFlowAtom } from '../../lib/storage/loan-flow-atom.ts';
import { Button } from '../../lib/ui/Button.tsx';
import type { LoanFlowDraft } from '../../shared/api/loan.ts';
import { matchRoute } from '../../shared/routes/paths.ts';
import { routes } from '../../shared/routes/table.ts';

/** The offer's texts: here, in the lazily loaded loan-flow layer, not in the shell's first-load texts. */
export const RESUME_TEXTS = {
  region: 'Solicitud sin terminar',
  intro: 'Tienes una solicitud de préstamo sin terminar. Puedes seguir donde la dejaste.',
  resume: 'Continúa tu solicitud',
  dismiss: 'Ahora no',
} as const;

/** Drafts already offered (or dismissed) in this page's life: offered once. */
const handled = new Set<string>();

/**
 * 'Continúa tu solicitud': a logged-in customer whose latest unfinished loan flow is kept by the server
 * (LoanFlowDraftGet, 1 day) but not saved on this device (another browser, site data cleared) is offered to resume
 * it; the button saves it locally and opens its step with its `l` and values. Not shown on the loan-flow screens.
 */
export function ResumeLoanFlowOffer() {
  const { ready, loggedIn, member } = useSession();
  const online = useAtomValue(onlineAtom);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const store = useStore();
  const [draft, setDraft] = useState<LoanFlowDraft | null>(null);
  const onFlowScreen = routes[matchRoute(pathname).key].loanFlowScreen !== undefined;
  const customerId = member?.id;

  useEffect(() => {
    if (!ready || !loggedIn || customerId === undefined || !online) return;
    let live = true;
    getLoanFlowDraft()
      .then(async (found) => {
        if (!found || handled.has(found.flowId)) return;
        if ((await store.get(loanFlowAtom(found.flowId))) !== null) return;
        if (live) setDraft(found);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [ready, loggedIn, customerId, online, store]);

  if (!draft || !loggedIn || onFlowScreen || handled.has(draft.flowId)) return null;

  const resume = async () => {
    handled.add(draft.flowId);
    await saveFlow(store, flowFromDraft(draft), { toServer: false });
    setDraft(null);
    navigate(flowPath(draft.step, draft.flowId));
  };
  const dismiss = () => {
    handled.add(draft.flowId);
    setDraft(null);
  };

  return (
    <aside className="resume-loan-flow container" aria-label={RESUME_TEXTS.region}>
      <p>{RESUME_TEXTS.intro}</p>
      <div className="resume-loan-flow-actions">
        <Button onPress={() => void resume()}>{RESUME_TEXTS.resume}</Button>
        <Button variant="link" onPress={dismiss}>
          {RESUME_TEXTS.dismiss}
        </Button>
      </div>
    </aside>
  );
}
