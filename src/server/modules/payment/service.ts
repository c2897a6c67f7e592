import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { errorCodes, type ErrorCodeName } from '../../../shared/api/errors.ts';
import type { PayLoanPayload, PaymentResult } from '../../../shared/api/payment.ts';
import { customerPaymentStatus } from '../../../shared/payment-statuses.ts';
import { todayInMadrid } from '../../../shared/dates.ts';
import { paymentQuote } from '../../../shared/loan/payment-amounts.ts';
import { toCents } from '../../../shared/money.ts';
import type { AuthenticatedCustomer } from '../../auth/sessions.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/connect.ts';
import { ApiError, BusinessError, HttpError } from '../../http/errors.ts';
import { faultPoint } from '../../fault-points.ts';
import { isInstanceAlive, type ServerInstance } from '../../instances.ts';
import type { CardCharge, CardGateway, CardGatewayOrigins } from '../../providers/card-gateway.ts';
import { isUsableCardStatus } from '../../../shared/card-statuses.ts';
import { insertThreeDsSession } from '../card/index.ts';
import { customerLoan } from './loan-view.ts';
import { findCustomerCard, findThreeDsSession, takePaymentCharge } from './repository/card-charges.ts';
import { findCustomerLoan, loanInstallments } from './repository/loans.ts';
import {
  findCustomerPayment,
  findCustomerPaymentByKey,
  updatePayment,
  type PaymentRow,
} from './repository/payments.ts';
import { createPendingPayment, failPayment, loanPayableView, lockCustomerLoans, settlePayment } from './settle.ts';
import { PAYMENT_TEXTS } from './texts.ts';

/** What the payment service needs. */
export interface PaymentDeps {
  db: Database;
  clock: Clock;
  gateway: CardGateway;
  log: FastifyBaseLogger;
  /** This server instance: it holds the payments whose charge it makes (recovered when it dies). */
  instance: ServerInstance;
}

/** The gateway's idempotency reference of a payment's charge: every attempt of one payment charges at most once. */
export const chargeKeyOf = (paymentId: number) => `payment:${paymentId}`;

/** Whether a unique-index violation of the payments' Idempotency-Key (two runs of one key at once) stopped a write. */
const isKeyConflict = (error: unknown): boolean => {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const { code, constraint } = cause as { code?: string; constraint?: string };
    if (code === '23505' && (constraint === undefined || constraint === 'payments_idempotency_key_idx')) return true;
    if (/payments_idempotency_key_idx/.test(cause.message)) return true;
  }
  return false;
};

/** A catalogue error answered with 404 (another customer's or a missing loan, card or payment: never data). */
export function notFound(name: ErrorCodeName): ApiError {
  const definition = errorCodes[name];
  return new ApiError(name, definition.value, 404, definition.title, definition.message);
}

/** The 3-D Secure provider named in events (the card module's). */
const THREE_DS_PROVIDER = 'credorax';

/**
 * PayLoanPost (idempotent by Idempotency-Key in registerCall; docs/rules/payments.md "Payments"). A run of a key that
 * already made a payment (a retry after a crash or a lost answer) resumes it (`resumeCardPayment`) and never makes a
 * second one. Otherwise, under the customer's loan lock: the loan and the card must be the caller's (404 otherwise),
 * the loan running, the instalment the first payable one, the amount the paymentQuote's; then the payment's intent — a
 * `pending` payment with the key and this instance — is committed (a second one while it is pending: 409
 * RequestInProgress) BEFORE the card is charged outside the transaction (gateway idempotency key `payment:<id>`);
 * then the payment is settled (success), failed (200 with status failed and the gateway's Spanish reason), waits for
 * 3-D Secure (status pending with `threeDs`; ThreeDsStateGet of the track settles or fails it) or, when the gateway
 * gave no outcome, stays pending for the recovery job (status pending: the client polls PaymentStatusGet).
 */
