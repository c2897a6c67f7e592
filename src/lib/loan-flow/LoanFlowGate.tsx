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
   * loanRequestLimitApprove, loanRequest) are recorded as the flow's step, where the flow is resumed, and without `l`
   * they take up the saved flow or create one. The later ones (documents, add card, success; or no step at all) only
   * read the flow: never created (no `l` → dashboard) nor saved again, so the server copy that the loan request
   * deleted is not written back.
   */
  step?: LoanFlowRouteKey;
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
  const recorded = resumableStep(step);
  if (!flowId) return recorded ? <CreateFlow step={recorded} /> : <Navigate to={buildPath('dashboard')} replace />;
  return (
    <SavedFlow flowId={flowId} step={recorded}>
      {children}
    </SavedFlow>
  );
}

function CreateFlow({ step }: { step: ResumableStep }) {
  const store = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  const started = useRef(false);
  // The flow is looked up asynchronously (IndexedDB): when the customer has left the page meanwhile (a logout, a
  // link), its answer must not take them back here.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void savedOrNewFlowId(store, step).then((flowId) => {
      if (!mounted.current) return;
      const search = new URLSearchParams(location.search);
      search.set(LOAN_FLOW_QUERY, flowId);
      navigate(`${location.pathname}?${search.toString()}`, { replace: true });
    });
  }, [store, navigate, location, step]);
  return null;
}

/** The customer's saved flow on this device when there is one, else a new default flow (saved locally first). */
async function savedOrNewFlowId(store: AppStore, step: ResumableStep): Promise<string> {
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
  step: ResumableStep | undefined;
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

type ResumableStep = NonNullable<SavedLoanFlow['step']>;

/** The step recorded for a screen: only the screens a flow is resumed on (the contract's loanFlowSteps). */
function resumableStep(step: LoanFlowRouteKey | undefined): ResumableStep | undefined {
  return step && (savedLoanFlowSteps as readonly string[]).includes(step) ? (step as ResumableStep) : undefined;
}
