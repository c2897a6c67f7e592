import type { FastifyInstance } from 'fastify';
import { runWithApp } from '../../jobs/periodic.ts';
import { createReminderScheduler, type ReminderScheduler } from './scheduler.ts';
import { createPushSender } from './sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment-reminder scheduler of this instance (tests call `runOnce`). */
    pushReminders: ReminderScheduler;
  }
}

/** The first run comes soon after start, not a whole interval later. */
const FIRST_RUN_DELAY_MS = 5_000;

/**
 * Decorates the app with its reminder scheduler and, when `PUSH_REMINDERS` is on, runs it every
 * `PUSH_REMINDER_INTERVAL_MS` from the moment the app is ready until it closes (onClose waits for a run in
 * progress, so the database is never closed under it). Called once by app.ts on the root instance.
 */
export function registerPushReminders(app: FastifyInstance): void {
  const scheduler = createReminderScheduler({
    db: app.db,
    clock: app.clock,
    log: app.log,
    send: createPushSender(app.secrets.vapid),
  });
  app.decorate('pushReminders', scheduler);
  runWithApp(app, scheduler, { ...app.config.pushReminders, firstRunDelayMs: FIRST_RUN_DELAY_MS });
}
