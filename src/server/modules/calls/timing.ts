import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from '../../../shared/constants.ts';
import { addDaysIso, isoParts, isoWeekday, type IsoDate } from '../../../shared/calendar.ts';
import { todayInMadrid } from '../../../shared/madrid-today.ts';

/**
 * The customer's call slots from the call timing definitions (docs/backoffice.md §5 "To-dos and call timing";
 * docs/rules/): 30-minute slots in Europe/Madrid wall-clock time, offered for today and the next 6 days. A slot is
 * offered when open definitions of its day (its weekday's or its date's) cover it, no closed one overlaps it, and it
 * is not a Sunday or a national holiday; its capacity is the open definitions' summed capacity (an agent's closed
 * hours take away only that agent's). Whether bookings leave room is the caller's.
 *
 * A slot's id (`availableCallTimeId`) is its start instant in half-hours since 1970-01-01T00:00Z: stable (the same
 * slot has the same id in every answer and on every instance) and reversible. Madrid's offsets are whole hours, so a
 * slot starting at :00 or :30 in Madrid always starts on a UTC half-hour.
 */

export const SLOT_MINUTES = 30;
export const SLOT_MS = SLOT_MINUTES * 60_000;
/** Days offered: today and the next 6 (Madrid calendar). */
export const BOOKING_WINDOW_DAYS = 7;
const SUNDAY = 7;

/**
 * The default working hours, `[start, end)` as `HH:mm`, by ISO weekday (1 = Monday … 7 = Sunday; absent = closed),
 * capacity 1, the team's: what the migration seeded and CallTimingAutoInsertPost inserts into an empty table.
 */
export const DEFAULT_CALL_HOURS: Readonly<Partial<Record<number, readonly [string, string]>>> = {
  1: ['09:00', '21:00'],
  2: ['09:00', '21:00'],
  3: ['09:00', '21:00'],
  4: ['09:00', '21:00'],
  5: ['09:00', '21:00'],
  6: ['10:00', '14:00'],
};

/** What the slots need of a definition (times `HH:mm` or `HH:mm:ss`, as the database answers a `time`). */
export interface TimingDefinition {
  id: number;
  weekday: number | null;
  onDate: IsoDate | null;
  startsAt: string;
  endsAt: string;
  capacity: number;
  staffUserId: number | null;
  kind: 'open' | 'closed';
}

export interface CallSlot {
  /** The contract's availableCallTimeId. */
  id: number;
  date: IsoDate;
  /** Madrid wall clock, `HH:mm`. */
  startTime: string;
  endTime: string;
  startsAt: Date;
  endsAt: Date;
  /** Calls at once: the covering open definitions' summed capacity. */
  capacity: number;
  /** The agents whose own hours give part of it, in the order of their definitions. */
  agents: { staffUserId: number; capacity: number }[];
}

export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const hhmmOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const slotIdOf = (startsAt: Date): number => Math.floor(startsAt.getTime() / SLOT_MS);

const appliesTo = (definition: TimingDefinition, date: IsoDate) =>
  definition.onDate === null ? definition.weekday === isoWeekday(date) : definition.onDate === date;

/** The capacity of the slot `[start, start + 30)` (minutes of the day) by the date's definitions. */
function capacityAt(definitions: readonly TimingDefinition[], start: number): Pick<CallSlot, 'capacity' | 'agents'> {
  const end = start + SLOT_MINUTES;
  const overlaps = (d: TimingDefinition) => minutesOf(d.startsAt) < end && start < minutesOf(d.endsAt);
  const closed = definitions.filter((d) => d.kind === 'closed' && overlaps(d));
  if (closed.some((d) => d.staffUserId === null)) return { capacity: 0, agents: [] };
  const away = new Set(closed.map((d) => d.staffUserId));
  const open = definitions.filter(
    (d) =>
      d.kind === 'open' && minutesOf(d.startsAt) <= start && end <= minutesOf(d.endsAt) && !away.has(d.staffUserId),
  );
  const agents = open.flatMap((d) =>
    d.staffUserId === null ? [] : [{ staffUserId: d.staffUserId, capacity: d.capacity }],
  );
  return { capacity: open.reduce((sum, d) => sum + d.capacity, 0), agents };
}

/** Every slot of one Madrid calendar date with room by the definitions (Sunday, holidays and the clock are the caller's). */
export function slotsOfDate(date: IsoDate, definitions: readonly TimingDefinition[]): CallSlot[] {
  const ofDay = [...definitions].filter((d) => appliesTo(d, date)).sort((a, b) => a.id - b.id);
  const [year, month, day] = isoParts(date);
  const slots: CallSlot[] = [];
  for (let start = 0; start < 24 * 60; start += SLOT_MINUTES) {
    const { capacity, agents } = capacityAt(ofDay, start);
    if (capacity === 0) continue;
    const startsAt = new Date(
      new TZDate(year, month - 1, day, Math.floor(start / 60), start % 60, TIME_ZONE).getTime(),
    );
    slots.push({
      id: slotIdOf(startsAt),
      date,
      startTime: hhmmOf(start),
      endTime: hhmmOf(start + SLOT_MINUTES),
      startsAt,
      endsAt: new Date(startsAt.getTime() + SLOT_MS),
      capacity,
      agents,
    });
  }
  return slots;
}

/** The Madrid dates of the booking window at `now`: today and the next 6 days. */
export function windowDates(now: Date): IsoDate[] {
  const today = todayInMadrid(now);
  return Array.from({ length: BOOKING_WINDOW_DAYS }, (_, offset) => addDaysIso(today, offset));
}

/**
 * The slots offered at `now` by the definitions: the dates of the booking window that are neither a Sunday nor a
 * national holiday, each slot whose start is still ahead of `now` (a wall-clock time that the change to summer time
 * skips gives no second slot). In time order.
 */
export function offeredSlots(
  now: Date,
  holidays: ReadonlySet<string>,
  definitions: readonly TimingDefinition[],
): CallSlot[] {
  const seen = new Set<number>();
  const slots: CallSlot[] = [];
  for (const date of windowDates(now)) {
    if (holidays.has(date) || isoWeekday(date) === SUNDAY) continue;
    for (const slot of slotsOfDate(date, definitions)) {
      if (slot.startsAt.getTime() <= now.getTime() || seen.has(slot.id)) continue;
      seen.add(slot.id);
      slots.push(slot);
    }
  }
  return slots;
}