export async function payLoan(
  deps: PaymentDeps,
  caller: AuthenticatedCustomer,
  body: PayLoanPayload,
  origins: CardGatewayOrigins,
  idempotencyKey: string | null = null,
): Promise<PaymentResult> {
  if (idempotencyKey !== null) {
    const intent = await findCustomerPaymentByKey(deps.db, caller.id, idempotencyKey);
    if (intent) return resumeCardPayment(deps, caller.id, intent, origins);
  }
  if (body.paymentOption !== 'closeLoan' && namedInstallments(body) === null)
    throw new HttpError('ValidationError', PAYMENT_TEXTS.installmentsRequired);
  const started = deps.clock.now();
  let prepared: { payment: PaymentRow; card: CardToCharge };
  try {
    prepared = await deps.db.transaction(async (tx) => {
      await lockCustomerLoans(tx, caller.id);
      const loan = await findCustomerLoan(tx, caller.id, body.loanId);
      if (!loan) throw notFound('LoanNotFound');
      const card = await usableCustomerCard(tx, caller.id, body.cardId);
      if (loan.status === 'repaid') throw new BusinessError('LoanAlreadyRepaid');
      const today = todayInMadrid(started);
      const rows = await loanInstallments(tx, loan.id);
      const quote = paymentQuote(loanPayableView(loan, rows, today), body.paymentOption, today, body.installmentId);
      if (!quote.ok) throw new BusinessError(quote.reason === 'notPayable' ? 'LoanNotFound' : 'InstallmentNotFound');
      if (!namesWhatItPays(body, quote.installmentIds)) throw new BusinessError('PaymentDueChanged');
      if (body.amount !== quote.amount) throw new BusinessError('InvalidPaymentAmount');
      const payment = await createPendingPayment(
        tx,
        {
          customerId: caller.id,
          loanId: loan.id,
          installmentId: body.paymentOption === 'firstNotPaidInstallment' ? (quote.installmentIds[0] ?? null) : null,
          paymentOption: body.paymentOption,
          source: 'debit-card',
          cardId: card.id,
          amountCents: quote.amount,
          idempotencyKey,
          instanceId: deps.instance.id,
        },
        { changedBy: 'customer', at: started },
      );
      return { payment, card };
    });
  } catch (error) {
    // Another run of the same key made the payment meanwhile (a takeover while the first still ran): resume it.
    const intent =
      idempotencyKey !== null && isKeyConflict(error)
        ? await findCustomerPaymentByKey(deps.db, caller.id, idempotencyKey)
        : undefined;
    if (intent) return resumeCardPayment(deps, caller.id, intent, origins);
    throw error;
  }
  faultPoint('payment:afterIntent');
  return chargeCardPayment(deps, caller.id, prepared.payment, prepared.card, origins);
}

/** The instalments a PayLoanPost names as what it pays (installmentIds, or installmentId alone), null if none. */
function namedInstallments(body: PayLoanPayload): readonly number[] | null {
  if (body.installmentIds?.length) return body.installmentIds;
  if (body.installmentId !== undefined && body.installmentId !== null) return [body.installmentId];
  return null;
}

/**
 * Whether the payment names exactly what it would pay now (one press pays what the customer saw,
 * never the next instalment). Closing the loan may name nothing: its amount is the whole debt.
 */
function namesWhatItPays(body: PayLoanPayload, paid: readonly number[]): boolean {
  const named = namedInstallments(body);
  if (named === null) return body.paymentOption === 'closeLoan';
  const set = new Set(named);
  return set.size === paid.length && paid.every((id) => set.has(id));
}

/**
 * A payment found under the call's Idempotency-Key, answered without a second payment: settled or failed → as it
 * ended; waiting for the customer's 3-D Secure → pending with its track (the client polls ThreeDsStateGet, which
 * gives the current step); charged by another live instance right now → pending (the client polls
 * PaymentStatusGet); nobody charging it (its instance died, or the gateway gave no outcome) → this instance takes
 * it and asks the gateway with the same idempotency reference: the charge already made answers as it was, a charge
 * never made is made once.
 */
