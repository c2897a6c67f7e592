import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../api/errors.ts';
import { randomId } from '../api/random-id.ts';
import type { ThreeDsFlowEvent, ThreeDsOutcome } from '../three-ds/three-ds-flow.ts';
import { useSingleFlight } from '../ui/use-single-flight.ts';
import type { PaymentResult } from '../../shared/api/payment.ts';
import { getPaymentStatus } from '../api/calls/payment-status.ts';
import { answerOfPayError, answerOfPayment, endsIntent, type PayAnswer } from './pay-answer.ts';
import { pollPayment } from './poll-payment.ts';
import { CARD_PAYMENT_TEXTS as PAYMENT_TEXTS } from './texts.ts';

/** Where a card payment stands on the page. */
export type CardPaymentState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'paying' }
  | { readonly kind: 'threeDs'; readonly paymentId: number; readonly trackId: string; readonly event: ThreeDsFlowEvent }
  /** Polling PaymentStatusGet after the 3-D Secure step. */
  | { readonly kind: 'confirming'; readonly paymentId: number }
  | {
      readonly kind: 'message';
      readonly text: string;
      /** The payment may still go through (no confirmation in time): the page links to the dashboard. */
      readonly toDashboard: boolean;
    };

export interface CardPaymentOptions<P> {
  /**
   * The call that creates and charges the payment with the press's key: PayLoanPost (payment page) or RolloverPost
   * (rollover page), both answering a PaymentResult.
   */
  readonly send: (payload: P, idempotencyKey: string) => Promise<PaymentResult>;
  /** Paid: the page goes to the success page. */
  readonly onSuccess: (paymentId: number) => void;
  /** The loan or the instalment was already paid: the page goes to the dashboard with the note. */
  readonly onAlreadyPaid: () => void;
}

/**
 * A card payment (PayLoanPost, HELPERS13 agreements 2 and 7): one Idempotency-Key per press, which callApi's own
 * retries reuse; a press after a lost answer (network failure, timeout, the first request still running) sends the
 * same key again for the same payment (also after a 409 RequestInProgress or a server failure), so the server answers
 * what it did the first time and never charges twice. An answer (paid, refused, a business error) ends the intent:
 * the next press gets a new key. A second press while one runs is ignored.
 * Pending with a 3-D Secure step → the host shows `ThreeDsFlow` and calls `threeDsDone`; then PaymentStatusGet is
 * polled every second until the payment is no longer pending (about a minute at most).
 */
export function useCardPayment<P>({ onSuccess, onAlreadyPaid, send }: CardPaymentOptions<P>) {
  const [state, setStateNow] = useState<CardPaymentState>({ kind: 'idle' });
  /** The current state's kind for the press guard (a ref: two presses in one tick both read it). */
  const phase = useRef<CardPaymentState['kind']>('idle');
  const setState = useCallback((next: CardPaymentState) => {
    phase.current = next.kind;
    setStateNow(next);
  }, []);
  /** The key of the intent whose answer was lost, with the body it was sent with. */
  const unanswered = useRef<{ readonly key: string; readonly body: string } | null>(null);
  const polling = useRef<AbortController | null>(null);
  const callbacks = useRef({ onSuccess, onAlreadyPaid, send });
  useEffect(() => {
    callbacks.current = { onSuccess, onAlreadyPaid, send };
  });
  useEffect(() => () => polling.current?.abort(), []);

  const show = useCallback(
    (text: string, toDashboard = false) => setState({ kind: 'message', text, toDashboard }),
    [setState],
  );

  const confirm = useCallback(
    async (paymentId: number) => {
      setState({ kind: 'confirming', paymentId });
      polling.current?.abort();
      const controller = new AbortController();
      polling.current = controller;
      const polled = await pollPayment(paymentId, { get: getPaymentStatus, signal: controller.signal });
      switch (polled.status) {
        case 'success':
          callbacks.current.onSuccess(paymentId);
          return;
        case 'failed':
          show(polled.answer.message.trim() || PAYMENT_TEXTS.failedGeneric);
          return;
        case 'timeout':
          show(PAYMENT_TEXTS.confirmTimeout, true);
          return;
        case 'cancelled':
          return;
      }
    },
    [setState, show],
  );

  const apply = (answer: PayAnswer) => {
    switch (answer.kind) {
      case 'success':
        callbacks.current.onSuccess(answer.paymentId);
        return;
      case 'failed':
      case 'error':
        show(answer.message);
        return;
      case 'threeDs':
        setState({ kind: 'threeDs', paymentId: answer.paymentId, trackId: answer.trackId, event: answer.event });
        return;
      case 'pending':
        void confirm(answer.paymentId);
        return;
      case 'alreadyPaid':
        callbacks.current.onAlreadyPaid();
        return;
      case 'lostAnswer':
        show(PAYMENT_TEXTS.lostAnswer);
        return;
      case 'inProgress':
        show(answer.message);
        return;
      case 'global':
        setState({ kind: 'idle' });
        return;
    }
  };

  const [pay, running] = useSingleFlight(async (payload: P) => {
    // The 3-D Secure step or the confirmation of the last press is still running.
    if (phase.current === 'threeDs' || phase.current === 'confirming') return;
    const body = JSON.stringify(payload);
    const key = unanswered.current?.body === body ? unanswered.current.key : randomId();
    unanswered.current = { key, body };
    setState({ kind: 'paying' });
    let answer: PayAnswer;
    try {
      answer = answerOfPayment(await callbacks.current.send(payload, key));
    } catch (error) {
      if (!isApiError(error)) throw error;
      answer = answerOfPayError(error);
    }
    if (endsIntent(answer)) unanswered.current = null;
    apply(answer);
  });

  const threeDsDone = (outcome: ThreeDsOutcome) => {
    if (state.kind !== 'threeDs') return;
    if (outcome.kind === 'success') {
      void confirm(state.paymentId);
      return;
    }
    show(outcome.kind === 'aborted' ? PAYMENT_TEXTS.threeDsAborted : PAYMENT_TEXTS.threeDsFailed);
  };

  const busy = running || state.kind === 'paying' || state.kind === 'threeDs' || state.kind === 'confirming';
  return { state, busy, pay, threeDsDone } as const;
}
