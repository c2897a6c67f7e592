import type { FastifyBaseLogger } from 'fastify';
import { TIME_ZONE } from '../../../shared/constants.ts';
import { endOfDayInMadrid, todayInMadrid } from '../../../shared/dates.ts';
import { buildReminderNotification, installmentTag, isUrgentReminder } from '../../../shared/push.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/connect.ts';
import { createPeriodicJob, type PeriodicJob } from '../../jobs/periodic.ts';
import {
  claimDueDeliveries,
  finishDelivery,
  planReminders,
  type ClaimedDelivery,
  type DeliveryResult,
} from './repository/deliveries.ts';
import { lapseDueInterestFree } from '../loan/index.ts';
import { isFreezeDay } from '../misc/index.ts';
import { sendFlowReminders } from './flow-reminders.ts';
import type { PushSender, SendOutcome } from './sender.ts';
import {
  deleteSubscriptions,
  markSubscriptionsDelivered,
  subscriptionsOfCustomer,
  type StoredSubscription,
} from './repository/subscriptions.ts';

/**
 * The payment-reminder scheduler. It runs in every instance (architecture §1); each run, with the app's clock and
 * Europe/Madrid dates:
 *
 * 1. lapses the interest-free first loans not repaid on their date (so a reminder states what is owed), then plans
 *    the reminders due today (3 days before the due date, the day before, the day itself, the day after);
 *    Only between `sendFromHour` and `sendUntilHour` (Madrid time) are deliveries claimed and sent: a reminder
 *    planned just after midnight waits for the morning, and a retry never rings a phone in the night;
 * 2. claims due deliveries with `FOR UPDATE SKIP LOCKED` (so several instances never send the same one);
 * 3. sends each to every subscription of its customer: 404/410 deletes that subscription; 429, 5xx, network errors
 *    and timeouts retry later with exponential backoff, at most `maxAttempts` times and never after the kind's day;
 *    any other answer fails the delivery. A reminder counts as sent when at least one device's push service
 *    accepted it, and is then never sent again;
 * 4. sends the unfinished loan flows' reminders (./flow-reminders.ts), in the same window.
 *
 * On a freeze day of the lender's calendar (docs/rules/loan-request.md "The lender's calendar") it plans, claims and sends nothing.
 */

export interface ReminderSchedulerOptions {
  /** Deliveries claimed per transaction. */
  batchSize: number;
  /** Upper bound of deliveries one run handles (the next run continues). */
  maxPerRun: number;
  leaseMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** Push service requests in flight at once. */
  concurrency: number;
  /** The sending window in Madrid, whole hours since midnight: from `sendFromHour`:00 to `sendUntilHour`:00. */
  sendFromHour: number;
  sendUntilHour: number;
}

export const DEFAULT_SCHEDULER_OPTIONS: ReminderSchedulerOptions = {
  batchSize: 50,
  maxPerRun: 1000,
  leaseMs: 5 * 60_000,
  maxAttempts: 5,
  retryBaseMs: 60_000,
  retryMaxMs: 30 * 60_000,
  concurrency: 8,
  sendFromHour: 9,
  sendUntilHour: 21,
};

const madridHour = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: 'numeric', hourCycle: 'h23' });

/** Whether `now` is inside the sending window (the wall-clock hour in Madrid, so DST days keep the same window). */
export function inSendingWindow(
  now: Date,
  options: Pick<ReminderSchedulerOptions, 'sendFromHour' | 'sendUntilHour'>,
): boolean {
  const hour = Number(madridHour.format(now));
  return hour >= options.sendFromHour && hour < options.sendUntilHour;
}

export interface ReminderRunSummary {
  /** New reminder rows created by this run. */
  planned: number;
  sent: number;
  /** Failed for now, to be tried again. */
  retrying: number;
  failed: number;
  skipped: number;
  /** Unfinished loan flows reminded (./flow-reminders.ts). */
  flowReminders: number;
}

export interface ReminderSchedulerDeps {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  send: PushSender;
  options?: Partial<ReminderSchedulerOptions>;
}

export type ReminderScheduler = PeriodicJob<ReminderRunSummary>;

/** The shortest time the push service keeps a reminder for an offline device. */
const MIN_TTL_SECONDS = 60;

