import type { FastifyBaseLogger } from 'fastify';
import type { AvailableCallDay, CallTimeChoicePayload } from '../../../shared/api/calls.ts';
import type { IsoDate } from '../../../shared/calendar.ts';
import { todayInMadrid } from '../../../shared/madrid-today.ts';
import type { AuthenticatedCustomer } from '../../auth/sessions.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/connect.ts';
import { withResourceLock } from '../../db/locks.ts';
import { HttpError } from '../../http/errors.ts';
import { holidaysAround } from '../misc/index.ts';
import { createForBooking, openCallsByAgentAt } from '../todo/index.ts';
import { definitionsFor } from './definition-repository.ts';
import { bookingCounts, findBooking, slotBookings, upsertBooking } from './repository.ts';
import { offeredSlots, SLOT_MS, windowDates, type CallSlot } from './timing.ts';

/**
 * Welcome-call scheduling ('call me'; second document §2, §3, §7.1, §8): AvailableCallTimesGet lists the slots of
 * the call timing definitions (timing.ts) with room, ChooseCallTimePost books one. A slot takes as many bookings as
 * its capacity (1 with the default hours: booked by anyone, it is free for no one); a customer has at most one
 * welcome-call booking, and choosing another slot moves it. The booking's to-do (modules/todo) is made or moved in
 * the same transaction.
 */

export interface CallsDeps {
  db: Database;
  clock: Clock;
}

/** The slots offered at `now` by the definitions (timing.ts), with or without room. */
async function offeredNow(db: Executor, now: Date): Promise<CallSlot[]> {
  const holidays = new Set(await holidaysAround(todayInMadrid(now)));
  const dates = windowDates(now);
  const definitions = await definitionsFor(db, dates[0]!, dates[dates.length - 1]!);
  return offeredSlots(now, holidays, definitions);
}

/** The slots offered now whose bookings are fewer than their capacity, in time order. */
async function freeSlots(deps: CallsDeps, now: Date): Promise<CallSlot[]> {
  const offered = await offeredNow(deps.db, now);
  const first = offered[0];
  const last = offered[offered.length - 1];
  if (!first || !last) return [];
  const booked = await bookingCounts(deps.db, first.startsAt, new Date(last.startsAt.getTime() + SLOT_MS));
  return offered.filter((slot) => (booked.get(slot.id) ?? 0) < slot.capacity);
}

/** The first agent of the slot with capacity left at its start, else null (the team's). */
async function assigneeOf(tx: Executor, slot: CallSlot): Promise<number | null> {
  if (slot.agents.length === 0) return null;
  const used = await openCallsByAgentAt(tx, slot.startsAt);
  const left = new Map<number, number>();
  for (const agent of slot.agents) {
    left.set(agent.staffUserId, (left.get(agent.staffUserId) ?? 0) + agent.capacity);
  }
  for (const [staffUserId, capacity] of left) if ((used.get(staffUserId) ?? 0) < capacity) return staffUserId;
  return null;
}

/**
 * Books `slot` for the customer under the slot's advisory lock, so the count and the insert of two customers at
 * once run one after the other: 'taken' when its bookings already fill its capacity. Their own slot again changes
 * nothing; a new or moved booking makes or moves its to-do in the same transaction.
 */
function book(deps: CallsDeps, customerId: number, subject: string, slot: CallSlot, now: Date) {
  return withResourceLock(deps.db, `call-slot:${slot.id}`, async (tx): Promise<'booked' | 'taken'> => {
    const current = await findBooking(tx, customerId, subject);
    if (current?.slotId === slot.id) return 'booked';
    if ((await slotBookings(tx, slot.id)) >= slot.capacity) return 'taken';
    const callBookingId = await upsertBooking(tx, {
      customerId,
      subject,
      slotId: slot.id,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      at: now,
    });
    await createForBooking(tx, {
      callBookingId,
      customerId,
      dueAt: slot.startsAt,
      assignedStaffId: await assigneeOf(tx, slot),
      at: now,
    });
    return 'booked';
  });
}

/**
 * AvailableCallTimesGet: the days of the booking window (today in Madrid and the next 6 days) from `fromDate` to
 * `toDate` (both optional, inclusive) with their free slots; a day without a free slot is not listed, and dates
 * outside the window (or fromDate after toDate) give no day.
 */
export async function availableCallTimes(
  deps: CallsDeps,
  query: { fromDate?: IsoDate | undefined; toDate?: IsoDate | undefined },
): Promise<AvailableCallDay[]> {
  const days = new Map<IsoDate, AvailableCallDay>();
  for (const slot of await freeSlots(deps, deps.clock.now())) {
    if ((query.fromDate && slot.date < query.fromDate) || (query.toDate && slot.date > query.toDate)) continue;
    let day = days.get(slot.date);
    if (!day) days.set(slot.date, (day = { date: slot.date, times: [] }));
    day.times.push({ availableCallTimeId: slot.id, startTime: slot.startTime, endTime: slot.endTime });
  }
  return [...days.values()];
}

/**
 * ChooseCallTimePost `{ customerId, availableCallTimeId, subject: 'welcomeCall' }`: `customerId` must be the
 * caller's own (403 otherwise, nothing written). True when the slot is now the caller's welcome call (their earlier
 * booking, if any, moves here and its slot is free again; choosing their own slot again is true too). False when
 * the slot is not bookable: its bookings fill its capacity (of two customers booking the last place at once, one
 * gets true and the other false), or not a slot on offer now (started or past, outside the working hours or the window, a
 * holiday, not a slot id at all); the client then shows the error and reloads.
 */
export async function chooseCallTime(
  deps: CallsDeps,
  customer: AuthenticatedCustomer,
  body: CallTimeChoicePayload,
  log: FastifyBaseLogger,
): Promise<boolean> {
  if (body.customerId !== customer.id) throw new HttpError('Forbidden');
  const now = deps.clock.now();
  const slot = (await offeredNow(deps.db, now)).find((candidate) => candidate.id === body.availableCallTimeId);
  const outcome = slot ? await book(deps, customer.id, body.subject, slot, now) : 'notOffered';
  log.info(
    { event: 'callTimeChosen', customerId: customer.id, slotId: body.availableCallTimeId, outcome },
    'welcome call time chosen',
  );
  return outcome === 'booked';
}
