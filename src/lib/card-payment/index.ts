/**
 * A card payment's flow shared by the payment page (PayLoanPost) and the rollover page (RolloverPost): one
 * Idempotency-Key per press, the answers, 3-D Secure and the status polling (`useCardPayment`), the usable cards.
 */
export { useCardPayment, type CardPaymentOptions, type CardPaymentState } from './use-card-payment.ts';
export { answerOfPayError, answerOfPayment, endsIntent, type PayAnswer } from './pay-answer.ts';
export { PAYMENT_POLL, pollPayment, type PolledPayment } from './poll-payment.ts';
export { isUsableCard, preselectedCard } from './payment-cards.ts';
export { isLostAnswer } from './lost-answer.ts';
export { CARD_PAYMENT_TEXTS } from './texts.ts';
export { CardPaymentForm, type CardPaymentFormProps } from './CardPaymentForm.tsx';
