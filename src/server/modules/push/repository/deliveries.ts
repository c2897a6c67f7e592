import { and, asc, eq, exists, inArray, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import { addDaysIso, daysBetweenIso, type IsoDate } from '../../../../shared/dates.ts';
import { REMINDER_DAYS_BEFORE_DUE, reminderKinds, type ReminderKind } from '../../../../shared/push.ts';
import type { Database, Executor } from '../../../db/connect.ts';
import { installments, loans, pushSubscriptions, reminderDeliveries } from '../../../db/schema/index.ts';

/**
 * The reminder deliveries repository. Every instance's scheduler runs the same three steps, safely at the same time:
 *
 * 1. plan: one row per (instalment, kind) due today, for customers with at least one subscription; the unique
 *    (installment_id, kind) turns a second instance's insert into nothing (`ON CONFLICT DO NOTHING`);
 * 2. claim: in a transaction, `SELECT … FOR UPDATE OF reminder_deliveries SKIP LOCKED` picks due rows no other
 *    instance holds, and marks them `sending` with a lease (a crashed instance's rows come back when it ends);
 * 3. finish: the claimer records the outcome, guarded by (status sending, attempts) so a late writer whose lease
 *    ran out cannot overwrite the row another instance claimed since.
 */

/** Loans whose unpaid instalments are reminded. */
export const REMINDED_LOAN_STATUSES = ['issued', 'arranged'] as const;

export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';

/** Why a delivery was skipped (`last_error`). */
export type SkipReason = 'late' | 'notDue' | 'noSubscription' | 'rescheduled';

export interface ClaimedDelivery {
  id: number;
  installmentId: number;
  customerId: number;
  loanId: number;
  kind: ReminderKind;
  dueDate: IsoDate;
  /** Attempts including this one. */
  attempts: number;
  /** What is left to pay of the instalment. */
  amountCents: number;
}

/** The due date each kind reminds about, seen from `today`. */
export const dueDateOf = (kind: ReminderKind, today: IsoDate): IsoDate =>
  addDaysIso(today, REMINDER_DAYS_BEFORE_DUE[kind]);

/** The kind whose due date `installments.expected_date` is, seen from `today` (SQL CASE over the four dates). */
function kindOfDueDate(today: IsoDate): SQL<string> {
  const branches = reminderKinds.map((kind) => sql`when ${dueDateOf(kind, today)}::date then ${kind}`);
  return sql<string>`(case ${installments.expectedDate} ${sql.join(branches, sql` `)} end)`;
}

/**
 * Create the reminders due today (Madrid date `today`) that do not exist yet: unpaid instalments of running loans
 * due in 3 days, tomorrow, today or yesterday, of customers with at least one push subscription (a customer without
 * one gets no row, so nothing waits or retries for them). Returns how many rows were new.
 */
export async function planReminders(db: Executor, today: IsoDate, now: Date): Promise<number> {
  const kindSql = kindOfDueDate(today);
  const candidates = await db
    .select({
      installmentId: installments.id,
      customerId: loans.customerId,
      kind: kindSql,
      dueDate: installments.expectedDate,
    })
    .from(installments)
    .innerJoin(loans, eq(loans.id, installments.loanId))
    .where(
      and(
        eq(installments.status, 'notPaid'),
        inArray(
          installments.expectedDate,
          reminderKinds.map((kind) => dueDateOf(kind, today)),
        ),
        sql`${installments.paidCents} < ${installments.totalCents}`,
        inArray(loans.status, [...REMINDED_LOAN_STATUSES]),
        exists(
          db
            .select({ one: sql`1` })
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.customerId, loans.customerId)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(reminderDeliveries)
            .where(and(eq(reminderDeliveries.installmentId, installments.id), eq(reminderDeliveries.kind, kindSql))),
        ),
      ),
    );
  if (candidates.length === 0) return 0;
  const inserted = await db
    .insert(reminderDeliveries)
    .values(
      candidates.map((candidate) => ({
        ...candidate,
        status: 'pending',
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    // Another instance planned the same reminder a moment ago: it exists once.
    .onConflictDoNothing({ target: [reminderDeliveries.installmentId, reminderDeliveries.kind] })
    .returning({ id: reminderDeliveries.id });
  return inserted.length;
}

export interface ClaimOptions {
  today: IsoDate;
  now: Date;
  limit: number;
  /** How long a claim holds before another instance may take the row over. */
  leaseMs: number;
}

/**
 * Claim up to `limit` due deliveries for this instance. Rows that must not be sent any more are settled on the
 * way: the instalment was paid (or its loan is no longer running) → skipped `notDue`; the kind's day has passed
 * (a retry that ran into the next day, a scheduler that was down) → skipped `late`.
 */
export async function claimDueDeliveries(db: Database, options: ClaimOptions): Promise<ClaimedDelivery[]> {
  const { today, now, limit, leaseMs } = options;
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: reminderDeliveries.id,
        installmentId: reminderDeliveries.installmentId,
        customerId: reminderDeliveries.customerId,
        kind: reminderDeliveries.kind,
        attempts: reminderDeliveries.attempts,
        loanId: installments.loanId,
        expectedDate: installments.expectedDate,
        installmentStatus: installments.status,
        totalCents: installments.totalCents,
        paidCents: installments.paidCents,
        loanStatus: loans.status,
      })
      .from(reminderDeliveries)
      .innerJoin(installments, eq(installments.id, reminderDeliveries.installmentId))
      .innerJoin(loans, eq(loans.id, installments.loanId))
      .where(
        or(
          and(eq(reminderDeliveries.status, 'pending'), lte(reminderDeliveries.nextAttemptAt, now)),
          and(eq(reminderDeliveries.status, 'sending'), lte(reminderDeliveries.leaseUntil, now)),
        ),
      )
      .orderBy(asc(reminderDeliveries.nextAttemptAt), asc(reminderDeliveries.id))
      .limit(limit)
      .for('update', { of: reminderDeliveries, skipLocked: true });

    const late: number[] = [];
    const notDue: number[] = [];
    const claimed: ClaimedDelivery[] = [];
    for (const row of rows) {
      const kind = row.kind as ReminderKind;
      const stillDue =
        row.installmentStatus === 'notPaid' &&
        row.paidCents < row.totalCents &&
        (REMINDED_LOAN_STATUSES as readonly string[]).includes(row.loanStatus);
      if (!stillDue) notDue.push(row.id);
      else if (daysBetweenIso(today, row.expectedDate) !== REMINDER_DAYS_BEFORE_DUE[kind]) late.push(row.id);
      else {
        claimed.push({
          id: row.id,
          installmentId: row.installmentId,
          customerId: row.customerId,
          loanId: row.loanId,
          kind,
          dueDate: row.expectedDate,
          attempts: row.attempts + 1,
          amountCents: row.totalCents - row.paidCents,
        });
      }
    }
    const skip = async (ids: number[], reason: SkipReason) => {
      if (ids.length === 0) return;
      await tx
        .update(reminderDeliveries)
        .set({ status: 'skipped', lastError: reason, leaseUntil: null, updatedAt: now })
        .where(inArray(reminderDeliveries.id, ids));
    };
    await skip(late, 'late');
    await skip(notDue, 'notDue');
    if (claimed.length > 0) {
      await tx
        .update(reminderDeliveries)
        .set({
          status: 'sending',
          attempts: sql`${reminderDeliveries.attempts} + 1`,
          leaseUntil: new Date(now.getTime() + leaseMs),
          updatedAt: now,
        })
        .where(
          inArray(
            reminderDeliveries.id,
            claimed.map((delivery) => delivery.id),
          ),
        );
    }
    return claimed;
  });
}

