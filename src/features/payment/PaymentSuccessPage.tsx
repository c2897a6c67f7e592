import { useStore } from 'jotai';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePageData } from '../../lib/api/use-page-data.ts';
import { loadLoans } from '../../lib/loans/load-loans.ts';
import { ReviewInvitation } from '../../lib/reviews/ReviewInvitation.tsx';
import { refreshMemberDetails } from '../../lib/session/refresh-member-details.ts';
import type { AppStore } from '../../lib/storage/store.ts';
import { Button } from '../../lib/ui/Button.tsx';
import { Spinner } from '../../lib/ui/Spinner.tsx';
import type { Loan } from '../../shared/api/loan-schemas.ts';
import { formatIsoDate } from '../../shared/calendar.ts';
import { formatMoney } from '../../shared/money.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { paymentOptions } from '../../shared/payment-statuses.ts';
import { getPaymentStatus, type PaymentStatusAnswer } from '../../lib/api/calls/payment-status.ts';
import { loanRemaining } from './payment-summary.ts';
import { pollPayment } from '../../lib/card-payment/poll-payment.ts';
import { PAYMENT_OPTION_TEXTS, PAYMENT_SUCCESS_TEXTS as TEXT } from './texts.ts';
import './payment.css';

type Load =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly payment: PaymentStatusAnswer | null; readonly loan: Loan | null }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'failed' };

const idOf = (value: string | null): number | null =>
  value !== null && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/**
 * The payment (polled while pending), then the loan. The loan is read after the payment is settled, so it shows what
 * remains after it; through the shared loan data (src/lib/loans), so the dashboard, the menu's balance and the
 * header's pay shortcut see the payment too. A payment that repaid the loan also changed the customer's details
 * (`hasActiveLoan`, and the limits grown by an on-time repayment): they are read again, so the header's 'TU LÍMITE'
 * shows the new limits now, not after the next start-up.
 */
async function loadPaymentSuccess(
  store: AppStore,
  loanId: number | null,
  paymentId: number | null,
  signal: AbortSignal,
): Promise<Extract<Load, { kind: 'ready' | 'timeout' }>> {
  let paid: PaymentStatusAnswer | null = null;
  if (paymentId !== null) {
    const polled = await pollPayment(paymentId, { get: getPaymentStatus, signal });
    if (polled.status === 'timeout') return { kind: 'timeout' };
    if (polled.status === 'cancelled') throw new Error('cancelled');
    paid = polled.answer;
  }
  const state = await loadLoans(store);
  if (state.kind !== 'ready' || state.stale) throw new Error('loans not loaded');
  const id = loanId ?? paid?.loanId ?? null;
  const loan = state.loans.find((candidate) => candidate.id === id) ?? null;
  if (loan?.status === 'repaid') void refreshMemberDetails(store);
  return { kind: 'ready', payment: paid, loan };
}

/**
 * `paymentSuccess` (/payment/success/:paidType?, query loanId and paymentId): what was paid (PaymentStatusGet: the
 * amount; `paidType`: the option, in Spanish), what remains of the loan after it (CustomerAllLoansGet; 0 → 'Préstamo
 * pagado') and the next instalment's date, and the way back to the dashboard. A payment still pending (a transfer
 * confirmed by the bank a moment later) is polled like on the payment page.
 */
export default function PaymentSuccessPage() {
  const { paidType } = useParams();
  const [search] = useSearchParams();
  const loanId = idOf(search.get('loanId'));
  const paymentId = idOf(search.get('paymentId'));
  const option = paymentOptions.find((known) => known === paidType);
  const store = useStore();
  const page = usePageData((signal) => loadPaymentSuccess(store, loanId, paymentId, signal), {
    key: `${loanId}/${paymentId}`,
  });
  const load: Load = page.load.kind === 'ready' ? page.load.value : page.load;
  const { retry } = page;

  const failed = load.kind === 'ready' && load.payment?.status === 'failed';
  return (
    <section className="page page-payment-success" aria-labelledby="page-title">
      <h1 id="page-title">{failed ? TEXT.failed : TEXT.title}</h1>
      {load.kind === 'loading' && <Spinner label={paymentId === null ? TEXT.loading : TEXT.pending} />}
      {load.kind === 'failed' && (
        <div role="alert" className="payment-failed">
          <p>{TEXT.loadFailed}</p>
          <Button onPress={retry}>{TEXT.retry}</Button>
        </div>
      )}
      {load.kind === 'timeout' && (
        <p role="status" className="payment-alert">
          {TEXT.confirmTimeout}
        </p>
      )}
      {failed && load.payment !== null && (
        <p role="alert" className="payment-alert">
          {load.payment.message}
        </p>
      )}
      {load.kind === 'ready' && !failed && <PaidFigures load={load} option={option} />}
      {load.kind === 'ready' && !failed && load.loan?.status === 'repaid' && <ReviewInvitation loanId={load.loan.id} />}
      <p className="payment-back">
        <Link className="ui-button ui-button--primary" to={buildPath('dashboard')}>
          {TEXT.toDashboard}
        </Link>
      </p>
    </section>
  );
}

function PaidFigures({
  load,
  option,
}: {
  load: Extract<Load, { kind: 'ready' }>;
  option: (typeof paymentOptions)[number] | undefined;
}) {
  const after = load.loan ? loanRemaining(load.loan) : null;
  return (
    <dl className="payment-facts payment-success-facts">
      {load.payment !== null && (
        <>
          <dt>{TEXT.paid}</dt>
          <dd className="payment-amount">{formatMoney(load.payment.amount)}</dd>
        </>
      )}
      {option !== undefined && (
        <>
          <dt>{TEXT.option}</dt>
          <dd>{PAYMENT_OPTION_TEXTS[option]}</dd>
        </>
      )}
      {after !== null && (
        <>
          <dt>{TEXT.remaining}</dt>
          <dd>{after.remaining === 0 ? TEXT.loanRepaid : formatMoney(after.remaining)}</dd>
          {after.nextDate !== null && (
            <>
              <dt>{TEXT.nextDate}</dt>
              <dd>{formatIsoDate(after.nextDate)}</dd>
            </>
          )}
        </>
      )}
    </dl>
  );
}
