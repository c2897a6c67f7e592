import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { CalendarDay, CalendarDayKind } from '../../../shared/api/misc-staff.ts';
import { todayInMadrid, type IsoDate } from '../../../shared/dates.ts';
import { staffWrite, type AuditActor, type StaffWriteDeps } from '../../audit/staff-write.ts';
import type { Executor } from '../../db/connect.ts';
import { calendarDays, staffUsers, type CalendarDayRow } from '../../db/schema/index.ts';
import { BusinessError } from '../../http/errors.ts';
import { holidaysAround } from './holiday-calendar.ts';

/**
 * The lender's calendar (docs/rules/loan-request.md "The lender's calendar"): the days staff add to the national holidays — a holiday of the
 * lender, or a freeze day (no payment reminder goes out) — and the days off the repayment dates avoid.
 */

/** This year's and next year's days, as `holidaysAround` covers them. */
const rangeOf = (today: IsoDate) => {
  const year = Number(today.slice(0, 4));
  return { from: `${year}-01-01`, to: `${year + 1}-12-31` };
};

/**
 * The days no repayment date may fall on, this year and next (HolidaysGet, the first-repayment window, a rollover's
 * dates): the national holidays, the lender's holidays and the freeze days, sorted.
 */
export async function daysOffAround(db: Executor, today: IsoDate): Promise<string[]> {
  const { from, to } = rangeOf(today);
  const [national, added] = await Promise.all([
    holidaysAround(today),
    db
      .select({ day: calendarDays.day })
      .from(calendarDays)
      .where(and(gte(calendarDays.day, from), lte(calendarDays.day, to))),
  ]);
  return [...new Set([...national, ...added.map((row) => row.day)])].sort();
}

/** Whether `day` is a freeze day (the payment reminders' scheduler sends nothing on it). */
export async function isFreezeDay(db: Executor, day: IsoDate): Promise<boolean> {
  const [row] = await db
    .select({ id: calendarDays.id })
    .from(calendarDays)
    .where(and(eq(calendarDays.day, day), eq(calendarDays.kind, 'freeze')))
    .limit(1);
  return row !== undefined;
}

const dayOf = (row: CalendarDayRow, creator: string | null): CalendarDay => ({
  id: row.id,
  day: row.day,
  kind: row.kind,
  name: row.name,
  createdBy: row.createdByStaffId !== null && creator !== null ? { id: row.createdByStaffId, fullName: creator } : null,
  createdAt: row.createdAt.toISOString(),
});

/** CalendarDaysGet: the national holidays and the added days of this year and next. */
export async function calendarOf(db: Executor, now: Date): Promise<{ national: string[]; days: CalendarDay[] }> {
  const today = todayInMadrid(now);
  const { from, to } = rangeOf(today);
  const [national, rows] = await Promise.all([
    holidaysAround(today),
    db
      .select({ row: calendarDays, creator: staffUsers.fullName })
      .from(calendarDays)
      .leftJoin(staffUsers, eq(staffUsers.id, calendarDays.createdByStaffId))
      .where(and(gte(calendarDays.day, from), lte(calendarDays.day, to)))
      .orderBy(asc(calendarDays.day), asc(calendarDays.kind)),
  ]);
  return { national, days: rows.map(({ row, creator }) => dayOf(row, creator)) };
}

const audited = (row: Pick<CalendarDayRow, 'day' | 'kind' | 'name'>) => ({
  day: row.day,
  kind: row.kind,
  name: row.name,
});

/**
 * HolidayPost, FreezeDayPost: the day added from today on; the same day twice of one kind, or a holiday on a national
 * one, is `CalendarDayExists` (the unique index decides between instances).
 */
export async function addCalendarDay(
  deps: StaffWriteDeps,
  actor: AuditActor,
  kind: CalendarDayKind,
  body: { day: IsoDate; name: string; reason: string },
): Promise<CalendarDay> {
  const now = deps.clock.now();
  const today = todayInMadrid(now);
  if (body.day < today) throw new BusinessError('CalendarDayPast');
  if (kind === 'holiday' && (await holidaysAround(body.day)).includes(body.day)) {
    throw new BusinessError('CalendarDayExists');
  }
  const row = await staffWrite(deps, actor, { entityType: 'calendarDay', reason: body.reason }, async (tx) => {
    const [inserted] = await tx
      .insert(calendarDays)
      .values({ day: body.day, kind, name: body.name, createdByStaffId: actor.staff.id, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw new BusinessError('CalendarDayExists');
    return { entityId: inserted.id, before: null, after: audited(inserted), result: inserted };
  });
  const [creator] = await deps.db
    .select({ fullName: staffUsers.fullName })
    .from(staffUsers)
    .where(eq(staffUsers.id, actor.staff.id));
  return dayOf(row, creator?.fullName ?? null);
}

/** HolidayDelete, FreezeDayDelete: a day of that kind, today or later, removed (404 for another kind's id). */
export async function removeCalendarDay(
  deps: StaffWriteDeps,
  actor: AuditActor,
  kind: CalendarDayKind,
  id: number,
  reason: string,
): Promise<{ removed: true }> {
  const today = todayInMadrid(deps.clock.now());
  return staffWrite(deps, actor, { entityType: 'calendarDay', entityId: id, reason }, async (tx) => {
    const [row] = await tx
      .select()
      .from(calendarDays)
      .where(and(eq(calendarDays.id, id), eq(calendarDays.kind, kind)))
      .for('update');
    if (!row) throw new BusinessError('CalendarDayNotFound');
    if (row.day < today) throw new BusinessError('CalendarDayPast');
    await tx.delete(calendarDays).where(eq(calendarDays.id, id));
    return { before: audited(row), after: null, result: { removed: true as const } };
  });
}
