import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/connect.ts';
import type { PeriodicJob } from '../../jobs/periodic.ts';
import { createCollectionJob, type CollectionRunSummary } from './collection-job.ts';
import { paymentThreeDsFinished } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The end of a loan payment's 3-D Secure flow (the card module's ThreeDsStateGet calls it in its transaction):
     * completed settles the payment, error fails it.
     */
    paymentThreeDs: (tx: Executor, outcome: { paymentId: number; completed: boolean; at: Date }) => Promise<void>;
    /** The collection-status job of this instance (tests call `runOnce()`). */
    collection: PeriodicJob<CollectionRunSummary>;
  }
}

/**
 * Decorates the app with the payment module's hooks other modules call and its collection-status job, run every
 * COLLECTION_INTERVAL_MS from ready until close when COLLECTION_JOB is on (app.ts, once).
 */
export function registerPaymentHooks(app: FastifyInstance): void {
  app.decorate('paymentThreeDs', paymentThreeDsFinished);
  const job = createCollectionJob({ db: app.db, clock: app.clock, log: app.log });
  app.decorate('collection', job);
  const { enabled, intervalMs } = app.config.collectionJob;
  if (enabled) {
    app.addHook('onReady', async () => {
      job.start(intervalMs, Math.min(intervalMs, 5_000));
    });
  }
  app.addHook('onClose', async () => {
    await job.stop();
  });
}
