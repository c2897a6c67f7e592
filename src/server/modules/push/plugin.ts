import type { FastifyInstance } from 'fastify';
import { decorateWithJob } from '../../jobs/periodic.ts';
import { createReminderScheduler, type ReminderScheduler } from './scheduler.ts';
import { createPushSender } from './sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment-reminder scheduler of this instance (tests call `runOnce`). */
    pushReminders: ReminderScheduler;
  }
}

/**
 * The payment-reminder scheduler, every PUSH_REMINDER_INTERVAL_MS when PUSH_REMINDERS is on; its first run five
 * seconds after start, not a whole interval later. Called once by app.ts on the root instance.
 */
export function registerPushReminders(app: FastifyInstance): void {
  const send = createPushSender(app.secrets.vapid);
  const scheduler = createReminderScheduler({ db: app.db, clock: app.clock, log: app.log, send });
  decorateWithJob(app, 'pushReminders', scheduler, { ...app.config.pushReminders, firstRunDelayMs: 5_000 });
}
