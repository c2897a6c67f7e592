import { date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { staffUsers } from './staff.ts';

/**
 * The lender's calendar (docs/rules/loan-request.md "The lender's calendar"), owned by `modules/misc` beside the national holidays it computes:
 * the days staff add. A **holiday** of the lender (a regional holiday, a day the office closes) is not offered as a
 * repayment date, as a national one; a **freeze day** is a day the lender contacts no customer about money: no
 * payment reminder goes out, and it is not offered as a repayment date either. Neither moves a legal deadline (the
 * complaints' count the national holidays only). One row per date and kind; removed rows are gone (each change is
 * an audit record).
 */
export const calendarDays = pgTable(
  'calendar_days',
  {
    id: serial('id').primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').$type<'holiday' | 'freeze'>().notNull(),
    /** The name staff read (a holiday's) or why (a freeze day's). */
    name: text('name').notNull(),
    createdByStaffId: integer('created_by_staff_id').references(() => staffUsers.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('calendar_days_day_kind_key').on(t.day, t.kind),
    index('calendar_days_kind_idx').on(t.kind, t.day),
  ],
);

export type CalendarDayRow = typeof calendarDays.$inferSelect;
