import type { FastifyBaseLogger } from 'fastify';
import { lockResource } from '../../db/locks.ts';
import type { DirectTransferInitPayload, DirectTransferOrder } from '../../../shared/api/transfer.ts';
import { errorCodes } from '../../../shared/api/errors.ts';
import { todayInMadrid } from '../../../shared/dates.ts';
import { paymentQuote, type PayableLoanView } from '../../../shared/loan/payment-amounts.ts';
import { toCents } from '../../../shared/money.ts';
import { type DirectTransferOrderStatus, type PaymentOption } from '../../../shared/payment-statuses.ts';
import { type LoanStatus } from '../../../shared/loan-statuses.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/connect.ts';
import { faultPoint } from '../../fault-points.ts';
import { ApiError, BusinessError, HttpError } from '../../http/errors.ts';
import { VALIDATION_PREFIX } from '../../http/validation.ts';
import type {
  DirectTransferCallbackEvent,
  DirectTransferInit,
  DirectTransferInitResult,
  DirectTransferProvider,
} from '../../providers/direct-transfer.ts';
import { customerLoanLock } from '../loan/index.ts';
import { loanPayableView } from '../payment/index.ts';
import { verifyCallbackSignature } from './callback-signature.ts';
import {
  customerLoanWithInstallments,
  customerOrders,
  findCustomerOrderByKey,
  findOrderByProviderId,
  hasPendingPayment,
  insertOrderOnce,
  lockOrder,
  type OrderRow,
  updateOrder,
} from './repository.ts';

/** A loan as the payment rules read it (the Loan view: instalments with their payments, earlyClosureAmount). */
export interface TransferLoanView extends PayableLoanView {
  readonly id: number;
  readonly status: LoanStatus;
}

/**
 * The payment module's settle core (agreement 3), received as deps so this module does not reach into it:
 * `createPendingPayment` inserts the payment `pending`; `settlePayment` allocates it to the quote's instalments,
 * marks them (and the loan when nothing is left) paid and the payment `success`, in the caller's transaction.
 */
export interface TransferPaymentCore {
  createPendingPayment(
    tx: Executor,
    input: {
      customerId: number;
      loanId: number;
      paymentOption: PaymentOption;
      source: 'direct-transfer';
      amountCents: number;
      providerReference: string;
    },
    change: { changedBy: string; at: Date },
  ): Promise<{ id: number }>;
  settlePayment(tx: Executor, paymentId: number, change: { changedBy: string; at: Date }): Promise<unknown>;
}

export interface TransferDeps {
  db: Database;
  clock: Clock;
  provider: DirectTransferProvider;
  log: FastifyBaseLogger;
  /** HMAC key of the provider's callback. */
  callbackKey: Uint8Array;
  /** The customer's loan as the Loan view shows it, or null when it is not theirs or does not exist. */
  loanView(db: Executor, customerId: number, loanId: number): Promise<TransferLoanView | null>;
  payments: TransferPaymentCore;
}

/**
 * The customer's loan as the settle core reads it (`loanPayableView`: paid amounts, earlyClosureAmount today in
 * Madrid), so the amounts accepted here are the ones the settle allocates; null when it is not theirs.
 */
export async function payableLoanView(
  db: Executor,
  customerId: number,
  loanId: number,
  today: string,
): Promise<TransferLoanView | null> {
  const found = await customerLoanWithInstallments(db, customerId, loanId);
  if (!found) return null;
  return { id: found.loan.id, ...loanPayableView(found.loan, found.installments, today) };
}

/** The orders DirectTransferOrdersGet lists at most (newest first). */
export const ORDER_LIST_LIMIT = 100;

/** Who changes statuses on the provider's word (history rows). */
export const CALLBACK_CHANGED_BY = 'direct-transfer';

/** Another customer's or a missing loan: 404 in the catalogue's LoanNotFound words, never data. */
function loanNotFound(status = 404): ApiError {
  const definition = errorCodes.LoanNotFound;
  return new ApiError('LoanNotFound', definition.value, status, definition.title, definition.message);
}

const OPTIONS_BY_SIZE = [
  'firstNotPaidInstallment',
  'pendingInstallments',
  'closeLoan',
] as const satisfies readonly PaymentOption[];

/**
 * The payment option whose amount today is `amountCents` (agreement 5: any option of paymentQuote), preferring
 * the smallest payment (first unpaid instalment, then the pending ones, then closing the loan); null when none.
 */
export function optionForAmount(loan: PayableLoanView, amountCents: number, today: string): PaymentOption | null {
  for (const option of OPTIONS_BY_SIZE) {
    const quote = paymentQuote(loan, option, today);
    if (quote.ok && quote.amount === amountCents) return option;
  }
  return null;
}

/**
 * Where the provider may send the customer back: a path of the app (`/payment/success/…`) or an absolute http(s)
 * url of the app's or this server's origin — never another site (an open redirect) nor a `javascript:` url.
 */
