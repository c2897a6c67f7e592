import { and, asc, count, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { IsoDate } from '../../../shared/calendar.ts';
import type { Executor } from '../../db/connect.ts';
import { callTimingDefinitions, staffUsers, type CallTimingDefinitionRow } from '../../db/schema/index.ts';

/** The calls module's SQL of `call_timing_definitions` (docs/backoffice.md §5 "To-dos and call timing"). */

export type NewDefinition = Omit<typeof callTimingDefinitions.$inferInsert, 'id'>;

/** Times as `HH:mm` (the database answers `HH:mm:ss`). */
const hhmm = (column: AnyPgColumn) => sql<string>`to_char(${column}, 'HH24:MI')`;

const timingColumns = {
  id: callTimingDefinitions.id,
  weekday: callTimingDefinitions.weekday,
  onDate: callTimingDefinitions.onDate,
  startsAt: hhmm(callTimingDefinitions.startsAt),
  endsAt: hhmm(callTimingDefinitions.endsAt),
  capacity: callTimingDefinitions.capacity,
  staffUserId: callTimingDefinitions.staffUserId,
  kind: callTimingDefinitions.kind,
};

/**
 * The definitions that can apply to a day in `[from, to]`: every weekday one, and the dated ones in the range.
 * `to_char` of 24:00 answers `24:00`.
 */
export async function definitionsFor(db: Executor, from: IsoDate, to: IsoDate) {
  return db
    .select(timingColumns)
    .from(callTimingDefinitions)
    .where(
      or(
        isNotNull(callTimingDefinitions.weekday),
        and(gte(callTimingDefinitions.onDate, from), sql`${callTimingDefinitions.onDate} <= ${to}`),
      ),
    );
}

const owner = alias(staffUsers, 'owner');
const creator = alias(staffUsers, 'creator');

const views = (db: Executor) =>
  db
    .select({
      ...timingColumns,
      createdBy: callTimingDefinitions.createdBy,
      createdAt: callTimingDefinitions.createdAt,
      ownerName: owner.fullName,
      creatorName: creator.fullName,
    })
    .from(callTimingDefinitions)
    .leftJoin(owner, eq(owner.id, callTimingDefinitions.staffUserId))
    .leftJoin(creator, eq(creator.id, callTimingDefinitions.createdBy));

export type DefinitionView = Awaited<ReturnType<typeof views>>[number];

/** The weekday definitions and the dated ones from `fromDate` on: weekdays first, then by date, start and id. */
export async function findDefinitionViews(db: Executor, fromDate: IsoDate): Promise<DefinitionView[]> {
  return views(db)
    .where(or(isNotNull(callTimingDefinitions.weekday), gte(callTimingDefinitions.onDate, fromDate)))
    .orderBy(
      sql`${callTimingDefinitions.onDate} nulls first`,
      asc(callTimingDefinitions.weekday),
      asc(callTimingDefinitions.startsAt),
      asc(callTimingDefinitions.id),
    );
}

export async function findDefinitionViewsByIds(db: Executor, ids: number[]): Promise<DefinitionView[]> {
  if (ids.length === 0) return [];
  return views(db).where(inArray(callTimingDefinitions.id, ids)).orderBy(asc(callTimingDefinitions.id));
}

export async function insertDefinitions(db: Executor, rows: NewDefinition[]): Promise<number[]> {
  const inserted = await db.insert(callTimingDefinitions).values(rows).returning({ id: callTimingDefinitions.id });
  return inserted.map((row) => row.id);
}

/** The definition, locked for the rest of the transaction. */
export async function findDefinitionForUpdate(db: Executor, id: number): Promise<CallTimingDefinitionRow | null> {
  const [row] = await db.select().from(callTimingDefinitions).where(eq(callTimingDefinitions.id, id)).for('update');
  return row ?? null;
}

export async function deleteDefinition(db: Executor, id: number): Promise<void> {
  await db.delete(callTimingDefinitions).where(eq(callTimingDefinitions.id, id));
}

export async function countDefinitions(db: Executor): Promise<number> {
  const [row] = await db.select({ total: count() }).from(callTimingDefinitions);
  return row?.total ?? 0;
}
