import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { onlineAtom } from '../../lib/pwa/network-status.ts';
import { Button } from '../../lib/ui/Button.tsx';
import { Spinner } from '../../lib/ui/Spinner.tsx';
import { NotFoundRedirect } from '../../lib/ui/NotFoundRedirect.tsx';
import type { Loan } from '../../shared/api/loan-schemas.ts';
import { paymentQuote } from '../../shared/loan/payment-amounts.ts';
import { todayInMadrid } from '../../shared/madrid-today.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { routes } from '../../shared/routes/table.ts';
import { isActiveLoanStatus } from '../../shared/loan-statuses.ts';
import { CardPayment } from './components/CardPayment.tsx';
import { PaymentSummary } from './components/PaymentSummary.tsx';
import { ALREADY_PAID_STATE, readPaymentRoute, type PaymentRoute } from './payment-route.ts';
import { PAYMENT_TEXTS as TEXT } from './texts.ts';
import { BankTransferInfoModal, DirectTransferModal } from './transfer/index.ts';
import { usePaymentData, type PaymentData } from './use-payment-data.ts';
import './payment.css';

/**
 * `payment` (/payment/pay/:paymentType/:loanId/:installmentId?, query paymentOption; second document §2, §5): the
 * amount of the payment option (paymentQuote), what it pays, and how to pay it: by card (PayLoanPost, 3-D Secure
 * when the bank asks, PaymentStatusGet while pending), with the bank transfer details, or with the direct transfer
 * widget. An instalment or loan already paid goes to the dashboard with the 'Ya está pagada' note; a loan that is not
 * the customer's gets the app's not-found handling.
 */
export default function PaymentPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const route = readPaymentRoute(params, search);
  const { load, reload } = usePaymentData(route?.loanId ?? null);

  if (route === null || load.kind === 'notFound') return <NotFoundRedirect />;
  return (
    <section className="page page-payment" aria-labelledby="page-title">
      <h1 id="page-title">{routes.payment.title}</h1>
      {load.kind === 'loading' && <Spinner label={TEXT.loading} />}
      {load.kind === 'failed' && (
        <div role="alert" className="payment-failed">
          <p>{TEXT.loadFailed}</p>
          <Button onPress={reload}>{TEXT.retry}</Button>
        </div>
      )}
      {load.kind === 'ready' && <PaymentOfLoan route={route} data={load.data} />}
    </section>
  );
}

/** Nothing left to pay on this loan or instalment (repaid, or the asked instalment paid). */
const isPaidOff = (loan: Loan, reason: string): boolean =>
  reason === 'alreadyPaid' || loan.status === 'repaid' || (reason === 'notPayable' && isActiveLoanStatus(loan.status));

type Method = 'card' | 'bankTransfer' | 'directTransfer';

function PaymentOfLoan({ route, data }: { route: PaymentRoute; data: PaymentData }) {
  const navigate = useNavigate();
  const online = useAtomValue(onlineAtom);
  const [method, setMethod] = useState<Method>(route.paymentType === 'bank-transfer' ? 'bankTransfer' : 'card');
  const [modal, setModal] = useState<'bankTransfer' | 'directTransfer' | null>(null);
  const methodName = useId();
  const { loan, cards, referenceCode } = data;
  const quote = paymentQuote(loan, route.option, todayInMadrid(), route.installmentId);

  if (!quote.ok) {
    if (quote.reason === 'unknownInstallment') return <NotFoundRedirect />;
    if (quote.reason === 'notFirstUnpaid') {
      // Payments are made from the first unpaid instalment (§5): the page of that one.
      const first = paymentQuote(loan, 'firstNotPaidInstallment', todayInMadrid());
      const to = buildPath(
        'payment',
        { paymentType: route.paymentType, loanId: loan.id, installmentId: first.ok ? first.installmentIds[0] : null },
        { paymentOption: route.option },
      );
      return <Navigate to={to} replace />;
    }
    return isPaidOff(loan, quote.reason) ? (
      <Navigate to={buildPath('dashboard')} replace state={ALREADY_PAID_STATE} />
    ) : (
      <Navigate to={buildPath('dashboard')} replace />
    );
  }

  const onSuccess = (paymentId: number) =>
    navigate(buildPath('paymentSuccess', { paidType: route.option }, { loanId: loan.id, paymentId }));
  const onAlreadyPaid = () => navigate(buildPath('dashboard'), { replace: true, state: ALREADY_PAID_STATE });
  const methods: readonly Method[] = ['card', 'bankTransfer', 'directTransfer'];

  return (
    <>
      <PaymentSummary
        loan={loan}
        option={route.option}
        amount={quote.amount}
        installmentIds={quote.installmentIds}
        today={todayInMadrid()}
      />
      <fieldset className="payment-methods">
        <legend>{TEXT.methodLegend}</legend>
        {methods.map((value) => (
          <label key={value} className="payment-method" data-selected={method === value}>
            <input
              type="radio"
              name={methodName}
              value={value}
              checked={method === value}
              onChange={() => setMethod(value)}
            />
            {TEXT.methods[value]}
          </label>
        ))}
      </fieldset>
      {method === 'card' && (
        <CardPayment
          loanId={loan.id}
          option={route.option}
          installmentIds={quote.installmentIds}
          amount={quote.amount}
          cards={cards}
          onSuccess={onSuccess}
          onAlreadyPaid={onAlreadyPaid}
        />
      )}
      {method === 'bankTransfer' && (
        <div className="payment-transfer">
          <p>{TEXT.bankTransferIntro}</p>
          <Button variant="secondary" onPress={() => setModal('bankTransfer')}>
            {TEXT.bankTransferOpen}
          </Button>
        </div>
      )}
      {method === 'directTransfer' && (
        <div className="payment-transfer">
          <p>{TEXT.directTransferIntro}</p>
          {!online && <p className="payment-offline">{TEXT.offline}</p>}
          <Button isDisabled={!online} onPress={() => setModal('directTransfer')}>
            {TEXT.directTransferOpen}
          </Button>
        </div>
      )}
      {modal === 'bankTransfer' && (
        <BankTransferInfoModal
          loanId={loan.id}
          amount={quote.amount}
          referenceCode={referenceCode}
          onClose={() => setModal(null)}
        />
      )}
      {modal === 'directTransfer' && (
        <DirectTransferModal
          loanId={loan.id}
          amount={quote.amount}
          paymentOption={route.option}
          onClose={() => setModal(null)}
        />
      )}
      <p className="payment-back">
        <Link to={buildPath('dashboard')}>{TEXT.toDashboard}</Link>
      </p>
    </>
  );
}
