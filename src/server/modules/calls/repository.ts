import { and, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect.ts';
import { callBookings } from '../../db/schema/index.ts';

/** Call-scheduling SQL: the booked slots of a period and a customer's booking. */

/** The ids of the slots booked by anyone among the slots starting in `[from, to)`. */
export async function bookedSlotIds(db: Executor, from: Date, to: Date): Promise<Set<number>> {
  const rows = await db
    .select({ slotId: callBookings.slotId })
    .from(callBookings)
    .where(and(gte(callBookings.startsAt, from), lt(callBookings.startsAt, to)));
  return new Set(rows.map((row) => row.slotId));
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
 * (which frees their old slot). 'taken' when the slot is another customer's — the slot's unique constraint decides,
 * so of two customers booking the same slot at once exactly one gets it.
 */
export async function upsertBooking(db: Executor, row: BookingRow): Promise<'booked' | 'taken'> {
  try {
    await db
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
      });
    return 'booked';
  } catch (error) {
    if (violatedConstraint(error) === 'call_bookings_slot_unique') return 'taken';
    throw error;
  }
}

/** The constraint a unique violation (SQLSTATE 23505) names, from node-postgres or PGlite, maybe wrapped by Drizzle. */
function violatedConstraint(error: unknown): string | null {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}