export function isAppPage(value: string, origins: { appOrigin: string; serverOrigin: string }): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      (url.origin === origins.appOrigin || url.origin === origins.serverOrigin)
    );
  } catch {
    return false;
  }
}

/**
 * DirectTransferInitPost: checks the loan and the amount, asks the provider for an order, keeps it `pending` with
 * the request's Idempotency-Key. The order is the key's intent (src/server/http/idempotency.ts): a run of a key
 * whose order is already recorded (a retry whose first answer was lost in a crash) answers that order's widget
 * without asking the provider; otherwise the provider is called outside any transaction with an idempotency
 * reference of the key (`transfer:<customerId>:<key>`), so a retry after a crash before the order was recorded
 * gets the provider's first order back, never a second one.
 */
export async function initDirectTransfer(
  deps: TransferDeps,
  customerId: number,
  body: DirectTransferInitPayload,
  origins: { appOrigin: string; serverOrigin: string },
  idempotencyKey: string | null = null,
): Promise<{ widgetUrl: string }> {
  for (const field of ['successPage', 'errorPage'] as const) {
    if (!isAppPage(body[field], origins)) {
      throw new HttpError(
        'ValidationError',
        `${VALIDATION_PREFIX}: ${field}: debe ser una página de la aplicación (una ruta que empiece por / o una URL de su origen).`,
      );
    }
  }
  const providerKey = idempotencyKey === null ? undefined : `transfer:${customerId}:${idempotencyKey}`;
  if (idempotencyKey !== null) {
    const intent = await findCustomerOrderByKey(deps.db, customerId, idempotencyKey);
    if (intent) return resumedOrderAnswer(deps, intent, body, origins, providerKey!);
  }
  const now = deps.clock.now();
  const loan = await deps.loanView(deps.db, customerId, body.loanId);
  if (!loan) throw loanNotFound();
  if (loan.status === 'repaid') throw new BusinessError('LoanAlreadyRepaid');
  const today = todayInMadrid(now);
  if (!paymentQuote(loan, 'firstNotPaidInstallment', today).ok) throw loanNotFound(422);
  if (optionForAmount(loan, body.amount, today) === null) throw new BusinessError('InvalidPaymentAmount');

  const created = await askProvider(deps, {
    customerId,
    loanId: loan.id,
    amountCents: body.amount,
    successPage: body.successPage,
    errorPage: body.errorPage,
    doneMessage: body.doneMessage,
    ...origins,
    now,
    ...(providerKey === undefined ? {} : { idempotencyKey: providerKey }),
  });
  faultPoint('transfer:afterInit');
  if (created.result === 'blocked') throw new BusinessError('WidgetAccountBlocked');
  const recorded = await insertOrderOnce(deps.db, {
    customerId,
    loanId: loan.id,
    providerOrderId: created.providerOrderId,
    amountCents: body.amount,
    status: 'pending',
    successPage: body.successPage,
    errorPage: body.errorPage,
    doneMessage: body.doneMessage,
    providerState: created.providerState,
    idempotencyKey,
    createdAt: now,
    updatedAt: now,
  });
  if (!recorded) {
    // Another run of the same key (its lease ran out while this one waited on the provider) recorded the order
    // the provider gave both: answer that one.
    const first =
      idempotencyKey === null ? undefined : await findCustomerOrderByKey(deps.db, customerId, idempotencyKey);
    if (first?.providerOrderId === created.providerOrderId) return { widgetUrl: created.widgetUrl };
    throw new Error('direct-transfer order not recorded: its provider order id is already taken');
  }
  return { widgetUrl: created.widgetUrl };
}

/** The provider's initTransfer; a provider that cannot be reached is WidgetUnavailable. */
async function askProvider(deps: TransferDeps, input: DirectTransferInit): Promise<DirectTransferInitResult> {
  try {
    return await deps.provider.initTransfer(input);
  } catch (error) {
    deps.log.warn({ err: error, provider: deps.provider.name }, 'direct-transfer provider unavailable');
    throw new BusinessError('WidgetUnavailable');
  }
}

/**
 * The answer for an order found under the request's Idempotency-Key: its widget, as the first answer gave it,
 * whatever the order's status now (the first answer, stored, would be replayed so too). The provider's kept state
 * gives the url; a provider that cannot tell from it is asked again with the same idempotency reference, which
 * answers the same order.
 */
async function resumedOrderAnswer(
  deps: TransferDeps,
  order: OrderRow,
  body: DirectTransferInitPayload,
  origins: { appOrigin: string; serverOrigin: string },
  providerKey: string,
): Promise<{ widgetUrl: string }> {
  const kept = deps.provider.widgetUrlOf(order, origins);
  if (kept !== null) return { widgetUrl: kept };
  const again = await askProvider(deps, {
    customerId: order.customerId,
    loanId: order.loanId,
    amountCents: order.amountCents,
    successPage: body.successPage,
    errorPage: body.errorPage,
    doneMessage: body.doneMessage,
    ...origins,
    now: deps.clock.now(),
    idempotencyKey: providerKey,
  });
  if (again.result === 'created' && again.providerOrderId === order.providerOrderId)
    return { widgetUrl: again.widgetUrl };
  deps.log.error({ orderId: order.id, provider: deps.provider.name }, 'provider lost the order of an idempotency key');
  throw new BusinessError('WidgetUnavailable');
}