export function createReminderScheduler(deps: ReminderSchedulerDeps): ReminderScheduler {
  const { db, clock, send } = deps;
  const log = deps.log.child({ job: 'push-reminders' });
  const options = { ...DEFAULT_SCHEDULER_OPTIONS, ...deps.options };

  const backoffMs = (attempts: number, retryAfterMs: number | null) => {
    const exponential = Math.min(options.retryBaseMs * 2 ** Math.max(0, attempts - 1), options.retryMaxMs);
    return Math.max(exponential, Math.min(retryAfterMs ?? 0, 60 * 60_000));
  };

  async function sendToSubscription(
    delivery: ClaimedDelivery,
    subscription: StoredSubscription,
    payload: string,
    ttlSeconds: number,
  ): Promise<SendOutcome> {
    const outcome = await send(subscription, {
      payload,
      ttlSeconds,
      urgency: isUrgentReminder(delivery.kind) ? 'high' : 'normal',
      topic: installmentTag(delivery.installmentId),
    });
    const fields = {
      deliveryId: delivery.id,
      installmentId: delivery.installmentId,
      loanId: delivery.loanId,
      customerId: delivery.customerId,
      kind: delivery.kind,
      attempt: delivery.attempts,
      subscriptionId: subscription.id,
      statusCode: outcome.statusCode,
    };
    if (outcome.result === 'delivered') log.info(fields, 'push reminder delivered');
    else if (outcome.result === 'gone') log.info(fields, 'push subscription gone (404/410): deleted');
    else log.warn({ ...fields, error: outcome.error }, `push reminder not delivered (${outcome.result})`);
    return outcome;
  }

  async function deliver(delivery: ClaimedDelivery): Promise<DeliveryResult> {
    const now = clock.now();
    const all = await subscriptionsOfCustomer(db, delivery.customerId);
    const expired = all.filter((subscription) => subscription.expiresAt && subscription.expiresAt <= now);
    const live = all.filter((subscription) => !expired.includes(subscription));
    await deleteSubscriptions(
      db,
      expired.map((subscription) => subscription.id),
    );
    if (live.length === 0) return { status: 'skipped', reason: 'noSubscription' };

    const payload = JSON.stringify(
      buildReminderNotification({
        kind: delivery.kind,
        amountCents: delivery.amountCents,
        dueDate: delivery.dueDate,
        loanId: delivery.loanId,
        installmentId: delivery.installmentId,
      }),
    );
    // Kept by the push service until the end of the reminder's day: tomorrow has a reminder of its own.
    const ttlSeconds = Math.max(
      MIN_TTL_SECONDS,
      Math.floor((endOfDayInMadrid(todayInMadrid(now)).getTime() - now.getTime()) / 1000),
    );
    const outcomes = await Promise.all(
      live.map(async (subscription) => ({
        subscription,
        outcome: await sendToSubscription(delivery, subscription, payload, ttlSeconds),
      })),
    );
    const idsWith = (result: SendOutcome['result']) =>
      outcomes.filter(({ outcome }) => outcome.result === result).map(({ subscription }) => subscription.id);
    const finishedAt = clock.now();
    await deleteSubscriptions(db, idsWith('gone'));
    await markSubscriptionsDelivered(db, idsWith('delivered'), finishedAt);

    if (idsWith('delivered').length > 0) return { status: 'sent' };
    const retry = outcomes.find(({ outcome }) => outcome.result === 'retry')?.outcome;
    if (retry?.result === 'retry') {
      if (delivery.attempts >= options.maxAttempts) {
        return { status: 'failed', error: `${retry.error} (after ${delivery.attempts} attempts)` };
      }
      return {
        status: 'pending',
        nextAttemptAt: new Date(finishedAt.getTime() + backoffMs(delivery.attempts, retry.retryAfterMs)),
        error: retry.error,
      };
    }
    const rejected = outcomes.find(({ outcome }) => outcome.result === 'rejected')?.outcome;
    if (rejected?.result === 'rejected') return { status: 'failed', error: rejected.error };
    return { status: 'skipped', reason: 'noSubscription' };
  }

  async function settle(delivery: ClaimedDelivery, summary: ReminderRunSummary): Promise<void> {
    let result: DeliveryResult;
    try {
      result = await deliver(delivery);
    } catch (error) {
      // The row stays claimed until its lease ends; then a run (of any instance) takes it again.
      log.error({ err: error, deliveryId: delivery.id }, 'push reminder delivery crashed');
      return;
    }
    const recorded = await finishDelivery(db, delivery, result, clock.now());
    if (!recorded) {
      log.warn({ deliveryId: delivery.id }, 'push reminder claim lost before its outcome was recorded');
      return;
    }
    if (result.status === 'sent') summary.sent += 1;
    else if (result.status === 'pending') summary.retrying += 1;
    else if (result.status === 'failed') summary.failed += 1;
    else summary.skipped += 1;
  }

  /** Run `work` over `items` with at most `limit` in flight. */
  async function inPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < items.length) {
        const item = items[next] as T;
        next += 1;
        await work(item);
      }
    };
    await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  }

  async function run(): Promise<ReminderRunSummary> {
    const now = clock.now();
    const today = todayInMadrid(now);
    const summary: ReminderRunSummary = { planned: 0, sent: 0, retrying: 0, failed: 0, skipped: 0, flowReminders: 0 };
    // An interest-free first loan not repaid on its date owes its lapsed interest from the next day: lapsed first, so
    // the day-after reminder states what the customer owes (the collection job may not have run yet today).
    await lapseDueInterestFree(db, { today, now, log });
    // A freeze day of the lender's calendar (docs/rules/loan-request.md "The lender's calendar"): no customer is contacted about money; the next
    // day's reminders go as planned then (a kind whose day was frozen is not sent late).
    if (await isFreezeDay(db, today)) return summary;
    summary.planned = await planReminders(db, today, now);
    let handled = 0;
    while (inSendingWindow(clock.now(), options) && handled < options.maxPerRun) {
      const claimed = await claimDueDeliveries(db, {
        today,
        now: clock.now(),
        limit: Math.min(options.batchSize, options.maxPerRun - handled),
        leaseMs: options.leaseMs,
      });
      if (claimed.length === 0) break;
      handled += claimed.length;
      await inPool(claimed, options.concurrency, (delivery) => settle(delivery, summary));
    }
    if (inSendingWindow(clock.now(), options)) {
      summary.flowReminders = await sendFlowReminders({ db, clock, log, send }, options.maxPerRun);
    }
    if (summary.planned + handled > 0) log.info({ ...summary, claimed: handled }, 'push reminders run');
    return summary;
  }

  return createPeriodicJob({ run, log, name: 'push reminders' });
}