export async function resumeCardPayment(
  deps: PaymentDeps,
  customerId: number,
  payment: PaymentRow,
  origins: CardGatewayOrigins,
): Promise<PaymentResult> {
  if (payment.status !== 'pending') return paymentAnswer(deps, customerId, payment, payment.message, null);
  if (payment.threeDsTrackId) {
    const session = await findThreeDsSession(deps.db, payment.threeDsTrackId);
    if (session) {
      return paymentAnswer(deps, customerId, payment, '', {
        trackId: session.trackId,
        event: {
          state: 'inprogress',
          transactionId: session.transactionId,
          provider: THREE_DS_PROVIDER,
          formFields: {},
          url: null,
        },
      });
    }
  }
  const now = deps.clock.now();
  const card = payment.cardId === null ? undefined : await findCustomerCard(deps.db, customerId, payment.cardId);
  const charging =
    payment.instanceId !== null &&
    payment.instanceId !== deps.instance.id &&
    (await isInstanceAlive(deps.db, payment.instanceId, deps.instance.staleMs));
  if (charging || !card?.providerToken || !(await takePaymentCharge(deps.db, payment.id, deps.instance, now))) {
    // Someone else charges it, or it cannot be charged from here: its state as it is (the recovery job ends it).
    return paymentAnswer(deps, customerId, payment, PAYMENT_TEXTS.confirming, null);
  }
  deps.log.warn({ customerId, paymentId: payment.id }, 'resuming a card payment of a retried idempotency key');
  return chargeCardPayment(
    deps,
    customerId,
    payment,
    { id: card.id, token: card.providerToken, masked: card.maskedCardNumber },
    origins,
  );
}

/** The PaymentResult of a payment as it stands now (the loan as the Loan view after it). */
async function paymentAnswer(
  deps: PaymentDeps,
  customerId: number,
  payment: PaymentRow,
  message: string,
  threeDs: PaymentResult['threeDs'],
): Promise<PaymentResult> {
  const current = (await findCustomerPayment(deps.db, customerId, payment.id)) ?? payment;
  const loan = await customerLoan(deps, customerId, payment.loanId);
  if (!loan) throw notFound('LoanNotFound');
  return {
    paymentId: current.id,
    status: customerPaymentStatus(current.status),
    amount: toCents(current.amountCents),
    message: current.status === 'pending' ? message : current.message,
    loan,
    threeDs: current.status === 'pending' ? threeDs : null,
  };
}

/** The caller's card a payment may be charged to: 404 CardNotFound for another customer's, deleted or unknown one. */
export async function usableCustomerCard(tx: Executor, customerId: number, cardId: number): Promise<CardToCharge> {
  const card = await findCustomerCard(tx, customerId, cardId);
  if (!card || card.cardStatus === 'Deleted') throw notFound('CardNotFound');
  if (!isUsableCardStatus(card.cardStatus) || !card.providerToken) throw new BusinessError('CardNotFound');
  return { id: card.id, token: card.providerToken, masked: card.maskedCardNumber };
}

/** A card a payment is charged to (its gateway token; the masked number only). */
export interface CardToCharge {
  id: number;
  token: string;
  masked: string;
}

/**
 * Charges a `pending` card payment (PayLoanPost and RolloverPost: ONE card charge with 3-D Secure), held by this
 * instance: the gateway is called outside any transaction with the idempotency key `payment:<id>` (a repeated call
 * answers the first outcome and never charges twice), then the payment is settled (success), failed (status failed
 * with the gateway's Spanish reason) or left pending with a 3-D Secure session (`threeDs`; ThreeDsStateGet settles or
 * fails it later). A gateway that throws (timeout, connection lost) gave no outcome: the charge may have been made,
 * so the payment stays pending, released by this instance, and the recovery job asks the gateway (./recovery.ts);
 * the answer is pending without `threeDs` (the client polls PaymentStatusGet). The answer carries the loan as the
 * Loan view after it.
 */
