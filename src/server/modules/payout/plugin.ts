import type { FastifyInstance } from 'fastify';
import { runWithApp } from '../../jobs/periodic.ts';
import { createPushSender } from '../push/index.ts';
import { createPayoutJob, type PayoutJob } from './job.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payout job of this instance: `nudge()` after an agreement, a card or a document; tests `runOnce()`. */
    payout: PayoutJob;
  }
}

/** The first run soon after start, so loans that fell due while no instance ran are paid out at once. */
const FIRST_RUN_DELAY_MS = 1_000;

/**
 * Decorates the app with its payout job and, when PAYOUT_JOB is on (the default), runs it every
 * PAYOUT_INTERVAL_MS from ready until close (onClose waits for a run in progress). Called once by app.ts.
 */
export function registerPayoutJob(app: FastifyInstance): void {
  const job = createPayoutJob({
    db: app.db,
    clock: app.clock,
    log: app.log,
    send: createPushSender(app.secrets.vapid),
  });
  app.decorate('payout', job);
  runWithApp(app, job, { ...app.config.payoutJob, firstRunDelayMs: FIRST_RUN_DELAY_MS });
}
