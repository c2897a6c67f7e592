import type { FastifyInstance } from 'fastify';
import { decorateWithJob } from '../../jobs/periodic.ts';
import { createPushSender } from '../push/index.ts';
import { createPayoutJob, type PayoutJob } from './job.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payout job of this instance: `nudge()` after an agreement, a card or a document; tests `runOnce()`. */
    payout: PayoutJob;
  }
}

/**
 * The payout job, every PAYOUT_INTERVAL_MS when PAYOUT_JOB is on (the default); its first run a second after start,
 * so loans that fell due while no instance ran are paid out at once. Called once by app.ts.
 */
export function registerPayoutJob(app: FastifyInstance): void {
  const send = createPushSender(app.secrets.vapid);
  const job = createPayoutJob({ db: app.db, clock: app.clock, log: app.log, send });
  decorateWithJob(app, 'payout', job, { ...app.config.payoutJob, firstRunDelayMs: 1_000 });
}