export async function chargeCardPayment(
  deps: PaymentDeps,
  customerId: number,
  payment: PaymentRow,
  card: CardToCharge,
  origins: CardGatewayOrigins,
): Promise<PaymentResult> {
  let charge: CardCharge;
  try {
    charge = await deps.gateway.charge({
      cardToken: card.token,
      amountCents: payment.amountCents,
      reference: `loan-${payment.loanId}-payment-${payment.id}`,
      idempotencyKey: chargeKeyOf(payment.id),
      origins,
      maskedCardNumber: card.masked,
    });
  } catch (error) {
    deps.log.error(
      { customerId, paymentId: payment.id, gateway: deps.gateway.name, err: errorMessage(error) },
      'card charge gave no outcome: left to the recovery job',
    );
    await updatePayment(deps.db, payment.id, { instanceId: null, updatedAt: deps.clock.now() });
    return paymentAnswer(deps, customerId, payment, PAYMENT_TEXTS.confirming, null);
  }
  faultPoint('payment:afterCharge');

  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const change = { changedBy: 'customer', at: now };
    if (charge.status === 'succeeded') {
      await updatePayment(tx, payment.id, {
        providerReference: charge.transactionId,
        instanceId: null,
        updatedAt: now,
      });
      await settlePayment(tx, payment.id, change);
      return { message: '', threeDs: null };
    }
    if (charge.status === 'challengeNeeded' && charge.threeDs) {
      const trackId = `tds_${randomBytes(24).toString('base64url')}`;
      await insertThreeDsSession(tx, {
        trackId,
        customerId,
        cardId: card.id,
        paymentId: payment.id,
        transactionId: charge.threeDs.transactionId,
        scenario: charge.threeDsScenario ?? 'challenge',
        state: charge.threeDs.state,
        providerState: charge.providerState ?? null,
        createdAt: now,
        updatedAt: now,
      });
      await updatePayment(tx, payment.id, {
        providerReference: charge.transactionId,
        threeDsTrackId: trackId,
        instanceId: null,
        updatedAt: now,
      });
      const step = charge.threeDs;
      return {
        message: '',
        threeDs: {
          trackId,
          event: {
            state: step.state,
            transactionId: step.transactionId,
            provider: step.provider || THREE_DS_PROVIDER,
            formFields: step.formFields ?? {},
            url: step.url ?? null,
          },
        },
      };
    }
    const message = charge.message ?? PAYMENT_TEXTS.declined;
    await updatePayment(tx, payment.id, { providerReference: charge.transactionId, instanceId: null, updatedAt: now });
    await failPayment(tx, payment.id, message, change);
    return { message, threeDs: null };
  });
  return paymentAnswer(deps, customerId, payment, outcome.message, outcome.threeDs);
}

/**
 * The end of a loan payment's 3-D Secure flow (the card module's ThreeDsStateGet, through the app decoration
 * `paymentThreeDs`): completed → the charge is confirmed and the payment settled; error → the payment failed.
 */
export async function paymentThreeDsFinished(
  tx: Executor,
  outcome: { paymentId: number; completed: boolean; at: Date },
): Promise<void> {
  const change = { changedBy: 'customer', at: outcome.at };
  if (outcome.completed) await settlePayment(tx, outcome.paymentId, change);
  else await failPayment(tx, outcome.paymentId, PAYMENT_TEXTS.threeDsFailed, change);
}

/** PaymentStatusGet: the caller's payment (another customer's or unknown: 404 PaymentNotFound). */
export async function paymentStatus(deps: Pick<PaymentDeps, 'db'>, caller: AuthenticatedCustomer, paymentId: number) {
  const payment = await findCustomerPayment(deps.db, caller.id, paymentId);
  if (!payment) throw notFound('PaymentNotFound');
  return {
    paymentId: payment.id,
    loanId: payment.loanId,
    status: customerPaymentStatus(payment.status),
    amount: toCents(payment.amountCents),
    message: payment.message,
  };
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);
