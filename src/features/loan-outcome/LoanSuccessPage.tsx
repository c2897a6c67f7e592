import { useStore } from 'jotai';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { getJourney, identityDocumentCount } from '../../lib/api/calls/journey.ts';
import { usePageData } from '../../lib/api/use-page-data.ts';
import { IDENTITY_DOCUMENTS_NEEDED } from '../../lib/loan-flow/next-step.ts';
import { clearFlow, flowPath, forgetCurrentFlow } from '../../lib/loan-flow/saved-flow.ts';
import type { AppStore } from '../../lib/storage/store.ts';
import type { Journey } from '../../shared/api/loan-schemas.ts';
import { formatMessage } from '../../shared/messages.ts';
import { formatMoney } from '../../shared/money.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { LOAN_FLOW_QUERY, routes } from '../../shared/routes/table.ts';
import { SUCCESS_TEXTS as TEXT } from './texts.ts';
import './loan-outcome.css';

/**
 * `loanRequestSuccess` (/loan-request/success): the end of the loan flow. What happens next and when the money
 * arrives (about 10 minutes once the card is verified); from the journey (JourneyGet): a missing card (link to add
 * card) and missing identity documents ('Aviso' / 'No has subido tu DNI/NIE.', link to /documents), both keeping `l`;
 * then the dashboard. The flow is finished: it stops being the customer's current flow at once, and its saved copy
 * is deleted as soon as the journey shows nothing left to do (documents and card), else it stays for those links
 * (it expires after a day anyway).
 */
export default function LoanSuccessPage() {
  const store = useStore();
  const [searchParams] = useSearchParams();
  const flowId = searchParams.get(LOAN_FLOW_QUERY);

  useEffect(() => {
    if (flowId) void forgetCurrentFlow(store, flowId);
  }, [store, flowId]);
  // Without the journey (loading, failed) the page shows what happens next, without the notices.
  const { load } = usePageData((signal) => journeyClearingFinishedFlow(store, flowId, signal), { key: flowId });
  const journey = load.kind === 'ready' ? load.value : null;

  const amount = journey?.loanDetails?.loanAmount;
  const missingCard = journey !== null && !journey.cardProvided;
  const missingDocuments = journey !== null && identityDocumentCount(journey) < IDENTITY_DOCUMENTS_NEEDED;
  const inFlow = (key: 'documents' | 'financialInfoAddCard') => (flowId ? flowPath(key, flowId) : buildPath(key));

  return (
    <section className="page page-loan-outcome page-loan-success" aria-labelledby="page-title">
      <h1 id="page-title">{routes.loanRequestSuccess.title}</h1>
      <p className="loan-outcome-lead">
        {amount === undefined ? TEXT.lead : formatMessage(TEXT.leadAmount, { amount: formatMoney(amount) })}
      </p>
      <h2>{TEXT.nextTitle}</h2>
      <ol className="loan-outcome-steps">
        {TEXT.steps.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ol>
      {missingCard && (
        <div className="loan-outcome-notice" role="note" aria-labelledby="success-card-title">
          <h2 id="success-card-title">{TEXT.cardMissingTitle}</h2>
          <p>{TEXT.cardMissing}</p>
          <Link className="ui-button ui-button--secondary" to={inFlow('financialInfoAddCard')}>
            {TEXT.addCard}
          </Link>
        </div>
      )}
      {missingDocuments && (
        <div className="loan-outcome-notice" role="note" aria-labelledby="success-documents-title">
          <h2 id="success-documents-title">{TEXT.documentsTitle}</h2>
          <p>{TEXT.documentsMissing}</p>
          <p>{TEXT.documentsHelp}</p>
          <Link className="ui-button ui-button--secondary" to={inFlow('documents')}>
            {TEXT.uploadDocuments}
          </Link>
        </div>
      )}
      <p>
        <Link className="ui-button ui-button--primary" to={buildPath('dashboard')}>
          {TEXT.dashboard}
        </Link>
      </p>
    </section>
  );
}

/** JourneyGet; when it shows nothing left to do (or no loan), the flow's saved copy is deleted. */
async function journeyClearingFinishedFlow(
  store: AppStore,
  flowId: string | null,
  signal: AbortSignal,
): Promise<Journey> {
  const journey = await getJourney({ ignoreErrors: true, signal });
  const complete = journey.cardProvided && identityDocumentCount(journey) >= IDENTITY_DOCUMENTS_NEEDED;
  if (flowId && !signal.aborted && (complete || journey.loanDetails === null)) void clearFlow(store, flowId);
  return journey;
}