/** DirectTransferOrdersGet: the caller's orders, newest first (the client keeps those `authorized`). */
export async function listDirectTransferOrders(deps: TransferDeps, customerId: number): Promise<DirectTransferOrder[]> {
  const rows = await customerOrders(deps.db, customerId, ORDER_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    loanId: row.loanId,
    amount: toCents(row.amountCents),
    status: row.status,
    createdDate: row.createdAt.toISOString(),
  }));
}

export interface CallbackInput {
  callbackEvent: DirectTransferCallbackEvent;
  orderId: string;
  amountCents: number;
  signature: string | string[] | undefined;
}

const FINAL: ReadonlySet<DirectTransferOrderStatus> = new Set(['completed', 'failed', 'cancelled']);

/**
 * The provider's callback (`POST /api/inboundpayment/callback/unnax/:callbackEvent`): 401 without a valid
 * signature; 404 for an unknown order; the amount must be the order's. Idempotent per order: an order that has
 * ended answers its status again and changes nothing. `authorized` / `paid`: under the loan's payment lock and in
 * one transaction, the payment is created and settled (source direct-transfer) and the order `completed`; when the
 * amount no longer matches what the loan owes (paid meanwhile by card) the order `failed` (the provider returns
 * the money); when another payment of the loan is pending, the order stays `authorized` and the answer is 409 so
 * the provider calls again. `failed` / `cancelled`: the order ends so, nothing moves.
 */
export async function handleDirectTransferCallback(
  deps: TransferDeps,
  input: CallbackInput,
): Promise<{ orderId: string; status: DirectTransferOrderStatus }> {
  const now = deps.clock.now();
  const fields = { callbackEvent: input.callbackEvent, orderId: input.orderId, amountCents: input.amountCents };
  if (!verifyCallbackSignature(deps.callbackKey, input.signature, fields, now)) {
    throw new HttpError('Unauthorized', 'La firma de la notificación no es válida.');
  }
  const order = await findOrderByProviderId(deps.db, input.orderId);
  if (!order) throw new HttpError('NotFound');
  if (order.amountCents !== input.amountCents) {
    throw new HttpError('ValidationError', 'El importe no coincide con el de la orden.');
  }
  const answer = (status: DirectTransferOrderStatus) => ({ orderId: input.orderId, status });

  if (input.callbackEvent === 'failed' || input.callbackEvent === 'cancelled') {
    const to: DirectTransferOrderStatus = input.callbackEvent;
    return deps.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, order.id);
      if (!locked || FINAL.has(locked.status)) return answer(locked?.status ?? to);
      await updateOrder(tx, order.id, { status: to, updatedAt: now });
      return answer(to);
    });
  }

  const change = { changedBy: CALLBACK_CHANGED_BY, at: now };
  const outcome = await deps.db.transaction(async (tx) => {
    // The customer's loan lock: the settle core and the card payment take the same one (re-entrant).
    await lockResource(tx, customerLoanLock(order.customerId));
    const locked = await lockOrder(tx, order.id);
    if (!locked || FINAL.has(locked.status)) return { status: locked?.status ?? ('failed' as const), busy: false };
    const loan = await deps.loanView(tx, order.customerId, order.loanId);
    const option = loan ? optionForAmount(loan, order.amountCents, todayInMadrid(now)) : null;
    if (!option) {
      deps.log.warn(
        { orderId: order.id, loanId: order.loanId },
        'direct transfer authorised for an amount the loan no longer owes: order failed, the provider refunds',
      );
      await updateOrder(tx, order.id, { status: 'failed', updatedAt: now });
      return { status: 'failed' as const, busy: false };
    }
    if (await hasPendingPayment(tx, order.loanId)) {
      await updateOrder(tx, order.id, { status: 'authorized', updatedAt: now });
      return { status: 'authorized' as const, busy: true };
    }
    const payment = await deps.payments.createPendingPayment(
      tx,
      {
        customerId: order.customerId,
        loanId: order.loanId,
        paymentOption: option,
        source: 'direct-transfer',
        amountCents: order.amountCents,
        providerReference: order.providerOrderId,
      },
      change,
    );
    await deps.payments.settlePayment(tx, payment.id, change);
    await updateOrder(tx, order.id, { status: 'completed', paymentId: payment.id, updatedAt: now });
    return { status: 'completed' as const, busy: false };
  });
  if (outcome.busy) throw new BusinessError('RequestInProgress');
  return answer(outcome.status);
}
