import { MINI_DISCLAIMER } from '../../../lib/loans/mini-loan-figures.ts';
import { CALCULATOR, FIRST_REPAYMENT } from '../../../shared/constants.ts';
import { centsToEuros } from '../../../shared/money.ts';
import type { InstallmentQuote, MiniQuote, Quote, QuoteClient } from './quote-client.ts';

/**
 * The home calculator's state (first document §3 "Home calculator state"): the product shown (the minipréstamo or
 * the instalment loan), each product's choice (amount and instalment count; amount and days), the quote shown and
 * whether a calculation is in progress. Changing a value or the product recalculates; a request still running for
 * an earlier choice is cancelled (AbortController), so only the latest choice can be shown; a choice already priced
 * is shown at once from the quote client's cache. Each product keeps its own choice and its last quote while the
 * other one is shown, so switching back and forth shows each as the visitor left it.
 *
 * The minipréstamo's grid, from its built-in definition (MINI_LOAN_DEFINITION as the build wrote it into
 * mini-loan-figures.ts; the first load carries no other copy of it): 100–600 € by 50 €, 300 € first (the highest
 * interest-free first loan, the hero's offer); a term of 6 to 31 days (the first repayment window,
 * FIRST_REPAYMENT), 20 first (the definition's default term). The date is the quote client's (a weekend moves to the
 * Monday).
 */

export type CalculatorProduct = 'installment' | 'mini';

/** `offline`: no connection and no quote of this choice kept — nothing is asked until the connection is back. */
export type CalculationStatus = 'loading' | 'ready' | 'error' | 'offline';

export interface CalculatorSnapshot {
  readonly product: CalculatorProduct;
  /** The instalment loan's amount (whole euros) and count. */
  readonly amount: number;
  readonly installments: number;
  /** The minipréstamo's amount (whole euros) and term in days. */
  readonly miniAmount: number;
  readonly days: number;
  /**
   * The quote of the current product's choice; while it loads (or after it failed), the last one shown of that
   * product, or null.
   */
  readonly quote: Quote | null;
  readonly status: CalculationStatus;
}

export interface CalculatorStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): CalculatorSnapshot;
  setProduct(product: CalculatorProduct): void;
  setAmount(amount: number): void;
  setInstallments(installments: number): void;
  setMiniAmount(amount: number): void;
  setDays(days: number): void;
  /** Prices the current choice unless it is already shown or being priced (on mount). */
  start(): void;
  /** Prices the current choice again (after a failure). */
  retry(): void;
  /** Cancels a running request (on unmount). */
  stop(): void;
}

const MINI = MINI_DISCLAIMER.definition;

/** The minipréstamo's calculator grid (whole euros, days). */
export const MINI_CALCULATOR = {
  amountMin: centsToEuros(MINI.minAmount),
  amountMax: centsToEuros(MINI.maxAmount),
  amountStep: centsToEuros(MINI.amountStep),
  amountDefault: centsToEuros(MINI.firstLoanFreeMax),
  daysMin: FIRST_REPAYMENT.earliestInDays,
  daysMax: FIRST_REPAYMENT.latestInDays,
  daysDefault: MINI.defaultTermDays,
} as const;

/** The nearest value of the grid min, min + step, …, max. */
export function snapToGrid(value: number, min: number, max: number, step: number): number {
  if (!Number.isFinite(value)) return min;
  const steps = Math.round((Math.min(Math.max(value, min), max) - min) / step);
  return min + steps * step;
}

export const snapAmount = (value: number) =>
  snapToGrid(value, CALCULATOR.amountMin, CALCULATOR.amountMax, CALCULATOR.amountStep);
export const snapInstallments = (value: number) =>
  snapToGrid(value, CALCULATOR.installmentsMin, CALCULATOR.installmentsMax, CALCULATOR.installmentsStep);
export const snapMiniAmount = (value: number) =>
  snapToGrid(value, MINI_CALCULATOR.amountMin, MINI_CALCULATOR.amountMax, MINI_CALCULATOR.amountStep);
export const snapDays = (value: number) => snapToGrid(value, MINI_CALCULATOR.daysMin, MINI_CALCULATOR.daysMax, 1);

export interface CalculatorStart {
  product?: CalculatorProduct;
  amount?: number;
  installments?: number;
  miniAmount?: number;
  days?: number;
}

