import type { FastifyBaseLogger } from 'fastify';
import type { AvailableCallDay, CallTimeChoicePayload } from '../../../shared/api/calls.ts';
import type { IsoDate } from '../../../shared/calendar.ts';
import { todayInMadrid } from '../../../shared/madrid-today.ts';
import type { AuthenticatedCustomer } from '../../auth/sessions.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/connect.ts';
import { HttpError } from '../../http/errors.ts';
import { holidaysAround } from '../misc/index.ts';
import { bookedSlotIds, upsertBooking } from './repository.ts';
import { offeredSlots, SLOT_MS, type CallSlot } from './timing.ts';

/**
 * Welcome-call scheduling ('call me'; second document §2, §3, §7.1, §8): AvailableCallTimesGet lists the free
 * slots of the call timing definitions (timing.ts), ChooseCallTimePost books one. A slot booked by anyone is free
 * for no one; a customer has at most one welcome-call booking, and choosing another slot moves it.
 */

export interface CallsDeps {
  db: Database;
  clock: Clock;
}

/** The slots offered now (timing.ts) that nobody has booked, in time order. */
async function freeSlots(deps: CallsDeps, now: Date): Promise<CallSlot[]> {
  const holidays = new Set(await holidaysAround(todayInMadrid(now)));
  const offered = offeredSlots(now, holidays);
  const first = offered[0];
  const last = offered[offered.length - 1];
  if (!first || !last) return [];
  const booked = await bookedSlotIds(deps.db, first.startsAt, new Date(last.startsAt.getTime() + SLOT_MS));
  return offered.filter((slot) => !booked.has(slot.id));
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
 * the slot is not bookable: booked by another customer (of two customers booking it at once, one gets true and
 * the other false), or not a slot on offer now (started or past, outside the working hours or the window, a
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
  const holidays = new Set(await holidaysAround(todayInMadrid(now)));
  const slot = offeredSlots(now, holidays).find((candidate) => candidate.id === body.availableCallTimeId);
  const outcome = slot
    ? await upsertBooking(deps.db, {
        customerId: customer.id,
        subject: body.subject,
        slotId: slot.id,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        at: now,
      })
    : 'notOffered';
  log.info(
    { event: 'callTimeChosen', customerId: customer.id, slotId: body.availableCallTimeId, outcome },
    'welcome call time chosen',
  );
  return outcome === 'booked';
}
