import type { PaymentStatusAnswer } from '../api/calls/payment-status.ts';

/** How a payment's status is polled after its 3-D Secure step: every second, for about a minute. */
export const PAYMENT_POLL = { intervalMs: 1000, timeoutMs: 60_000 } as const;

export type PolledPayment =
  | { readonly status: 'success' | 'failed'; readonly answer: PaymentStatusAnswer }
  | { readonly status: 'timeout' }
  | { readonly status: 'cancelled' };

export interface PollOptions {
  readonly get: (paymentId: number, signal: AbortSignal) => Promise<PaymentStatusAnswer>;
  readonly signal: AbortSignal;
  readonly intervalMs?: number;
  readonly timeoutMs?: number;
  readonly now?: () => number;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(finish, ms);
    function finish() {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      resolve();
    }
    signal.addEventListener('abort', finish, { once: true });
  });

/**
 * Polls PaymentStatusGet until the payment is no longer `pending`: a failed check is tried again at the next tick;
 * after `timeoutMs` it gives up (`timeout`), and an aborted signal ends it (`cancelled`).
 */
export async function pollPayment(paymentId: number, options: PollOptions): Promise<PolledPayment> {
  const { get, signal } = options;
  const intervalMs = options.intervalMs ?? PAYMENT_POLL.intervalMs;
  const timeoutMs = options.timeoutMs ?? PAYMENT_POLL.timeoutMs;
  const now = options.now ?? (() => Date.now());
  const started = now();
  for (;;) {
    if (signal.aborted) return { status: 'cancelled' };
    try {
      const answer = await get(paymentId, signal);
      if (answer.status !== 'pending') return { status: answer.status, answer };
    } catch {
      // A failed check (connection, server) is tried again at the next tick.
    }
    if (signal.aborted) return { status: 'cancelled' };
    if (now() - started + intervalMs > timeoutMs) return { status: 'timeout' };
    await wait(intervalMs, signal);
  }
}
