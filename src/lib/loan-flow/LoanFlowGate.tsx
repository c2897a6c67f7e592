import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { buildPath } from '../../shared/routes/paths.ts';
import { LOAN_FLOW_QUERY } from '../../shared/routes/table.ts';
import { currentSession } from '../session/session.ts';
import { loanFlowIdsAtom } from '../storage/atoms.ts';
import { loanFlowAtom, savedLoanFlowSteps, type SavedLoanFlow } from '../storage/loan-flow-atom.ts';
import type { AppStore } from '../storage/store.ts';
import { newSavedFlow, saveFlow, type LoanFlowRouteKey } from './saved-flow.ts';

export interface LoanFlowGateProps {
  /**
   * The screen (route key) this gate guards. The screens before the request (bankCredentials, loanApply,
   * loanRequestLimitApprove, loanRequest) are recorded as the flow's step, where the flow is resumed; the later ones
   * (documents, add-card, success, declined) leave it as it is.
   */
  step: LoanFlowRouteKey;
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
  if (!flowId) return <CreateFlow step={step} />;
  return (
    <SavedFlow flowId={flowId} step={step}>
      {children}
    </SavedFlow>
  );
}

function CreateFlow({ step }: { step: LoanFlowRouteKey }) {
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
async function savedOrNewFlowId(store: AppStore, step: LoanFlowRouteKey): Promise<string> {
  const session = currentSession(store);
  const savedId = session ? (await store.get(loanFlowIdsAtom))[String(session.memberDetails.id)] : undefined;
  if (savedId && (await store.get(loanFlowAtom(savedId)))) return savedId;
  const flow = newSavedFlow(resumableStep(step));
  await saveFlow(store, flow, { toServer: false });
  return flow.id;
}

function SavedFlow({
  flowId,
  step,
  children,
}: {
  flowId: string;
  step: LoanFlowRouteKey;
  children: LoanFlowGateProps['children'];
}) {
  const flow = useAtomValue(loanFlowAtom(flowId));
  const store = useStore();
  useEffect(() => {
    const recorded = resumableStep(step);
    if (flow && recorded && flow.step !== recorded) void saveFlow(store, { ...flow, step: recorded });
  }, [flow, step, store]);
  if (!flow) return <Navigate to={buildPath('dashboard')} replace />;
  return <>{children(flow)}</>;
}

/** The step recorded for a screen: only the screens a flow is resumed on (the contract's loanFlowSteps). */
function resumableStep(step: LoanFlowRouteKey): SavedLoanFlow['step'] {
  return (savedLoanFlowSteps as readonly string[]).includes(step) ? (step as SavedLoanFlow['step']) : undefined;
}
