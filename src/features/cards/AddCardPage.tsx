import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { getJourney } from '../../lib/api/calls/journey.ts';
import { usePageData } from '../../lib/api/use-page-data.ts';
import { cameFromDocuments } from '../../lib/loan-flow/from-documents.ts';
import { LoanFlowGate } from '../../lib/loan-flow/LoanFlowGate.tsx';
import { flowPath } from '../../lib/loan-flow/saved-flow.ts';
import { showToast } from '../../lib/ui/toast-store.ts';
import type { Journey } from '../../shared/api/loan-schemas.ts';
import { formatMessage } from '../../shared/messages.ts';
import { formatMoney } from '../../shared/money.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { LOAN_FLOW_QUERY, routes } from '../../shared/routes/table.ts';
import { AddCardForm } from '../../lib/add-card/AddCardForm.tsx';
import { ADD_CARD_TEXTS } from './texts.ts';
import './cards.css';

/**
 * `financialInfoAddCard` (/financial-info/add-card). With `l` it is the loan flow's card step (second document §4):
 * the saved flow must exist (LoanFlowGate; it is not saved again), the submit reads 'Recibir mis {amount}' when the
 * loan is agreementAssigned and the customer comes from the documents page (navigation state, see
 * lib/loan-flow/from-documents.ts), 'Quiero añadir mi tarjeta más tarde' skips to success, and an added card goes to
 * success, all keeping `l`. Without `l` (from the account area) an added card goes back to the active cards.
 */
export default function AddCardPage() {
  const [searchParams] = useSearchParams();
  const flowId = searchParams.get(LOAN_FLOW_QUERY);
  return (
    <section className="page page-add-card" aria-labelledby="page-title">
      <h1 id="page-title">{routes.financialInfoAddCard.title}</h1>
      <p>{ADD_CARD_TEXTS.intro}</p>
      {flowId ? <LoanFlowGate>{(flow) => <InLoanFlow flowId={flow.id} />}</LoanFlowGate> : <OutsideLoanFlow />}
    </section>
  );
}

/** The submit label of second document §2. */
export function submitLabelFor(journey: Journey | null, fromDocuments: boolean): string {
  const loan = journey?.loanDetails;
  if (loan && loan.status === 'agreementAssigned' && fromDocuments)
    return formatMessage(ADD_CARD_TEXTS.receiveAmount, { amount: formatMoney(loan.loanAmount) });
  return ADD_CARD_TEXTS.next;
}

function InLoanFlow({ flowId }: { flowId: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const fromDocuments = cameFromDocuments(location.state);
  // The journey only tells the submit label: without it (not from the documents, not loaded) it reads 'Siguiente'.
  const { load } = usePageData(
    (signal): Promise<Journey | null> =>
      fromDocuments ? getJourney({ ignoreErrors: true, signal }) : Promise.resolve(null),
    { key: String(fromDocuments) },
  );
  const journey = load.kind === 'ready' ? load.value : null;
  const success = flowPath('loanRequestSuccess', flowId);
  return (
    <>
      <AddCardForm
        submitLabel={submitLabelFor(journey, fromDocuments)}
        onAdded={() => navigate(success)}
        onDeclined={() => navigate(buildPath('dashboardDeclined'), { replace: true })}
      />
      <p className="add-card-later">
        <Link to={success}>{ADD_CARD_TEXTS.addLater}</Link>
      </p>
    </>
  );
}

function OutsideLoanFlow() {
  const navigate = useNavigate();
  return (
    <>
      <AddCardForm
        submitLabel={ADD_CARD_TEXTS.next}
        onAdded={() => {
          showToast({ alertType: 'success', content: ADD_CARD_TEXTS.added });
          navigate(buildPath('financialInfoActiveCards'));
        }}
        onDeclined={() => navigate(buildPath('dashboardDeclined'), { replace: true })}
      />
      <p className="add-card-later">
        <Link to={buildPath('financialInfoActiveCards')}>{ADD_CARD_TEXTS.activeCardsLink}</Link>
      </p>
    </>
  );
}
