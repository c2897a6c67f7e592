import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from '../../../shared/constants.ts';
import { addDaysIso, isoParts, isoWeekday, type IsoDate } from '../../../shared/calendar.ts';
import { todayInMadrid } from '../../../shared/madrid-today.ts';

/**
 * The call timing definitions (second document §3 "call timing definitions"; the staff calls that edit them are not
 * served, so they are code constants): the call centre's working hours per ISO weekday in Europe/Madrid wall-clock
 * time, 30-minute slots, offered for today and the next 6 days; Sundays and Spain's national holidays are closed.
 *
 * A slot's id (`availableCallTimeId`) is its start instant in half-hours since 1970-01-01T00:00Z: stable (the same
 * slot has the same id in every answer and on every instance) and reversible. Madrid's offsets are whole hours, so a
 * slot starting at :00 or :30 in Madrid always starts on a UTC half-hour.
 */

export const SLOT_MINUTES = 30;
export const SLOT_MS = SLOT_MINUTES * 60_000;
/** Days offered: today and the next 6 (Madrid calendar). */
export const BOOKING_WINDOW_DAYS = 7;

/** Working hours, `[start, end)` as `HH:mm`, by ISO weekday (1 = Monday … 7 = Sunday); absent = closed. */
export const CALL_HOURS: Readonly<Partial<Record<number, readonly [string, string]>>> = {
  1: ['09:00', '21:00'],
  2: ['09:00', '21:00'],
  3: ['09:00', '21:00'],
  4: ['09:00', '21:00'],
  5: ['09:00', '21:00'],
  6: ['10:00', '14:00'],
};

export interface CallSlot {
  /** The contract's availableCallTimeId. */
  id: number;
  date: IsoDate;
  /** Madrid wall clock, `HH:mm`. */
  startTime: string;
  endTime: string;
  startsAt: Date;
  endsAt: Date;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmmOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const slotIdOf = (startsAt: Date): number => Math.floor(startsAt.getTime() / SLOT_MS);

/** Every slot of one Madrid calendar date by the working hours (holidays and the clock are the caller's). */
export function slotsOfDate(date: IsoDate): CallSlot[] {
  const hours = CALL_HOURS[isoWeekday(date)];
  if (!hours) return [];
  const [year, month, day] = isoParts(date);
  const slots: CallSlot[] = [];
  for (let start = minutesOf(hours[0]); start + SLOT_MINUTES <= minutesOf(hours[1]); start += SLOT_MINUTES) {
    const startsAt = new Date(
      new TZDate(year, month - 1, day, Math.floor(start / 60), start % 60, TIME_ZONE).getTime(),
    );
    const endsAt = new Date(startsAt.getTime() + SLOT_MS);
    slots.push({
      id: slotIdOf(startsAt),
      date,
      startTime: hhmmOf(start),
      endTime: hhmmOf(start + SLOT_MINUTES),
      startsAt,
      endsAt,
    });
  }
  return slots;
}

/**
 * The slots offered at `now`: the dates of the booking window (today in Madrid and the next 6 days) that are neither
 * closed nor a national holiday, each slot whose start is still ahead of `now`. In time order.
 */
export function offeredSlots(now: Date, holidays: ReadonlySet<string>): CallSlot[] {
  const today = todayInMadrid(now);
  const slots: CallSlot[] = [];
  for (let offset = 0; offset < BOOKING_WINDOW_DAYS; offset += 1) {
    const date = addDaysIso(today, offset);
    if (holidays.has(date)) continue;
    for (const slot of slotsOfDate(date)) if (slot.startsAt.getTime() > now.getTime()) slots.push(slot);
  }
  return slots;
}
