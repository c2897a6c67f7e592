/** Payment methods, options, statuses and sources, and the impediment reasons (second document §4 and §7). */

export const paymentMethods = ['debit-card', 'bank-transfer'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** The `paymentOption` query parameter of the payment route (second document §2). */
export const paymentOptions = ['pendingInstallments', 'firstNotPaidInstallment', 'closeLoan'] as const;
export type PaymentOption = (typeof paymentOptions)[number];

/**
 * What a `payments` row pays: one of the payment route's options, or the fee of a rollover (RolloverPost: settling it
 * applies the rollover instead of paying instalments).
 */
export const ROLLOVER_FEE_PAYMENT = 'rolloverFee';
/**
 * What RolloverPost charges today, by one name wherever a customer reads it — the rollover page, the contract, the
 * payment and the credit history: the instalment's interest not paid yet. It is interest the contract already
 * prices at its TIN, not a fee (the contract has no fee of any kind). `fee` stays the field's name in the code.
 */
export const ROLLOVER_CHARGE_NAME = 'intereses de prórroga';
/** The same, as a label at the start of a line. */
export const ROLLOVER_CHARGE_LABEL = 'Intereses de prórroga';

export type PaymentPurpose = PaymentOption | typeof ROLLOVER_FEE_PAYMENT;

/** A payment's status: `pending` is polled with PaymentStatusGet (card with 3-D Secure, transfer not yet settled). */
export const paymentStatuses = ['pending', 'success', 'failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * A settled payment taken back by the lender (back office, maker-checker; docs/rules/payments.md "Annulled
 * payments"): `deleted` (annulled: recorded by mistake, matched to the wrong loan) or `chargedBack` (the card's bank
 * returned it to the customer). Its allocations stop counting; a restored one is `success` again. The customer's
 * contract keeps its three statuses: PaymentStatusGet answers these as `failed`, with the reason.
 */
export const reversedPaymentStatuses = ['deleted', 'chargedBack'] as const;
export type ReversedPaymentStatus = (typeof reversedPaymentStatuses)[number];
/** Every status a `payments` row can have. */
export const paymentRowStatuses = [...paymentStatuses, ...reversedPaymentStatuses] as const;
export type PaymentRowStatus = (typeof paymentRowStatuses)[number];
export const isReversedPaymentStatus = (status: PaymentRowStatus): status is ReversedPaymentStatus =>
  (reversedPaymentStatuses as readonly string[]).includes(status);

/**
 * Where a payment's money came from (the Payment entity's `paymentSource`): the two payment methods of the route
 * (`debit-card`, `bank-transfer`: a transfer the customer makes from the bank transfer details and the lender
 * reconciles) and the direct-transfer widget (a bank transfer initiated inside the app).
 */
export const paymentSources = ['debit-card', 'bank-transfer', 'direct-transfer'] as const;
export type PaymentSource = (typeof paymentSources)[number];

/** A direct-transfer widget order's status; the client keeps those `authorized` (second document §7.1). */
export const directTransferOrderStatuses = ['pending', 'authorized', 'completed', 'failed', 'cancelled'] as const;
export type DirectTransferOrderStatus = (typeof directTransferOrderStatuses)[number];

/**
 * The reasons form of `/payment-reason` ('¿Problemas con un reembolso?'): the spec names the page, not its reasons;
 * these are the lender's, labelled in src/features/payment-reason/texts.ts.
 */
export const impedimentReasons = [
  'jobLoss',
  'incomeDrop',
  'unexpectedExpenses',
  'illness',
  'salaryDelay',
  'forgotDate',
  'other',
] as const;
export type ImpedimentReason = (typeof impedimentReasons)[number];

/**
 * What staff made of an impediment: `open` as the customer wrote it, `inReview` while an agent works on it,
 * `resolved` (an arrangement, a date moved, a call) or `rejected`, each with the agent's note. Open and in review are
 * the ones still pending: a loan has at most one.
 */
export const impedimentStatuses = ['open', 'inReview', 'resolved', 'rejected'] as const;
export type ImpedimentStatus = (typeof impedimentStatuses)[number];
export const pendingImpedimentStatuses = ['open', 'inReview'] as const satisfies readonly ImpedimentStatus[];

/** An impediment's status as staff read it (the back office, and the staff codes' messages). */
export const IMPEDIMENT_STATUS_NAMES: Readonly<Record<ImpedimentStatus, string>> = {
  open: 'Abierto',
  inReview: 'En revisión',
  resolved: 'Resuelto',
  rejected: 'Rechazado',
};

/** The moves staff make on an impediment (ImpedimentStatusPost). */
export const IMPEDIMENT_MOVES: { readonly [S in ImpedimentStatus]: readonly ImpedimentStatus[] } = {
  open: ['inReview', 'resolved', 'rejected'],
  inReview: ['resolved', 'rejected'],
  resolved: [],
  rejected: [],
};

/** A payment's status as the customer's contract says it: an annulled or charged-back payment did not pay. */
export const customerPaymentStatus = (status: PaymentRowStatus): PaymentStatus =>
  isReversedPaymentStatus(status) ? 'failed' : status;
