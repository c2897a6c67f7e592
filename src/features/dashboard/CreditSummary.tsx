import { lazy, Suspense, useId, useState, type CSSProperties } from 'react';
import { loanLabel } from '../../lib/loans/loan-display.ts';
import { paymentPath } from '../../lib/loans/loan-links.ts';
import { Button } from '../../lib/ui/Button.tsx';
import { showToast } from '../../lib/ui/toast-store.ts';
import { useSingleFlight } from '../../lib/ui/use-single-flight.ts';
import type { Loan } from '../../shared/api/loan-schemas.ts';
import { formatIsoDate } from '../../shared/calendar.ts';
import { LAYOUT } from '../../shared/constants.ts';
import { lateSummary } from '../../shared/loan/late.ts';
import { loanActions } from '../../shared/loan/loan-actions.ts';
import { formatMessage } from '../../shared/messages.ts';
import { formatMoney } from '../../shared/money.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { isActiveLoanStatus, openLoanStatuses, type LoanStatus } from '../../shared/loan-statuses.ts';
import { ActionLink } from './ActionLink.tsx';
import { InstallmentList } from './InstallmentList.tsx';
import { LateNotice } from './LateNotice.tsx';
import { installmentCounts, loanDebtCents, pendingKind, repaymentDates } from './loan-summary.ts';
import { DASHBOARD_PAGE_TEXTS as TEXT } from './texts.ts';
import { useWithdrawal } from './withdrawal/use-withdrawal.ts';
import { WithdrawalLink, WithdrawalNotice } from './withdrawal/Withdrawal.tsx';

/** The agreement modal (react-aria's modal, the frame) loads when 'Ver contrato' is pressed, not with the dashboard. */
const ContractModal = lazy(() => import('./ContractModal.tsx'));

/** Loans with a signed agreement to show ('Ver contrato'): every open status after the request. */
const WITH_AGREEMENT: ReadonlySet<LoanStatus> = new Set(openLoanStatuses.filter((status) => status !== 'requested'));

const [COLLAPSED_WITH_TOP, COLLAPSED_WITHOUT_TOP] = LAYOUT.creditSummaryCollapsedHeights;

export interface CreditSummaryProps {
  readonly loan: Loan;
  /** Every loan of the customer ('Pago Flexible' counts the running ones). */
  readonly customerLoans: readonly Loan[];
  /** Today in Madrid, `YYYY-MM-DD`. */
  readonly today: string;
  /** Set while the actions cannot be taken (offline, out-of-date data): the id of the element saying why. */
  readonly disabledReasonId?: string | undefined;
}

/**
 * The credit summary card (second document §2): 'TU DEUDA ACTUAL' with the debt, the repayment date(s), the status
 * label (§4, 'No pagado' included), 'Pagar', 'Prórroga' and 'Pago Flexible' by the §5 rules (shared/loan/
 * loan-actions.ts), 'Ver contrato', '¿Problemas con un reembolso?', 'Desistir del contrato' while the 14-day withdrawal is open
 * and the withdrawal notice once given (./withdrawal), and 'Ver detalles' / 'Ver menos' with the
 * instalment accordion. The top section (headline, debt, buttons, links) is never cut; collapsed, the details below it
 * are at most 360 px high on a card with actions (a running loan) and 130 px otherwise (a loan not paid out yet),
 * §2 / §9, and 'Ver detalles' shows them whole with the instalments.
 */
