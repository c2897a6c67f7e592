import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect.ts';
import { callBookings } from '../../db/schema/index.ts';

/** Call-scheduling SQL: the bookings of a period and a customer's booking (definitions: definition-repository.ts). */

/** How many bookings each slot starting in `[from, to)` has. */
export async function bookingCounts(db: Executor, from: Date, to: Date): Promise<Map<number, number>> {
  const rows = await db
    .select({ slotId: callBookings.slotId, bookings: count() })
    .from(callBookings)
    .where(and(gte(callBookings.startsAt, from), lt(callBookings.startsAt, to)))
    .groupBy(callBookings.slotId);
  return new Map(rows.map((row) => [row.slotId, row.bookings]));
}

/** How many bookings one slot has. */
export async function slotBookings(db: Executor, slotId: number): Promise<number> {
  const [row] = await db.select({ bookings: count() }).from(callBookings).where(eq(callBookings.slotId, slotId));
  return row?.bookings ?? 0;
}

/** The customer's booking of this subject, if any. */
export async function findBooking(db: Executor, customerId: number, subject: string) {
  const [row] = await db
    .select({ id: callBookings.id, slotId: callBookings.slotId })
    .from(callBookings)
    .where(and(eq(callBookings.customerId, customerId), eq(callBookings.subject, subject)))
    .limit(1);
  return row ?? null;
}

export interface BookingRow {
  customerId: number;
  subject: string;
  slotId: number;
  startsAt: Date;
  endsAt: Date;
  at: Date;
}

/**
 * The customer's booking of this subject set to this slot, in one statement: created, or moved when they had one
 * (which frees their old slot). Whether the slot has room is the caller's, under the slot's lock. The booking's id.
 */
export async function upsertBooking(db: Executor, row: BookingRow): Promise<number> {
  const [saved] = await db
    .insert(callBookings)
    .values({
      customerId: row.customerId,
      subject: row.subject,
      slotId: row.slotId,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      createdAt: row.at,
      updatedAt: row.at,
    })
    .onConflictDoUpdate({
      target: [callBookings.customerId, callBookings.subject],
      set: {
        slotId: sql`excluded.slot_id`,
        startsAt: sql`excluded.starts_at`,
        endsAt: sql`excluded.ends_at`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning({ id: callBookings.id });
  if (!saved) throw new Error('call_bookings upsert returned no row');
  return saved.id;
}
