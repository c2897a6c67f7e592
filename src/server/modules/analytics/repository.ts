import { and, asc, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect.ts';
import { analyticsEvents } from '../../db/schema/index.ts';

/** Analytics SQL: one row per page view or event; counts per name per Europe/Madrid day. */

export type AnalyticsRow = typeof analyticsEvents.$inferInsert;

export async function insertAnalyticsEvents(db: Executor, rows: readonly AnalyticsRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(analyticsEvents)
    .values([...rows])
    .returning({ id: analyticsEvents.id });
  return inserted.length;
}

export interface AnalyticsDayCount {
  /** The Europe/Madrid calendar day of `occurred_at`, YYYY-MM-DD. */
  day: string;
  kind: string;
  name: string;
  count: number;
}

/** Madrid's calendar day of an instant. */
const madridDay = sql<string>`to_char(${analyticsEvents.occurredAt} at time zone 'Europe/Madrid', 'YYYY-MM-DD')`;
/** The instant Madrid's day `day` (YYYY-MM-DD) starts. */
const madridMidnight = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/Madrid')`;

/** Rows counted per Madrid day, kind and name, for the days `from` … `to` (inclusive), one name or all. */
export async function countAnalyticsByDay(
  db: Executor,
  range: { from: string; toExclusive: string; name?: string | undefined },
): Promise<AnalyticsDayCount[]> {
  const rows = await db
    .select({ day: madridDay, kind: analyticsEvents.kind, name: analyticsEvents.name, count: count() })
    .from(analyticsEvents)
    .where(
      and(
        range.name === undefined ? undefined : eq(analyticsEvents.name, range.name),
        gte(analyticsEvents.occurredAt, madridMidnight(range.from)),
        lt(analyticsEvents.occurredAt, madridMidnight(range.toExclusive)),
      ),
    )
    .groupBy(madridDay, analyticsEvents.kind, analyticsEvents.name)
    .orderBy(asc(madridDay), asc(analyticsEvents.kind), asc(analyticsEvents.name));
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}