export type DeliveryResult =
  | { status: 'sent' }
  | { status: 'pending'; nextAttemptAt: Date; error: string }
  | { status: 'failed'; error: string }
  | { status: 'skipped'; reason: SkipReason };

/** Record the outcome of a claimed delivery; false when the claim was lost (lease ran out, another took it). */
export async function finishDelivery(
  db: Executor,
  delivery: Pick<ClaimedDelivery, 'id' | 'attempts'>,
  result: DeliveryResult,
  now: Date,
): Promise<boolean> {
  const changes =
    result.status === 'sent'
      ? { status: 'sent', sentAt: now, lastError: null }
      : result.status === 'pending'
        ? { status: 'pending', nextAttemptAt: result.nextAttemptAt, lastError: result.error }
        : result.status === 'failed'
          ? { status: 'failed', lastError: result.error }
          : { status: 'skipped', lastError: result.reason };
  const updated = await db
    .update(reminderDeliveries)
    .set({ ...changes, leaseUntil: null, updatedAt: now })
    .where(
      and(
        eq(reminderDeliveries.id, delivery.id),
        eq(reminderDeliveries.status, 'sending'),
        eq(reminderDeliveries.attempts, delivery.attempts),
      ),
    )
    .returning({ id: reminderDeliveries.id });
  return updated.length > 0;
}

/**
 * A rollover or restructure replaced these instalments (their status is now `rollovered` / `restructured`): their
 * reminders not sent yet are skipped now, in the caller's transaction, with `last_error` 'rescheduled'. The new
 * instalments are planned like any other (the unique key is the instalment, so the new date gets its own reminders).
 * Returns how many were cancelled. A delivery being sent right now (`sending`) is left to its claimer, whose finish
 * sees the instalment is no longer payable.
 */
export async function cancelInstallmentReminders(
  db: Executor,
  installmentIds: readonly number[],
  now: Date,
): Promise<number> {
  if (installmentIds.length === 0) return 0;
  const rows = await db
    .update(reminderDeliveries)
    .set({ status: 'skipped', lastError: 'rescheduled' satisfies SkipReason, leaseUntil: null, updatedAt: now })
    .where(
      and(inArray(reminderDeliveries.installmentId, [...installmentIds]), eq(reminderDeliveries.status, 'pending')),
    )
    .returning({ id: reminderDeliveries.id });
  return rows.length;
}