export function CreditSummary({ loan, customerLoans, today, disabledReasonId }: CreditSummaryProps) {
  const [expanded, setExpanded] = useState(false);
  const [contractOpen, setContractOpen] = useState(false);
  const headingId = useId();
  const loanNumberId = useId();
  const listId = useId();
  const dates = repaymentDates(loan, today);
  const late = lateSummary(loan, today);
  const label = loanLabel(loan, today);
  const pending = pendingKind(loan);
  const counts = installmentCounts(loan.installments);
  const actions = loanActions(loan, customerLoans, today);
  const withdrawal = useWithdrawal(loan);
  const hasTop = isActiveLoanStatus(loan.status);
  const collapsedHeight = hasTop ? COLLAPSED_WITH_TOP : COLLAPSED_WITHOUT_TOP;
  const style = { '--dashboard-collapsed-height': `${collapsedHeight}px` } as CSSProperties;

  return (
    <section
      className="dashboard-summary"
      aria-labelledby={`${headingId} ${loanNumberId}`}
      data-expanded={expanded}
      data-collapsed-height={collapsedHeight}
      style={style}
    >
      <h2 id={headingId} className="dashboard-summary-title">
        {TEXT.currentDebt}
      </h2>
      <p id={loanNumberId} className="dashboard-summary-loan">
        {formatMessage(TEXT.loanNumber, { id: loan.id })}
      </p>
      <p className="dashboard-summary-debt">{formatMoney(loanDebtCents(loan))}</p>
      {pending && (
        <p className="dashboard-summary-note" role="note">
          {pending === 'requested' ? TEXT.requested : TEXT.onItsWay}
        </p>
      )}
      {late && (
        <LateNotice
          late={late}
          canPay={actions.pay !== null}
          canFlexible={actions.flexiblePayment}
          canReportProblem={actions.repaymentProblem}
        />
      )}
      {(actions.pay || actions.rollover || actions.flexiblePayment) && (
        <div className="dashboard-summary-actions" role="group" aria-label={TEXT.actions}>
          {actions.pay && (
            <ActionLink to={paymentPath(loan.id, actions.pay)} disabledReasonId={disabledReasonId}>
              {TEXT.pay}
            </ActionLink>
          )}
          {actions.rollover && (
            <ActionLink
              to={buildPath('rollover', { loanId: loan.id })}
              variant="secondary"
              disabledReasonId={disabledReasonId}
            >
              {TEXT.rollover}
            </ActionLink>
          )}
          {actions.flexiblePayment && (
            <ActionLink
              to={buildPath('restructure', { loanId: loan.id })}
              variant="secondary"
              disabledReasonId={disabledReasonId}
            >
              {TEXT.flexiblePayment}
            </ActionLink>
          )}
        </div>
      )}
      {(WITH_AGREEMENT.has(loan.status) || actions.repaymentProblem) && (
        <div className="dashboard-summary-links">
          {WITH_AGREEMENT.has(loan.status) && (
            <Button
              variant="link"
              isDisabled={disabledReasonId !== undefined}
              aria-describedby={disabledReasonId}
              onPress={() => setContractOpen(true)}
            >
              {TEXT.viewAgreement}
            </Button>
          )}
          {loan.isRestructured && <RestructureDocumentButton loanId={loan.id} disabledReasonId={disabledReasonId} />}
          {actions.repaymentProblem && (
            <ActionLink
              to={buildPath('paymentReason', undefined, { loanId: loan.id })}
              variant="link"
              disabledReasonId={disabledReasonId}
            >
              {TEXT.repaymentProblems}
            </ActionLink>
          )}
          <WithdrawalLink quote={withdrawal.quote} onRecorded={withdrawal.update} disabledReasonId={disabledReasonId} />
        </div>
      )}
      <WithdrawalNotice quote={withdrawal.quote} disabledReasonId={disabledReasonId} />
      <div className="dashboard-summary-details">
        <dl className="dashboard-summary-facts">
          {label !== undefined && (
            <div>
              <dt>{TEXT.status}</dt>
              <dd>
                <span className="dashboard-status" data-status={loan.status}>
                  {label}
                </span>
              </dd>
            </div>
          )}
          {dates.overdue.length > 0 && (
            <div>
              <dt>{dates.overdue.length > 1 ? TEXT.overduePayments : TEXT.overduePayment}</dt>
              <dd>
                {dates.overdue.map((date) => formatMessage(TEXT.dueOn, { date: formatIsoDate(date) })).join(', ')}
              </dd>
            </div>
          )}
          {dates.next !== null && (
            <div>
              <dt>{TEXT.nextPayment}</dt>
              <dd>{formatIsoDate(dates.next)}</dd>
            </div>
          )}
          <div>
            <dt>{TEXT.loanAmount}</dt>
            <dd>{formatMoney(loan.loanAmount)}</dd>
          </div>
          <div>
            <dt>{TEXT.installments}</dt>
            <dd>{formatMessage(TEXT.installmentsValue, counts)}</dd>
          </div>
        </dl>
        {expanded && (
          <InstallmentList
            id={listId}
            loan={loan}
            today={today}
            payInstallment={actions.payInstallment}
            payWholeLoan={actions.payWholeLoan}
            disabledReasonId={disabledReasonId}
          />
        )}
      </div>
      <Button
        variant="link"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        onPress={() => setExpanded((open) => !open)}
      >
        {expanded ? TEXT.showLess : TEXT.showDetails}
      </Button>
      {contractOpen && (
        <Suspense fallback={null}>
          <ContractModal loanId={loan.id} onClose={() => setContractOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}

/** The accepted pre-contract information of the loan's Pago Flexible, downloaded as PDF like the contract. */
function RestructureDocumentButton({ loanId, disabledReasonId }: { loanId: number; disabledReasonId?: string }) {
  const [download, downloading] = useSingleFlight(async () => {
    try {
      // Loaded on press, like the contract modal: the dashboard's chunk does not carry the PDF code.
      const [{ getRestructureDocumentPdf }, { saveBase64Pdf }] = await Promise.all([
        import('../../lib/api/calls/loan-agreement.ts'),
        import('../../lib/files/download.ts'),
      ]);
      const pdf = await getRestructureDocumentPdf(loanId, { ignoreErrors: true });
      saveBase64Pdf(pdf.base64String, pdf.filename);
    } catch (failure) {
      console.warn('The Pago Flexible document could not be downloaded', failure);
      showToast({ alertType: 'warning', content: TEXT.restructureDocumentFailed });
    }
  });
  return (
    <Button
      variant="link"
      isDisabled={disabledReasonId !== undefined}
      aria-describedby={disabledReasonId}
      isLoading={downloading}
      onPress={() => void download()}
    >
      {TEXT.restructureDocument}
    </Button>
  );
}
