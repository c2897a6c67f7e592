import { and, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { loanFlowDrafts, pushSubscriptions } from '../../db/schema/index.ts';

/**
 * The unfinished-loan-flow reminder's SQL: claiming the saved flows (loan_flow_drafts, the loan module's table) due
 * for their one push; the push module's reminder job calls it through index.ts.
 */

export interface ClaimedFlowReminder {
  customerId: number;
  flowId: string;
  step: string;
}

/**
 * Claims drafts due for their unfinished-flow reminder: saved at least `idleMs` ago (the last save: a customer
 * still moving through the flow is not reminded), not expired, not reminded yet, of a customer with a push
 * subscription. `FOR UPDATE SKIP LOCKED` and `reminded_at` set in the same transaction make each flow's reminder
 * go out once, whichever instance claims it (a send that fails is not retried: one reminder at most).
 */
export async function claimDueFlowReminders(
  db: Database,
  options: { now: Date; idleMs: number; limit: number },
): Promise<ClaimedFlowReminder[]> {
  const { now, idleMs, limit } = options;
  const savedBefore = new Date(now.getTime() - idleMs);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ customerId: loanFlowDrafts.customerId, flowId: loanFlowDrafts.flowId, step: loanFlowDrafts.step })
      .from(loanFlowDrafts)
      .where(
        and(
          isNull(loanFlowDrafts.remindedAt),
          lte(loanFlowDrafts.updatedAt, savedBefore),
          gt(loanFlowDrafts.expiresAt, now),
          sql`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.customerId} = ${loanFlowDrafts.customerId})`,
        ),
      )
      .orderBy(loanFlowDrafts.updatedAt)
      .limit(limit)
      .for('update', { of: loanFlowDrafts, skipLocked: true });
    if (rows.length === 0) return [];
    await tx
      .update(loanFlowDrafts)
      .set({ remindedAt: now })
      .where(
        inArray(
          loanFlowDrafts.customerId,
          rows.map((row) => row.customerId),
        ),
      );
    return rows;
  });
}
