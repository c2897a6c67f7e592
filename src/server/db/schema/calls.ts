import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { customers } from './customer.ts';

/**
 * Welcome-call bookings (ChooseCallTimePost; second document §2 "Call scheduling", §3 "call time choice"). The slots
 * themselves are not stored: they follow from the call timing definitions in code (`modules/calls/timing.ts`), and a
 * slot's id (`slot_id`, the contract's `availableCallTimeId`) is its start instant in half-hours since 1970-01-01
 * UTC. One booking per slot (`call_bookings_slot_unique`: of two customers booking the same slot at once exactly one
 * gets it) and one booking per customer and subject (`call_bookings_customer_subject_unique`: booking again moves it).
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
    unique('call_bookings_slot_unique').on(t.slotId),
    unique('call_bookings_customer_subject_unique').on(t.customerId, t.subject),
    index('call_bookings_starts_at_idx').on(t.startsAt),
  ],
);
