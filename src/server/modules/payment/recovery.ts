import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/connect.ts';
import type { ServerInstance } from '../../instances.ts';
import { createPeriodicJob, type PeriodicJob } from '../../jobs/periodic.ts';
import type { CardGateway, VoidedCharge } from '../../providers/card-gateway.ts';
import { recoverablePayments } from './repository/card-charges.ts';
import { updatePayment, type PaymentRow } from './repository/payments.ts';
import { chargeKeyOf } from './service.ts';
import { ABANDONED_PAYMENT_MESSAGE, PENDING_CARD_PAYMENT_TTL_MS, failPayment, settlePayment } from './settle.ts';
import { PAYMENT_TEXTS } from './texts.ts';

/**
 * The payment recovery job (docs/rules/payments.md "Payments"): card payments left `pending` with nobody to
 * finish them are ended by asking the gateway, at start and every PAYMENT_RECOVERY_INTERVAL_MS on every instance:
 *
 * - without a 3-D Secure step, when no live instance charges it: its instance died between the intent and the
 *   outcome (killed, crashed), or the gateway gave no outcome (timeout);
 * - with a 3-D Secure step the customer left for PENDING_CARD_PAYMENT_TTL_MS (the verification page closed).
 *
 * For each, `voidCharge('payment:<id>')`: a charge the gateway made answers as it was and the payment is settled
 * (or failed with the gateway's reason); a charge never made (or still waiting for 3-D Secure) is voided at the
 * gateway, so it can never be made later, and the payment fails with a message saying nothing was charged. A
 * gateway that does not answer leaves the payment for the next run. Settle and fail only change a `pending`
 * payment, under the customer's loan lock, so two instances recovering one payment, or a retry of its key
 * resuming it at the same moment, end it once: the gateway's ledger decides, whoever asks first.
 */

export interface PaymentRecoveryDeps {
  db: Database;
  clock: Clock;
  gateway: CardGateway;
  log: FastifyBaseLogger;
  instance: ServerInstance;
  /** Payments looked at per run at most (the next run continues). */
  maxPerRun?: number;
}

export interface RecoveryRunSummary {
  settled: number[];
  failed: number[];
  /** The gateway did not answer: left for the next run. */
  left: number[];
}

/** Who the history rows name for the recovery job's changes. */
export const RECOVERY_CHANGED_BY = 'recovery';

/** Ends one payment with the gateway's word (see above); what became of it. */
export async function recoverPayment(
  deps: Pick<PaymentRecoveryDeps, 'db' | 'clock' | 'gateway' | 'log'>,
  payment: PaymentRow,
): Promise<'settled' | 'failed' | 'left'> {
  let verdict: VoidedCharge;
  try {
    verdict = await deps.gateway.voidCharge(chargeKeyOf(payment.id));
  } catch (error) {
    deps.log.warn(
      { paymentId: payment.id, err: error instanceof Error ? error.message : String(error) },
      'payment recovery: the gateway did not answer; trying again at the next run',
    );
    return 'left';
  }
  const at = deps.clock.now();
  const change = { changedBy: RECOVERY_CHANGED_BY, at };
  return deps.db.transaction(async (tx) => {
    if (verdict.status === 'succeeded') {
      await updatePayment(tx, payment.id, {
        providerReference: verdict.transactionId,
        instanceId: null,
        updatedAt: at,
      });
      const settled = await settlePayment(tx, payment.id, change);
      return settled.status === 'success' ? 'settled' : 'failed';
    }
    const message =
      verdict.status === 'failed'
        ? (verdict.message ?? PAYMENT_TEXTS.declined)
        : payment.threeDsTrackId
          ? ABANDONED_PAYMENT_MESSAGE
          : PAYMENT_TEXTS.notCompleted;
    await failPayment(tx, payment.id, message, change);
    return 'failed';
  });
}

export function createPaymentRecoveryJob(deps: PaymentRecoveryDeps): PeriodicJob<RecoveryRunSummary> {
  return createPeriodicJob({
    name: 'payment recovery',
    log: deps.log,
    run: async () => {
      const summary: RecoveryRunSummary = { settled: [], failed: [], left: [] };
      const payments = await recoverablePayments(deps.db, deps.clock.now(), {
        staleMs: deps.instance.staleMs,
        threeDsTtlMs: PENDING_CARD_PAYMENT_TTL_MS,
        limit: deps.maxPerRun ?? 100,
      });
      for (const payment of payments) {
        const result = await recoverPayment(deps, payment);
        summary[result].push(payment.id);
        if (result !== 'left')
          deps.log.warn({ paymentId: payment.id, customerId: payment.customerId, result }, 'payment recovered');
      }
      return summary;
    },
  });
}
