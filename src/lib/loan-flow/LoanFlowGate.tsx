import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { LoanFlowStep } from '../../shared/api/loan.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { LOAN_FLOW_QUERY } from '../../shared/routes/table.ts';
import { loanFlowAtom, type SavedLoanFlow } from '../storage/atoms.ts';
import { newSavedFlow, saveFlow } from './saved-flow.ts';

export interface LoanFlowGateProps {
  /** The screen (route key) this gate guards: recorded as the flow's step. */
  step: LoanFlowStep;
  children: (flow: SavedLoanFlow) => ReactNode;
}

/**
 * The saved loan flow of a loan-flow screen (second document §4): without `l` a default flow is created and the
 * address gets its `l` (replace); an `l` that points at nothing sends the customer to the dashboard; otherwise the
 * children get the saved flow (the atom suspends while it loads). Used by bankCredentials, loanApply and loanRequest.
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

function CreateFlow({ step }: { step: LoanFlowStep }) {
  const store = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const flow = newSavedFlow(step);
    void saveFlow(store, flow, { toServer: false }).then(() => {
      const search = new URLSearchParams(location.search);
      search.set(LOAN_FLOW_QUERY, flow.id);
      navigate(`${location.pathname}?${search.toString()}`, { replace: true });
    });
  }, [store, navigate, location, step]);
  return null;
}

function SavedFlow({
  flowId,
  step,
  children,
}: {
  flowId: string;
  step: LoanFlowStep;
  children: LoanFlowGateProps['children'];
}) {
  const flow = useAtomValue(loanFlowAtom(flowId));
  const store = useStore();
  useEffect(() => {
    if (flow && flow.step !== step) void saveFlow(store, { ...flow, step });
  }, [flow, step, store]);
  if (!flow) return <Navigate to={buildPath('dashboard')} replace />;
  return <>{children(flow)}</>;
}
