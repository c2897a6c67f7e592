import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { errorCodes, type ErrorCodeName } from '../../../shared/api/errors.ts';
import type { PayLoanPayload, PaymentResult } from '../../../shared/api/loan.ts';
import type { ImpedimentReason, PaymentStatus } from '../../../shared/payment-statuses.ts';
import { todayInMadrid } from '../../../shared/dates.ts';
import { paymentQuote } from '../../../shared/loan/payment-amounts.ts';
import { toCents } from '../../../shared/money.ts';
import type { AuthenticatedCustomer } from '../../auth/sessions.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/connect.ts';
import { ApiError, BusinessError, HttpError } from '../../http/errors.ts';
import type { CardCharge, CardGateway, CardGatewayOrigins } from '../../providers/card-gateway.ts';
import { USABLE_CARD_STATUSES } from '../card/index.ts';
import { customerLoan } from './loan-view.ts';
import {
  findCustomerCard,
  findCustomerLoan,
  findCustomerPayment,
  insertImpediment,
  insertThreeDsSession,
  loanInstallments,
  updatePayment,
  type PaymentRow,
} from './repository.ts';
import { createPendingPayment, failPayment, loanPayableView, lockCustomerLoans, settlePayment } from './settle.ts';
import { PAYMENT_TEXTS } from './texts.ts';

/** What the payment service needs. */
export interface PaymentDeps {
  db: Database;
  clock: Clock;
  gateway: CardGateway;
  log: FastifyBaseLogger;
}

/** A catalogue error answered with 404 (another customer's or a missing loan, card or payment: never data). */
export function notFound(name: ErrorCodeName): ApiError {
  const definition = errorCodes[name];
  return new ApiError(name, definition.value, 404, definition.title, definition.message);
}

/** The 3-D Secure provider named in events (the card module's). */
const THREE_DS_PROVIDER = 'credorax';

const isUsable = (status: string) => (USABLE_CARD_STATUSES as readonly string[]).includes(status);

/**
 * PayLoanPost (idempotent by Idempotency-Key in registerCall; README "Payments"). Under the customer's loan lock:
 * the loan and the card must be the caller's (404 otherwise), the loan running, the instalment the first payable
 * one, the amount the paymentQuote's; then a `pending` payment (a second one while it is pending: 409
 * RequestInProgress). The card is charged outside the transaction (gateway idempotency key `payment:<id>`), then
 * the payment is settled (success), failed (200 with status failed and the gateway's Spanish reason) or waits for
 * 3-D Secure (status pending with `threeDs`; ThreeDsStateGet of the track settles or fails it).
 */
export async function payLoan(
  deps: PaymentDeps,
  caller: AuthenticatedCustomer,
  body: PayLoanPayload,
  origins: CardGatewayOrigins,
): Promise<PaymentResult> {
  const started = deps.clock.now();
  const prepared = await deps.db.transaction(async (tx) => {
    await lockCustomerLoans(tx, caller.id);
    const loan = await findCustomerLoan(tx, caller.id, body.loanId);
    if (!loan) throw notFound('LoanNotFound');
    const card = await usableCustomerCard(tx, caller.id, body.cardId);
    if (loan.status === 'repaid') throw new BusinessError('LoanAlreadyRepaid');
    const today = todayInMadrid(started);
    const rows = await loanInstallments(tx, loan.id);
    const quote = paymentQuote(loanPayableView(loan, rows, today), body.paymentOption, today, body.installmentId);
    if (!quote.ok) throw new BusinessError(quote.reason === 'notPayable' ? 'LoanNotFound' : 'InstallmentNotFound');
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
      },
      { changedBy: 'customer', at: started },
    );
    return { payment, card };
  });

  return chargeCardPayment(deps, caller.id, prepared.payment, prepared.card, origins);
}

/** The caller's card a payment may be charged to: 404 CardNotFound for another customer's, deleted or unknown one. */
export async function usableCustomerCard(tx: Executor, customerId: number, cardId: number): Promise<CardToCharge> {
  const card = await findCustomerCard(tx, customerId, cardId);
  if (!card || card.cardStatus === 'Deleted') throw notFound('CardNotFound');
  if (!isUsable(card.cardStatus) || !card.providerToken) throw new BusinessError('CardNotFound');
  return { id: card.id, token: card.providerToken, masked: card.maskedCardNumber };
}

