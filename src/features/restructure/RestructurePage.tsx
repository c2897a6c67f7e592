import { useCallback, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { isApiError, isBusinessError } from '../../lib/api/errors.ts';
import { runningLoans } from '../../lib/loans/loan-links.ts';
import { useLoans } from '../../lib/loans/use-loans.ts';
import { DocumentFrame } from '../../lib/ui/DocumentFrame.tsx';
import { Button } from '../../lib/ui/Button.tsx';
import { Checkbox } from '../../lib/ui/Checkbox.tsx';
import { openDialog } from '../../lib/ui/dialog-store.ts';
import { Modal } from '../../lib/ui/Modal.tsx';
import { Spinner } from '../../lib/ui/Spinner.tsx';
import { showToast } from '../../lib/ui/toast-store.ts';
import { usePageData } from '../../lib/api/use-page-data.ts';
import { RestructurePlanGet, type RestructurePlan } from '../../shared/api/restructure.ts';
import { formatIsoDate } from '../../shared/calendar.ts';
import { LAYOUT } from '../../shared/constants.ts';
import { canFlexiblePayment } from '../../shared/loan/loan-actions.ts';
import { formatMessage } from '../../shared/messages.ts';
import { formatMoney, formatPercent } from '../../shared/money.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { getRestructurePlan } from './api/get-restructure-plan.ts';
import { RESTRUCTURE_TEXTS as TEXT } from './texts.ts';
import { useRestructure } from './use-restructure.ts';
import './restructure.css';

/** The loan id of the path: a positive integer, else undefined. */
function loanIdOf(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}

/**
 * `restructure` (/restructure/:loanId?; 'Pago Flexible', docs/rules/payments.md "Restructure"): the new plan
 * the server would make today (RestructurePlanGet: what is owed, the capital, each new instalment with its date and
 * amount, the total cost and the TAE) shown BEFORE the customer confirms RestructureLoanPost; then the loans are loaded
 * again and the dashboard shows the new plan with a success toast. Without a loan id: the customer's running loan that
 * Pago Flexible applies to (else the first running one; none → the dashboard). A loan that is not the customer's (404)
 * gets a Spanish message; one the rule does not allow (422) the server's message; both with a link to the dashboard.
 */
export default function RestructurePage() {
  const params = useParams();
  const raw = params['loanId'];
  const fromPath = loanIdOf(raw);
  return (
    <section className="page page-restructure" aria-labelledby="page-title">
      <h1 id="page-title">{TEXT.title}</h1>
      {raw === undefined ? (
        <CurrentLoan />
      ) : fromPath === undefined ? (
        <NotFound />
      ) : (
        <PlanOfLoan key={fromPath} loanId={fromPath} />
      )}
    </section>
  );
}

/** No loan id in the path: the running loan Pago Flexible applies to. */
function CurrentLoan() {
  const { loans, state } = useLoans();
  if (loans === undefined) {
    return state.kind === 'failed' ? (
      <Navigate to={buildPath('dashboard')} replace />
    ) : (
      <Spinner label={TEXT.loading} />
    );
  }
  const running = runningLoans(loans);
  const loan = running.find((candidate) => canFlexiblePayment(candidate, loans)) ?? running[0];
  return loan ? <PlanOfLoan key={loan.id} loanId={loan.id} /> : <Navigate to={buildPath('dashboard')} replace />;
}

const dashboardLink = (
  <Link className="ui-button ui-button--primary" to={buildPath('dashboard')}>
    {TEXT.toDashboard}
  </Link>
);

function NotFound() {
  return (
    <div className="restructure-outcome" role="alert">
      <h2>{TEXT.notFoundTitle}</h2>
      <p>{TEXT.notFound}</p>
      {dashboardLink}
    </div>
  );
}

type PlanLoad =
  { kind: 'plan'; plan: RestructurePlan } | { kind: 'notFound' } | { kind: 'notAllowed'; message: string };

async function loadPlan(loanId: number, signal: AbortSignal): Promise<PlanLoad> {
  try {
    return { kind: 'plan', plan: await getRestructurePlan(loanId, signal) };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { kind: 'notFound' };
    if (isBusinessError(error, RestructurePlanGet)) {
      return { kind: 'notAllowed', message: error.errors[0]?.message ?? '' };
    }
    throw error;
  }
}

function PlanOfLoan({ loanId }: { loanId: number }) {
  const fetch = useCallback((signal: AbortSignal) => loadPlan(loanId, signal), [loanId]);
  const { load, retry } = usePageData(fetch);
  if (load.kind === 'loading') return <Spinner label={TEXT.loading} />;
  if (load.kind === 'failed') {
    return (
      <div role="alert" className="restructure-outcome">
        <p>{TEXT.loadFailed}</p>
        <Button onPress={retry}>{TEXT.retry}</Button>
      </div>
    );
  }
  const value = load.value;
  if (value.kind === 'notFound') return <NotFound />;
  if (value.kind === 'notAllowed') {
    return (
      <div className="restructure-outcome" role="alert">
        <h2>{TEXT.notAllowedTitle}</h2>
        <p>{value.message}</p>
        {dashboardLink}
      </div>
    );
  }
  return <PlanView key={value.plan.preContractInformation.digest} plan={value.plan} onReload={retry} />;
}

function PlanView({ plan, onReload }: { plan: RestructurePlan; onReload: () => void }) {
  const navigate = useNavigate();
  const onDone = useCallback(() => {
    showToast({ alertType: 'success', content: TEXT.success });
    navigate(buildPath('dashboard'), { replace: true });
  }, [navigate]);
  const { confirm, running, outcome } = useRestructure(plan.loanId, plan.preContractInformation.digest, onDone);
  const [accepted, setAccepted] = useState(false);
  const [showAcceptError, setShowAcceptError] = useState(false);
  const [documentOpen, setDocumentOpen] = useState(false);
  if (outcome.kind === 'notFound') return <NotFound />;
  const count = plan.installments.length;
  const first = plan.installments[0];

  // A new credit agreement: the box accepts the pre-contract information, then the customer confirms once more.
  const confirmPlan = async () => {
    if (!accepted) {
      setShowAcceptError(true);
      return;
    }
    const yes = await openDialog({
      id: 'restructure-confirm',
      type: 'warning',
      title: TEXT.confirmTitle,
      content: formatMessage(TEXT.confirmText, {
        count,
        total: formatMoney(plan.totalPayment),
        date: first ? formatIsoDate(first.expectedDate) : '',
      }),
      buttonYes: TEXT.confirmYes,
      buttonNo: TEXT.confirmNo,
      showButtonNo: true,
    });
    if (yes) await confirm();
  };

  return (
    <>
      <p className="restructure-intro">{formatMessage(TEXT.intro, { count })}</p>
      <section className="restructure-summary" aria-labelledby="restructure-summary-title">
        <h2 id="restructure-summary-title">{TEXT.summaryTitle}</h2>
        <dl>
          <div>
            <dt>{TEXT.debt}</dt>
            <dd>{formatMoney(plan.debt)}</dd>
          </div>
          <div>
            <dt>{TEXT.principal}</dt>
            <dd>{formatMoney(plan.principal)}</dd>
          </div>
          <div>
            <dt>{TEXT.totalCost}</dt>
            <dd>{formatMoney(plan.totalCost)}</dd>
          </div>
          <div>
            <dt>{TEXT.totalPayment}</dt>
            <dd>{formatMoney(plan.totalPayment)}</dd>
          </div>
          <div>
            <dt>{TEXT.tae}</dt>
            <dd>{formatPercent(plan.tae)}</dd>
          </div>
        </dl>
      </section>
      <section className="restructure-plan" aria-labelledby="restructure-plan-title">
        <h2 id="restructure-plan-title">{TEXT.planTitle}</h2>
        <ol className="restructure-installments">
          {plan.installments.map((installment, index) => (
            <li key={installment.number} className="restructure-installment">
              <h3>{formatMessage(TEXT.installmentTitle, { index: index + 1, count })}</h3>
              <dl>
                <div>
                  <dt>{TEXT.date}</dt>
                  <dd>{formatIsoDate(installment.expectedDate)}</dd>
                </div>
                <div>
                  <dt>{TEXT.amount}</dt>
                  <dd>{formatMoney(installment.totalPayment)}</dd>
                </div>
                <div>
                  <dt>{TEXT.capital}</dt>
                  <dd>{formatMoney(installment.base)}</dd>
                </div>
                <div>
                  <dt>{TEXT.interest}</dt>
                  <dd>{formatMoney(installment.interest)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ol>
      </section>
      <p className="restructure-note">{TEXT.replaces}</p>
      <section className="restructure-precontract" aria-labelledby="restructure-precontract-title">
        <h2 id="restructure-precontract-title">{TEXT.precontractLink}</h2>
        <p>{TEXT.precontractIntro}</p>
        <Button variant="link" onPress={() => setDocumentOpen(true)}>
          {TEXT.precontractLink}
        </Button>
        <Checkbox
          isSelected={accepted}
          onChange={(selected) => {
            setAccepted(selected);
            if (selected) setShowAcceptError(false);
          }}
          errorMessage={showAcceptError ? TEXT.acceptRequired : undefined}
        >
          {TEXT.accept}
        </Checkbox>
      </section>
      {outcome.kind === 'message' && (
        <p className="ui-field-error" role="alert">
          {outcome.text}
        </p>
      )}
      {outcome.kind === 'planChanged' && (
        <div className="ui-field-error" role="alert">
          <p>{outcome.text}</p>
          <Button variant="secondary" onPress={onReload}>
            {TEXT.showNewPlan}
          </Button>
        </div>
      )}
      {documentOpen && (
        <Modal
          isOpen
          onOpenChange={(open) => !open && setDocumentOpen(false)}
          title={plan.preContractInformation.title}
          maxWidth={LAYOUT.agreementModalMaxWidth}
        >
          <DocumentFrame
            className="loan-agreement-frame"
            title={plan.preContractInformation.title}
            html={plan.preContractInformation.agreement}
          />
        </Modal>
      )}
      <div className="restructure-actions">
        <Button fullWidth isLoading={running} loadingLabel={TEXT.confirming} onPress={() => void confirmPlan()}>
          {TEXT.confirm}
        </Button>
        <Link className="ui-button ui-button--secondary" to={buildPath('dashboard')}>
          {TEXT.toDashboard}
        </Link>
      </div>
    </>
  );
}