/**
 * The choice as calculatorChoiceAtom keeps it (schema in src/lib/storage/stored-schemas.ts): an instalment loan's
 * amount and count as before the minipréstamo (no `product`: the instalment loan); a minipréstamo's `product`, amount
 * and days, with the instalment side's count.
 */
export function storedChoice({ product, amount, installments, miniAmount, days }: CalculatorSnapshot) {
  return product === 'mini' ? { product, amount: miniAmount, installments, days } : { amount, installments };
}

/** Whether `quote` prices the snapshot's current choice. */
function pricesChoice(quote: Quote | null, snapshot: CalculatorSnapshot): boolean {
  if (quote === null || quote.product !== snapshot.product) return false;
  return quote.product === 'mini'
    ? quote.amount === snapshot.miniAmount && quote.days === snapshot.days
    : quote.amount === snapshot.amount && quote.installments === snapshot.installments;
}

export function createCalculatorStore(client: QuoteClient, initial: CalculatorStart = {}): CalculatorStore {
  const listeners = new Set<() => void>();
  let snapshot: CalculatorSnapshot = {
    product: initial.product ?? 'installment',
    amount: snapAmount(initial.amount ?? CALCULATOR.amountDefault),
    installments: snapInstallments(initial.installments ?? CALCULATOR.installmentsDefault),
    miniAmount: snapMiniAmount(initial.miniAmount ?? MINI_CALCULATOR.amountDefault),
    days: snapDays(initial.days ?? MINI_CALCULATOR.daysDefault),
    quote: null,
    status: 'loading',
  };
  /** Each product's last quote shown. */
  const last: { installment: InstallmentQuote | null; mini: MiniQuote | null } = { installment: null, mini: null };
  let running: AbortController | null = null;
  const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

  const publish = (next: CalculatorSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  const show = (quote: Quote) => {
    if (quote.product === 'mini') last.mini = quote;
    else last.installment = quote;
    publish({ ...snapshot, quote, status: 'ready' });
  };

  const calculate = () => {
    running?.abort();
    running = null;
    const { product, amount, installments, miniAmount, days } = snapshot;
    const cached = product === 'mini' ? client.cachedMini(miniAmount, days) : client.cached(amount, installments);
    if (cached) {
      show(cached);
      return;
    }
    if (isOffline()) {
      // Said at once, instead of 'Calculando tu cuota…' then an error; priced when back online.
      publish({ ...snapshot, status: 'offline' });
      return;
    }
    const controller = new AbortController();
    running = controller;
    if (snapshot.status !== 'loading') publish({ ...snapshot, status: 'loading' });
    const request: Promise<Quote> =
      product === 'mini'
        ? client.quoteMini(miniAmount, days, controller.signal)
        : client.quote(amount, installments, controller.signal);
    request.then(
      (quote) => {
        if (running !== controller) return;
        running = null;
        show(quote);
      },
      (error: unknown) => {
        if (running !== controller) return; // cancelled by a newer choice or by stop()
        running = null;
        console.warn('The calculator could not price the loan', error);
        publish({ ...snapshot, status: 'error' });
      },
    );
  };

  /** Back online: the choice that could not be priced is priced now. */
  const onOnline = () => {
    if (snapshot.status === 'offline' || snapshot.status === 'error') calculate();
  };

  /** Applies a changed choice and prices it. */
  const change = (next: Partial<CalculatorSnapshot>) => {
    publish({ ...snapshot, ...next });
    calculate();
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,
    setProduct(product) {
      if (product === snapshot.product) return;
      change({ product, quote: product === 'mini' ? last.mini : last.installment });
    },
    setAmount(value) {
      const amount = snapAmount(value);
      if (amount !== snapshot.amount) change({ amount });
    },
    setInstallments(value) {
      const installments = snapInstallments(value);
      if (installments !== snapshot.installments) change({ installments });
    },
    setMiniAmount(value) {
      const miniAmount = snapMiniAmount(value);
      if (miniAmount !== snapshot.miniAmount) change({ miniAmount });
    },
    setDays(value) {
      const days = snapDays(value);
      if (days !== snapshot.days) change({ days });
    },
    start() {
      if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
      if (!pricesChoice(snapshot.quote, snapshot) && running === null) calculate();
    },
    retry: () => calculate(),
    stop() {
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      running?.abort();
      running = null;
    },
  };
}
