import { useStore } from 'jotai';
import { useCallback, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { getCustomerCards } from '../../lib/api/calls/customer-cards.ts';
import { getCustomerAllLoans } from '../../lib/api/calls/customer-loans.ts';
import { isApiError } from '../../lib/api/errors.ts';
import { usePageData } from '../../lib/api/use-page-data.ts';
import { loadLoans } from '../../lib/loans/load-loans.ts';
import { Button } from '../../lib/ui/Button.tsx';
import { Spinner } from '../../lib/ui/Spinner.tsx';
import { NotFoundRedirect } from '../../lib/ui/NotFoundRedirect.tsx';
import { showToast } from '../../lib/ui/toast-store.ts';
import type { CardEntity } from '../../shared/api/card.ts';
import type { Loan } from '../../shared/api/loan-schemas.ts';
import type { RolloverQuote } from '../../shared/api/rollover.ts';
import { formatIsoDate } from '../../shared/calendar.ts';
import { canRollover } from '../../shared/loan/loan-actions.ts';
import { todayInMadrid } from '../../shared/madrid-today.ts';
import { formatMessage } from '../../shared/messages.ts';
import { formatMoney } from '../../shared/money.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { CardPaymentForm } from '../../lib/card-payment/index.ts';
import { calculateRollover } from './api/calculate-rollover.ts';
import { getRolloverDates } from './api/get-rollover-dates.ts';
import { postRollover, type RolloverPayload } from './api/post-rollover.ts';
import { ROLLOVER_TEXTS as TEXT } from './texts.ts';
import './rollover.css';

/**
 * `rollover` (/rollover/:loanId?, 'Prórroga'; docs/rules/payments.md "Rollover"): the loan's new date
 * (RolloverAvailableDatesGet), the fee paid today and the new amount (RolloverCalculatePost), the card, and
 * RolloverPost with one Idempotency-Key per press (the payment page's `useCardPayment`; 3-D Secure through
 * `src/lib/three-ds`). Then the loans are loaded again and the customer goes back to /dashboard with a success
 * toast. Without `loanId` the customer's loan that can be rolled over is used; another customer's loan gets the
 * app's not-found handling.
 */
export default function RolloverPage() {
  const params = useParams();
  const loanId = params.loanId === undefined ? null : Number(params.loanId);
  const page = usePageData((signal) => loadRollover(loanId, signal), { key: loanId });
  const load: Load = page.load.kind === 'ready' ? page.load.value : page.load;

  if (loanId !== null && !(Number.isSafeInteger(loanId) && loanId > 0)) return <NotFoundRedirect />;
  if (load.kind === 'notFound') return <NotFoundRedirect />;
  return (
    <section className="page page-rollover" aria-labelledby="page-title">
      <h1 id="page-title">{TEXT.title}</h1>
      {load.kind === 'loading' && <Spinner label={TEXT.loading} />}
      {load.kind === 'failed' && (
        <div role="alert" className="rollover-failed">
          <p>{TEXT.loadFailed}</p>
          <Button onPress={page.retry}>{TEXT.retry}</Button>
        </div>
      )}
      {load.kind === 'notAllowed' && <NotAllowed />}
      {load.kind === 'ready' &&
        (canRollover(load.loan) ? <RolloverOfLoan loan={load.loan} cards={load.cards} /> : <NotAllowed />)}
    </section>
  );
}

type Load =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly loan: Loan; readonly cards: readonly CardEntity[] }
  | { readonly kind: 'notFound' }
  | { readonly kind: 'notAllowed' }
  | { readonly kind: 'failed' };

/** The loan (the address's, or the one that can be rolled over) and the cards; another customer's loan is not there. */
async function loadRollover(
  loanId: number | null,
  signal: AbortSignal,
): Promise<Extract<Load, { kind: 'ready' | 'notFound' | 'notAllowed' }>> {
  const options = { ignoreErrors: true, signal };
  const [loans, cards] = await Promise.all([getCustomerAllLoans(options), getCustomerCards(options)]);
  const loan = loanId === null ? loans.find(canRollover) : loans.find((candidate) => candidate.id === loanId);
  if (loan) return { kind: 'ready', loan, cards };
  return loanId === null ? { kind: 'notAllowed' } : { kind: 'notFound' };
}

function NotAllowed({ message = TEXT.notAllowed }: { message?: string }) {
  return (
    <div className="rollover-alert" role="alert">
      <p>{message}</p>
      <Link to={buildPath('dashboard')}>{TEXT.toDashboard}</Link>
    </div>
  );
}

/** The Spanish message of a refused call (the catalogue's), or null when it is not a business refusal. */
const refusal = (error: unknown): string | null =>
  isApiError(error) && error.kind === 'business' ? (error.errors[0]?.message ?? TEXT.notAllowed) : null;

/** The server's refusal to roll the loan over (its Spanish message). */
type Refusal = { readonly kind: 'refused'; readonly message: string };

/** The dates the loan may move to, or the refusal. */
type Dates = { readonly kind: 'ready'; readonly dates: readonly string[] } | Refusal;

/** The quote of a date (the fee and the new amount), or the refusal. */
type QuoteAnswer = { readonly kind: 'ready'; readonly quote: RolloverQuote } | Refusal;

type QuoteState = { readonly kind: 'idle' } | { readonly kind: 'loading' } | QuoteAnswer | { readonly kind: 'failed' };

/** A business refusal (422) is an answer the page shows; any other failure is thrown (the page offers 'Reintentar'). */
async function orRefusal<T>(request: () => Promise<T>): Promise<T | Refusal> {
  try {
    return await request();
  } catch (error) {
    const message = refusal(error);
    if (message === null) throw error;
    return { kind: 'refused', message };
  }
}

