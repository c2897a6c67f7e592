import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/connect.ts';
import { decorateWithJob, type PeriodicJob } from '../../jobs/periodic.ts';
import { createCollectionJob, type CollectionRunSummary } from './collection-job.ts';
import { createPaymentRecoveryJob, type RecoveryRunSummary } from './recovery.ts';
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
    /** The payment recovery job of this instance (tests call `runOnce()`). */
    paymentRecovery: PeriodicJob<RecoveryRunSummary>;
  }
}

/**
 * Decorates the app with the payment module's hooks other modules call, its collection-status job (every
 * COLLECTION_INTERVAL_MS when COLLECTION_JOB is on) and its payment recovery job (at start, then every
 * PAYMENT_RECOVERY_INTERVAL_MS when PAYMENT_RECOVERY_JOB is on), run from ready until close (app.ts, once).
 */
export function registerPaymentHooks(app: FastifyInstance): void {
  app.decorate('paymentThreeDs', paymentThreeDsFinished);
  const job = createCollectionJob({ db: app.db, clock: app.clock, log: app.log });
  decorateWithJob(app, 'collection', job, { ...app.config.collectionJob, firstRunDelayMs: 5_000 });
  const recovery = createPaymentRecoveryJob({
    db: app.db,
    clock: app.clock,
    gateway: app.providers.cardGateway,
    log: app.log,
    instance: app.instance,
  });
  // The first run right after start: a restarted instance ends its own dead predecessor's payments at once.
  decorateWithJob(app, 'paymentRecovery', recovery, { ...app.config.paymentRecoveryJob, firstRunDelayMs: 0 });
}