/** A card a payment is charged to (its gateway token; the masked number only). */
export interface CardToCharge {
  id: number;
  token: string;
  masked: string;
}

/**
 * Charges a `pending` card payment (PayLoanPost and RolloverPost: ONE card charge with 3-D Secure): the gateway is
 * called outside any transaction with the idempotency key `payment:<id>`, then the payment is settled (success),
 * failed (status failed with the gateway's Spanish reason; a thrown gateway error fails it with gatewayFailed) or
 * left pending with a 3-D Secure session (`threeDs`; ThreeDsStateGet settles or fails it later). The answer carries
 * the loan as the Loan view after it.
 */
export async function chargeCardPayment(
  deps: PaymentDeps,
  customerId: number,
  payment: PaymentRow,
  card: CardToCharge,
  origins: CardGatewayOrigins,
): Promise<PaymentResult> {
  let charge: CardCharge | null;
  try {
    charge = await deps.gateway.charge({
      cardToken: card.token,
      amountCents: payment.amountCents,
      reference: `loan-${payment.loanId}-payment-${payment.id}`,
      idempotencyKey: `payment:${payment.id}`,
      origins,
      maskedCardNumber: card.masked,
    });
  } catch (error) {
    deps.log.error(
      { customerId, paymentId: payment.id, gateway: deps.gateway.name, err: errorMessage(error) },
      'card charge failed',
    );
    charge = null;
  }

  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const change = { changedBy: 'customer', at: now };
    if (charge === null) {
      await failPayment(tx, payment.id, PAYMENT_TEXTS.gatewayFailed, change);
      return { status: 'failed' as PaymentStatus, message: PAYMENT_TEXTS.gatewayFailed, threeDs: null };
    }
    if (charge.status === 'succeeded') {
      await updatePayment(tx, payment.id, { providerReference: charge.transactionId, updatedAt: now });
      await settlePayment(tx, payment.id, change);
      return { status: 'success' as PaymentStatus, message: '', threeDs: null };
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
        updatedAt: now,
      });
      const step = charge.threeDs;
      return {
        status: 'pending' as PaymentStatus,
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
    await updatePayment(tx, payment.id, { providerReference: charge.transactionId, updatedAt: now });
    await failPayment(tx, payment.id, message, change);
    return { status: 'failed' as PaymentStatus, message, threeDs: null };
  });

  const loan = await customerLoan(deps, customerId, payment.loanId);
  if (!loan) throw notFound('LoanNotFound');
  return {
    paymentId: payment.id,
    status: outcome.status,
    amount: toCents(payment.amountCents),
    message: outcome.message,
    loan,
    threeDs: outcome.threeDs,
  };
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
    status: payment.status,
    amount: toCents(payment.amountCents),
    message: payment.message,
  };
}

/**
 * ImpedimentCreatePost ('¿Problemas con un reembolso?'): the caller's issued or arranged loan (another customer's or
 * a missing one 404, another status 422 LoanNotFound); `other` needs a comment (400).
 */
export async function createImpediment(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  caller: AuthenticatedCustomer,
  body: { loanId: number; reason: ImpedimentReason; comment?: string | undefined },
) {
  const comment = body.comment?.trim() ?? '';
  if (body.reason === 'other' && comment === '') throw new HttpError('ValidationError', PAYMENT_TEXTS.commentRequired);
  const loan = await findCustomerLoan(deps.db, caller.id, body.loanId);
  if (!loan) throw notFound('LoanNotFound');
  if (loan.status !== 'issued' && loan.status !== 'arranged') throw new BusinessError('LoanNotFound');
  const row = await insertImpediment(deps.db, {
    customerId: caller.id,
    loanId: loan.id,
    reason: body.reason,
    comment: comment === '' ? null : comment,
    createdAt: deps.clock.now(),
  });
  return { id: row.id, createdDate: row.createdAt.toISOString() };
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);
