import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { LoanFlowStep } from '../../shared/api/loan.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { LOAN_FLOW_QUERY } from '../../shared/routes/table.ts';
import { currentSession } from '../session/session.ts';
import { loanFlowIdsAtom } from '../storage/atoms.ts';
import { loanFlowAtom, type SavedLoanFlow } from '../storage/loan-flow-atom.ts';
import type { AppStore } from '../storage/store.ts';
import { newSavedFlow, saveFlow } from './saved-flow.ts';

export interface LoanFlowGateProps {
  /**
   * The screen (route key) this gate guards: recorded as the flow's step. Without it (the screens after the request:
   * documents, add card), the flow is only read: never created (no `l` → dashboard) nor saved again, so the server
   * copy that the loan request deleted is not written back.
   */
  step?: LoanFlowStep;
  children: (flow: SavedLoanFlow) => ReactNode;
}

/**
 * The saved loan flow of a loan-flow screen (second document §4): without `l` the customer's flow saved on this
 * device is used, else a default flow is created, and the address gets its `l` (replace); an `l` that points at
 * nothing sends the customer to the dashboard; otherwise the children get the saved flow (the atom suspends while it
 * loads). Used by bankCredentials, loanApply and loanRequest.
 */
export function LoanFlowGate({ step, children }: LoanFlowGateProps) {
  const [searchParams] = useSearchParams();
  const flowId = searchParams.get(LOAN_FLOW_QUERY);
  if (!flowId) return step ? <CreateFlow step={step} /> : <Navigate to={buildPath('dashboard')} replace />;
  return (
    <SavedFlow flowId={flowId} step={step}>
      {children}
    </SavedFlow>
  );
}

function CreateFlow({ step }: { step: LoanFlowStep }) {
  const store = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void savedOrNewFlowId(store, step).then((flowId) => {
      const search = new URLSearchParams(location.search);
      search.set(LOAN_FLOW_QUERY, flowId);
      navigate(`${location.pathname}?${search.toString()}`, { replace: true });
    });
  }, [store, navigate, location, step]);
  return null;
}

/** The customer's saved flow on this device when there is one, else a new default flow (saved locally first). */
async function savedOrNewFlowId(store: AppStore, step: LoanFlowStep): Promise<string> {
  const session = currentSession(store);
  const savedId = session ? (await store.get(loanFlowIdsAtom))[String(session.memberDetails.id)] : undefined;
  if (savedId && (await store.get(loanFlowAtom(savedId)))) return savedId;
  const flow = newSavedFlow(step);
  await saveFlow(store, flow, { toServer: false });
  return flow.id;
}

function SavedFlow({
  flowId,
  step,
  children,
}: {
  flowId: string;
  step: LoanFlowStep | undefined;
  children: LoanFlowGateProps['children'];
}) {
  const flow = useAtomValue(loanFlowAtom(flowId));
  const store = useStore();
  useEffect(() => {
    if (flow && step && flow.step !== step) void saveFlow(store, { ...flow, step });
  }, [flow, step, store]);
  if (!flow) return <Navigate to={buildPath('dashboard')} replace />;
  return <>{children(flow)}</>;
}