const loadDates = (loanId: number, signal: AbortSignal): Promise<Dates> =>
  orRefusal(async (): Promise<Dates> => ({
    kind: 'ready',
    dates: await getRolloverDates({ fromDate: todayInMadrid(), loanId }, { ignoreErrors: true, signal }),
  }));

/** The quote of `date` with the date it is for (none before a date is known). */
async function loadQuote(
  loanId: number,
  date: string | null,
  signal: AbortSignal,
): Promise<{ readonly date: string; readonly answer: QuoteAnswer } | null> {
  if (date === null) return null;
  const answer = await orRefusal(async (): Promise<QuoteAnswer> => ({
    kind: 'ready',
    quote: await calculateRollover({ loanId, rolloverDate: date }, { ignoreErrors: true, signal }),
  }));
  return { date, answer };
}

function RolloverOfLoan({ loan, cards }: { loan: Loan; cards: readonly CardEntity[] }) {
  const datesPage = usePageData((signal) => loadDates(loan.id, signal), { key: loan.id });
  const [chosen, setChosen] = useState<string | null>(null);
  const selectId = useId();
  const dates = datesPage.load.kind === 'ready' ? datesPage.load.value : datesPage.load;
  // The chosen date, else the first one offered.
  const date = chosen ?? (dates.kind === 'ready' ? (dates.dates[0] ?? null) : null);
  const quotePage = usePageData((signal) => loadQuote(loan.id, date, signal), {
    key: date === null ? null : `${loan.id} ${date}`,
  });

  // The quote of the chosen date (loading until its answer).
  const quoteLoad = quotePage.load;
  const quote: QuoteState =
    date === null
      ? { kind: 'idle' }
      : quoteLoad.kind === 'failed'
        ? { kind: 'failed' }
        : quoteLoad.kind === 'ready' && quoteLoad.value?.date === date
          ? quoteLoad.value.answer
          : { kind: 'loading' };
  if (dates.kind === 'loading') return <Spinner label={TEXT.loading} />;
  if (dates.kind === 'refused') return <NotAllowed message={dates.message} />;
  if (dates.kind === 'failed' || quote.kind === 'failed') {
    // 'Reintentar' loads again what failed.
    const retry = dates.kind === 'failed' ? datesPage.retry : quotePage.retry;
    return (
      <div role="alert" className="rollover-failed">
        <p>{TEXT.loadFailed}</p>
        <Button onPress={retry}>{TEXT.retry}</Button>
      </div>
    );
  }
  if (dates.dates.length === 0) return <NotAllowed message={TEXT.noDates} />;

  return (
    <>
      <p className="rollover-intro">{TEXT.intro}</p>
      <div className="rollover-date">
        <label htmlFor={selectId}>{TEXT.dateLabel}</label>
        <select id={selectId} value={date ?? ''} onChange={(event) => setChosen(event.target.value)}>
          {dates.dates.map((value) => (
            <option key={value} value={value}>
              {formatIsoDate(value)}
            </option>
          ))}
        </select>
      </div>
      {quote.kind === 'loading' && <Spinner label={TEXT.calculating} />}
      {quote.kind === 'refused' && <NotAllowed message={quote.message} />}
      {quote.kind === 'ready' && (
        <>
          <RolloverSummary quote={quote.quote} />
          <RolloverPayment quote={quote.quote} cards={cards} />
        </>
      )}
      <p className="rollover-back">
        <Link to={buildPath('dashboard')}>{TEXT.toDashboard}</Link>
      </p>
    </>
  );
}

function RolloverSummary({ quote }: { quote: RolloverQuote }) {
  const rows: Array<[string, string]> = [
    [TEXT.currentDate, formatIsoDate(quote.currentDate)],
    [TEXT.newDate, formatIsoDate(quote.rolloverDate)],
    [TEXT.fee, formatMoney(quote.fee)],
    [TEXT.principal, formatMoney(quote.principal)],
    [TEXT.newInterest, formatMoney(quote.newInterest)],
    [TEXT.newTotal, formatMoney(quote.newTotalPayment)],
  ];
  return (
    <>
      <dl className="rollover-summary" aria-label={TEXT.title}>
        {rows.map(([term, value]) => (
          <div key={term} className="rollover-summary-row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <RolloverChargeNote />
    </>
  );
}

/** What the «intereses de prórroga» are: the instalment's interest, not a fee (the contract has none). */
function RolloverChargeNote() {
  return <p className="rollover-charge-note">{TEXT.feeExplained}</p>;
}

/** The card and 'Pagar {fee} y prorrogar': RolloverPost through the shared card payment form. */
function RolloverPayment({ quote, cards }: { quote: RolloverQuote; cards: readonly CardEntity[] }) {
  const navigate = useNavigate();
  const store = useStore();
  const done = useCallback(async () => {
    await loadLoans(store);
    showToast({
      alertType: 'success',
      content: formatMessage(TEXT.success, { date: formatIsoDate(quote.rolloverDate) }),
    });
    navigate(buildPath('dashboard'));
  }, [store, navigate, quote.rolloverDate]);
  return (
    <CardPaymentForm<RolloverPayload>
      cards={cards}
      send={postRollover}
      payloadFor={(cardId) => ({ loanId: quote.loanId, rolloverDate: quote.rolloverDate, cardId })}
      payLabel={formatMessage(TEXT.payAndRollover, { amount: formatMoney(quote.fee) })}
      payingLabel={TEXT.paying}
      offlineText={TEXT.offline}
      onSuccess={() => void done()}
      onAlreadyPaid={() => navigate(buildPath('dashboard'), { replace: true })}
    />
  );
}
