import type { FastifyBaseLogger } from 'fastify';
import { addDaysIso } from '../../../shared/calendar.ts';
import { todayInMadrid } from '../../../shared/dates.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/connect.ts';
import { createPeriodicJob, type PeriodicJob } from '../../jobs/periodic.ts';
import { lapseDueInterestFree } from '../loan/index.ts';
import { INTERNAL_COLLECTION_AFTER_DAYS, syncCollectionStatus } from './collection.ts';
import { collectionCandidates } from './repository/collection.ts';
import { lockCustomerLoans } from './settle.ts';

/**
 * The collection-status job (docs/rules/payments.md "Collection statuses"): every COLLECTION_INTERVAL_MS each instance
 * first lapses the interest-free first loans not repaid on their date (modules/loan/interest-free.ts), then moves the customers whose oldest unpaid instalment crossed a threshold (or who left collection) — each in its own
 * transaction under the customer's loan lock, the move guarded by the status it starts from, so several instances
 * move a customer once. A settled payment does the same for its customer at once.
 */
export interface CollectionRunSummary {
  checked: number;
  moved: number;
  /** Interest-free first loans whose promotion lapsed in this run (modules/loan/interest-free.ts). */
  lapsed: number;
}

export function createCollectionJob(deps: {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
}): PeriodicJob<CollectionRunSummary> {
  return createPeriodicJob({
    name: 'collection job',
    log: deps.log,
    run: async () => {
      const now = deps.clock.now();
      const today = todayInMadrid(now);
      const lapsed = await lapseDueInterestFree(deps.db, { today, now, log: deps.log });
      const ids = await collectionCandidates(deps.db, addDaysIso(today, -INTERNAL_COLLECTION_AFTER_DAYS));
      let moved = 0;
      for (const id of ids) {
        const to = await deps.db.transaction(async (tx) => {
          await lockCustomerLoans(tx, id);
          return syncCollectionStatus(tx, id, { today, changedBy: 'collection-job', at: now });
        });
        if (to !== null) {
          moved += 1;
          deps.log.info({ customerId: id, status: to }, 'collection status moved');
        }
      }
      return { checked: ids.length, moved, lapsed };
    },
  });
}
