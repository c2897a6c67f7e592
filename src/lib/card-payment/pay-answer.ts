import type { ApiError } from '../api/errors.ts';
import type { ThreeDsFlowEvent } from '../three-ds/three-ds-flow.ts';
import type { PaymentResult } from '../../shared/api/payment.ts';
import { businessErrorCodes } from '../../shared/api/business-error-codes.ts';
import { isLostAnswer } from './lost-answer.ts';
import { CARD_PAYMENT_TEXTS as PAYMENT_TEXTS } from './texts.ts';

/** What a card payment page does with an answer of PayLoanPost or RolloverPost (HELPERS13 agreement 2, 7). */
export type PayAnswer =
  | { readonly kind: 'success'; readonly paymentId: number }
  /** The charge was refused: the gateway's Spanish message; the next press is a new intent (a new key). */
  | { readonly kind: 'failed'; readonly message: string }
  | {
      readonly kind: 'threeDs';
      readonly paymentId: number;
      readonly trackId: string;
      readonly event: ThreeDsFlowEvent;
    }
  /** Pending without a 3-D Secure step: poll PaymentStatusGet. */
  | { readonly kind: 'pending'; readonly paymentId: number }
  /** The loan or the instalment is already paid: the dashboard with the 'Ya está pagada' note. */
  | { readonly kind: 'alreadyPaid' }
  /** No answer (network, timeout): the next press keeps the same Idempotency-Key. */
  | { readonly kind: 'lostAnswer' }
  /** 409 RequestInProgress after callApi's own retries: a payment of this loan is still running. */
  | { readonly kind: 'inProgress'; readonly message: string }
  /** A business error: its Spanish message on the page. */
  | { readonly kind: 'error'; readonly message: string }
  /** Handled by the global catalogue (404 → not found, 401 → login, 5xx → dialog). */
  | { readonly kind: 'global' };

const orDefault = (message: string | undefined, fallback: string): string =>
  message !== undefined && message.trim() !== '' ? message.trim() : fallback;

export function answerOfPayment(result: PaymentResult): PayAnswer {
  switch (result.status) {
    case 'success':
      return { kind: 'success', paymentId: result.paymentId };
    case 'failed':
      return { kind: 'failed', message: orDefault(result.message, PAYMENT_TEXTS.failedGeneric) };
    case 'pending':
      return result.threeDs
        ? { kind: 'threeDs', paymentId: result.paymentId, trackId: result.threeDs.trackId, event: result.threeDs.event }
        : { kind: 'pending', paymentId: result.paymentId };
  }
}

export function answerOfPayError(error: ApiError): PayAnswer {
  if (error.status === 409 && error.has('RequestInProgress')) {
    return {
      kind: 'inProgress',
      message: orDefault(error.find('RequestInProgress')?.message, PAYMENT_TEXTS.inProgress),
    };
  }
  if (isLostAnswer(error)) return { kind: 'lostAnswer' };
  if (error.kind !== 'business') return { kind: 'global' };
  if (error.has('LoanAlreadyRepaid')) return { kind: 'alreadyPaid' };
  const item = error.errors[0];
  const code = item?.code.name;
  const known =
    code !== undefined && code in businessErrorCodes
      ? businessErrorCodes[code as keyof typeof businessErrorCodes]
      : undefined;
  return { kind: 'error', message: orDefault(item?.message, known?.message ?? PAYMENT_TEXTS.failedGeneric) };
}

/**
 * Whether the answer settles the press's intent: the next press is then a new payment with a new key. Without an
 * answer (lost, still running, a server failure) the next press sends the same key, so it cannot pay twice.
 */
export const endsIntent = (answer: PayAnswer): boolean =>
  answer.kind !== 'lostAnswer' && answer.kind !== 'inProgress' && answer.kind !== 'global';
