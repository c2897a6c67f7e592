import { LoanFlowGate } from '../../../lib/loan-flow/LoanFlowGate.tsx';
import type { LoanFlowStep } from '../../../shared/api/loan.ts';
import { routes } from '../../../shared/routes/table.ts';
import { LoanRequestScreen } from './LoanRequestScreen.tsx';
import '../loan-request.css';

/** The page of either route: the saved flow of `l` (created when absent), then the seven-step form. */
export function LoanRequestView({ step }: { step: Extract<LoanFlowStep, 'loanApply' | 'loanRequest'> }) {
  return (
    <section className="page page-loan-request" aria-labelledby="page-title">
      <h1 id="page-title">{routes[step].title}</h1>
      <LoanFlowGate step={step}>{(flow) => <LoanRequestScreen flow={flow} step={step} />}</LoanFlowGate>
    </section>
  );
}
