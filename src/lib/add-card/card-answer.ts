import type { ApiError } from '../api/errors.ts';
import type { ThreeDsFlowEvent } from '../three-ds/three-ds-flow.ts';
import type { CardCreateAndValidateResult } from '../../shared/api/card.ts';
import { ADD_CARD_ERRORS } from './texts.ts';

/** What the add-card page does with an answer of CardCreateAndValidatePost (second document §4, §8 "Cards"). */
export type CardAnswer =
  | { readonly kind: 'added' }
  | { readonly kind: 'threeDs'; readonly event: ThreeDsFlowEvent; readonly trackId: string }
  | { readonly kind: 'warning'; readonly message: string }
  | {
      readonly kind: 'fieldError';
      readonly field: 'cardNumber' | 'expiryYear' | 'agreementsAccept';
      readonly message: string;
    }
  | { readonly kind: 'declined' }
  | { readonly kind: 'offline' }
  | { readonly kind: 'global' };

/** 'La validación ha fallado.' plus the server's message (when it says more). */
const withServerMessage = (lead: string, message: string | undefined): string =>
  message && message.trim() !== '' && message.trim() !== lead ? `${lead} ${message.trim()}` : lead;

/** A 200 answer: success, successWithGroupChange, successWithLimitUpdate or cardEntryRequired (with its sub-reason). */
export function answerOfResult(result: CardCreateAndValidateResult): CardAnswer {
  switch (result.result) {
    case 'success':
    case 'successWithGroupChange':
    case 'successWithLimitUpdate':
      return { kind: 'added' };
    case 'cardEntryRequired':
      break;
  }
  switch (result.editPaymentInfoSubReason) {
    case 'challengeNeeded': {
      const trackId =
        result.threeDsTransactionId ?? result.payload?.transactionId ?? result.card3dsFlowResponse?.transactionId;
      if (!result.card3dsFlowResponse || !trackId) return { kind: 'warning', message: ADD_CARD_ERRORS.threeDsFailed };
      return { kind: 'threeDs', event: result.card3dsFlowResponse, trackId };
    }
    case 'validationFailed':
      return { kind: 'warning', message: withServerMessage(ADD_CARD_ERRORS.validationFailed, result.message) };
    case 'cardExpired':
      return { kind: 'fieldError', field: 'expiryYear', message: ADD_CARD_ERRORS.cardExpired };
    case 'cardAlreadyRegistered':
      return { kind: 'warning', message: ADD_CARD_ERRORS.cardAlreadyRegistered };
    default:
      return { kind: 'warning', message: withServerMessage(ADD_CARD_ERRORS.generic, result.message) };
  }
}

/** A failed call: business codes by §8, a lost connection reported by the form, the rest by the global catalogue. */
export function answerOfError(error: ApiError): CardAnswer {
  if (error.kind === 'offline' || error.kind === 'network') return { kind: 'offline' };
  if (error.kind !== 'business') return { kind: 'global' };
  if (error.has('NotAllowedCustomerStatus')) return { kind: 'declined' };
  if (error.has('InvalidCardNumber'))
    return { kind: 'fieldError', field: 'cardNumber', message: ADD_CARD_ERRORS.invalidCardNumber };
  if (error.has('CardExpired'))
    return { kind: 'fieldError', field: 'expiryYear', message: ADD_CARD_ERRORS.cardExpired };
  if (error.has('TermsNotAccepted'))
    return { kind: 'fieldError', field: 'agreementsAccept', message: ADD_CARD_ERRORS.termsNotAccepted };
  if (error.has('CardAlreadyRegistered')) return { kind: 'warning', message: ADD_CARD_ERRORS.cardAlreadyRegistered };
  if (error.has('3DS_FLOW_FAILED')) return { kind: 'warning', message: ADD_CARD_ERRORS.threeDsFailed };
  if (error.has('CardValidationFailed')) {
    const message = error.find('CardValidationFailed')?.message;
    return { kind: 'warning', message: withServerMessage(ADD_CARD_ERRORS.validationFailed, message) };
  }
  return { kind: 'warning', message: error.errors[0]?.message || ADD_CARD_ERRORS.generic };
}
