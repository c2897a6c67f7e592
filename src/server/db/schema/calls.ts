import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, time, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { customers } from './customer.ts';
import { staffUsers } from './staff.ts';

/**
 * Welcome-call bookings (ChooseCallTimePost; second document §2 "Call scheduling", §3 "call time choice"). The slots
 * themselves are not stored: they follow from the call timing definitions (below), and a slot's id (`slot_id`, the
 * contract's `availableCallTimeId`) is its start instant in half-hours since 1970-01-01 UTC. A slot takes as many
 * bookings as its definitions' summed capacity, counted under the slot's advisory lock (`call-slot:<id>`), and a
 * customer has one booking per subject (`call_bookings_customer_subject_unique`: booking again moves it).
 */
export const callBookings = pgTable(
  'call_bookings',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** welcomeCall (the only subject of the contract). */
    subject: text('subject').notNull(),
    slotId: integer('slot_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('call_bookings_slot_idx').on(t.slotId),
    unique('call_bookings_customer_subject_unique').on(t.customerId, t.subject),
    index('call_bookings_starts_at_idx').on(t.startsAt),
  ],
);

/**
 * The call timing definitions (docs/backoffice.md §5 "To-dos and call timing"; second document §3): when the call
 * centre takes welcome calls, in Europe/Madrid wall-clock time. A definition applies to one ISO weekday (`weekday`
 * 1–7) or to one date (`on_date`), exactly one of the two; `open` ones offer `capacity` calls at once in each
 * 30-minute slot they cover, a `closed` one removes the slots it overlaps (the whole centre's, or with
 * `staff_user_id` only that agent's hours). Times are on the half-hour; `ends_at` may be 24:00.
 */
export const callTimingDefinitions = pgTable(
  'call_timing_definitions',
  {
    id: serial('id').primaryKey(),
    weekday: integer('weekday'),
    onDate: date('on_date', { mode: 'string' }),
    startsAt: time('starts_at').notNull(),
    endsAt: time('ends_at').notNull(),
    capacity: integer('capacity').notNull().default(1),
    /** An agent's own hours (their capacity is theirs: a booking in them is assigned to them); null = the team's. */
    staffUserId: integer('staff_user_id').references(() => staffUsers.id),
    kind: text('kind').$type<'open' | 'closed'>().notNull(),
    /** Null for the definitions the migration seeded. */
    createdBy: integer('created_by').references(() => staffUsers.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('call_timing_definitions_day_check', sql`(${t.weekday} IS NULL) <> (${t.onDate} IS NULL)`),
    check('call_timing_definitions_weekday_check', sql`${t.weekday} IS NULL OR ${t.weekday} BETWEEN 1 AND 7`),
    check('call_timing_definitions_times_check', sql`${t.startsAt} < ${t.endsAt}`),
    check('call_timing_definitions_capacity_check', sql`${t.capacity} > 0`),
    index('call_timing_definitions_on_date_idx').on(t.onDate),
  ],
);

export type CallTimingDefinitionRow = typeof callTimingDefinitions.$inferSelect;
