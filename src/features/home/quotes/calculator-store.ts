import { CALCULATOR } from '../../../shared/constants.ts';
import type { Quote, QuoteClient } from './quote-client.ts';

/**
 * The home calculator's state (first document §3 "Home calculator state"): the chosen amount and instalment count,
 * the quote shown and whether a calculation is in progress. Changing either value recalculates; a request still
 * running for an earlier choice is cancelled (AbortController), so only the latest choice can be shown; a choice
 * already priced is shown at once from the quote client's cache.
 */

/** `offline`: no connection and no quote of this choice kept — nothing is asked until the connection is back. */
export type CalculationStatus = 'loading' | 'ready' | 'error' | 'offline';

export interface CalculatorSnapshot {
  readonly amount: number;
  readonly installments: number;
  /** The quote of the current choice; while it loads (or after it failed), the last one shown, or null. */
  readonly quote: Quote | null;
  readonly status: CalculationStatus;
}

export interface CalculatorStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): CalculatorSnapshot;
  setAmount(amount: number): void;
  setInstallments(installments: number): void;
  /** Prices the current choice unless it is already shown or being priced (on mount). */
  start(): void;
  /** Prices the current choice again (after a failure). */
  retry(): void;
  /** Cancels a running request (on unmount). */
  stop(): void;
}

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

export function createCalculatorStore(
  client: QuoteClient,
  initial: { amount: number; installments: number } = {
    amount: CALCULATOR.amountDefault,
    installments: CALCULATOR.installmentsDefault,
  },
): CalculatorStore {
  const listeners = new Set<() => void>();
  let snapshot: CalculatorSnapshot = {
    amount: snapAmount(initial.amount),
    installments: snapInstallments(initial.installments),
    quote: null,
    status: 'loading',
  };
  let running: AbortController | null = null;
  const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

  const publish = (next: CalculatorSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };

  const calculate = () => {
    running?.abort();
    running = null;
    const { amount, installments } = snapshot;
    const cached = client.cached(amount, installments);
    if (cached) {
      publish({ ...snapshot, quote: cached, status: 'ready' });
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
    client.quote(amount, installments, controller.signal).then(
      (quote) => {
        if (running !== controller) return;
        running = null;
        publish({ ...snapshot, quote, status: 'ready' });
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

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,
    setAmount(value) {
      const amount = snapAmount(value);
      if (amount === snapshot.amount) return;
      publish({ ...snapshot, amount });
      calculate();
    },
    setInstallments(value) {
      const installments = snapInstallments(value);
      if (installments === snapshot.installments) return;
      publish({ ...snapshot, installments });
      calculate();
    },
    start() {
      if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
      const shown = snapshot.quote;
      const current = shown?.amount === snapshot.amount && shown.installments === snapshot.installments;
      if (!current && running === null) calculate();
    },
    retry: () => calculate(),
    stop() {
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      running?.abort();
      running = null;
    },
  };
}
