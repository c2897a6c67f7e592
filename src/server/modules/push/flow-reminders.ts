import type { FastifyBaseLogger } from 'fastify';
import { loanFlowSteps, type LoanFlowStep } from '../../../shared/api/loan.ts';
import { buildLoanFlowNotification, LOAN_FLOW_REMINDER_TEXTS } from '../../../shared/push.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/connect.ts';
import { claimDueFlowReminders } from '../loan/index.ts';
import {
  deleteSubscriptions,
  markSubscriptionsDelivered,
  subscriptionsOfCustomer,
} from './repository/subscriptions.ts';
import type { PushSender } from './sender.ts';

/**
 * The unfinished loan flow's reminder (beyond the spec): when a customer's saved flow (loan_flow_drafts)
 * has not been saved again for 2 hours and no loan was requested (a request deletes the draft), ONE web push goes
 * to every subscription of that customer (only customers who turned reminders on have one), opening the flow's
 * step with `?l=<flowId>`. It runs inside the reminder scheduler's run, so only in its sending window (09:00-21:00
 * Madrid): a flow left at 20:30 is reminded the next morning, if it has not expired by then. The claim sets
 * `reminded_at` under `FOR UPDATE SKIP LOCKED`, so each flow is reminded at most once across instances; a
 * failed send is not retried (a nudge, not a payment reminder).
 */

export const FLOW_REMINDER_IDLE_MS = 2 * 60 * 60 * 1000;
/** The push service keeps the nudge for an offline device for an hour, then drops it. */
const FLOW_REMINDER_TTL_SECONDS = 60 * 60;

export interface FlowReminderDeps {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  send: PushSender;
}

const isStep = (step: string): step is LoanFlowStep => (loanFlowSteps as readonly string[]).includes(step);

/** Sends the due flow reminders (at most `limit`); the number of flows reminded on at least one device. */
export async function sendFlowReminders(deps: FlowReminderDeps, limit: number): Promise<number> {
  const { db, clock, send, log } = deps;
  const now = clock.now();
  const claimed = await claimDueFlowReminders(db, { now, idleMs: FLOW_REMINDER_IDLE_MS, limit });
  let sent = 0;
  for (const flow of claimed) {
    const step = isStep(flow.step) ? flow.step : 'loanApply';
    const payload = JSON.stringify(
      buildLoanFlowNotification({ flowId: flow.flowId, step, texts: LOAN_FLOW_REMINDER_TEXTS }),
    );
    const live = (await subscriptionsOfCustomer(db, flow.customerId)).filter(
      (subscription) => !subscription.expiresAt || subscription.expiresAt > now,
    );
    const outcomes = await Promise.all(
      live.map(async (subscription) => ({
        id: subscription.id,
        outcome: await send(subscription, {
          payload,
          ttlSeconds: FLOW_REMINDER_TTL_SECONDS,
          urgency: 'normal',
          topic: 'loan-flow',
        }),
      })),
    );
    const delivered = outcomes.filter(({ outcome }) => outcome.result === 'delivered').map(({ id }) => id);
    await deleteSubscriptions(
      db,
      outcomes.filter(({ outcome }) => outcome.result === 'gone').map(({ id }) => id),
    );
    await markSubscriptionsDelivered(db, delivered, clock.now());
    if (delivered.length > 0) sent += 1;
    log.info(
      { customerId: flow.customerId, flowId: flow.flowId, devices: live.length, delivered: delivered.length },
      'loan-flow reminder sent',
    );
  }
  return sent;
}
