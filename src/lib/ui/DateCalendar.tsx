import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { LOCALE } from '../../shared/constants.ts';
import {
  addDaysIso,
  addMonthsIso,
  addYearsIso,
  daysInMonth,
  isoDateFromParts,
  isoParts,
  isoWeekday,
  type IsoDate,
} from '../../shared/calendar.ts';
import { UI_TEXTS } from './ui-texts.ts';

export interface DateCalendarProps {
  /** The chosen day, ISO; null for none. */
  value: IsoDate | null;
  /** The day that has the keyboard focus when the calendar opens (its month is shown). */
  initialFocus: IsoDate;
  /** Earliest and latest selectable days, ISO. */
  min?: IsoDate;
  max?: IsoDate;
  /** Days inside min … max that cannot be picked (weekends, holidays). */
  isDateUnavailable?: (iso: IsoDate) => boolean;
  /** Today (marked in the grid), ISO. */
  today?: IsoDate;
  /** Month and year chosen from lists (birth dates) instead of only month by month. */
  withMonthAndYearPickers: boolean;
  /** Receives a selectable day the customer picked. */
  onSelect: (iso: IsoDate) => void;
}

// Names in Spanish from the platform (es-ES): no date library and no locale data in the bundle.
const utcFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(LOCALE, { ...options, timeZone: 'UTC' });
const DAY_NAME = utcFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const MONTH_TITLE = utcFormat({ month: 'long', year: 'numeric' });
const MONTH_NAME = utcFormat({ month: 'long' });
const WEEKDAY_SHORT = utcFormat({ weekday: 'short' });
const WEEKDAY_LONG = utcFormat({ weekday: 'long' });
const atNoon = (iso: IsoDate) => new Date(`${iso}T12:00:00Z`);

/** The seven weekdays, Monday first (1 January 2024 was a Monday). */
const WEEKDAYS = [...Array(7).keys()].map((offset) => {
  const day = atNoon(addDaysIso('2024-01-01', offset));
  return { short: WEEKDAY_SHORT.format(day).replace('.', ''), long: WEEKDAY_LONG.format(day) };
});
const MONTHS = [...Array(12).keys()].map((index) => MONTH_NAME.format(atNoon(isoDateFromParts(2024, index + 1, 1))));

const DEFAULT_YEARS_AROUND = 10;

const firstOfMonth = (iso: IsoDate) => `${iso.slice(0, 8)}01`;
const lastOfMonth = (iso: IsoDate) => {
  const [year, month] = isoParts(iso);
  return isoDateFromParts(year, month, daysInMonth(year, month));
};

/** `iso` moved into min … max. */
export function clampIso(iso: IsoDate, min?: IsoDate, max?: IsoDate): IsoDate {
  if (min && iso < min) return min;
  if (max && iso > max) return max;
  return iso;
}

/** The weeks (Monday to Sunday) that show `month`'s days, with the neighbouring months' days that fill them. */
function monthWeeks(anyDay: IsoDate): IsoDate[][] {
  const first = firstOfMonth(anyDay);
  const last = lastOfMonth(anyDay);
  const weeks: IsoDate[][] = [];
  for (let start = addDaysIso(first, 1 - isoWeekday(first)); start <= last; start = addDaysIso(start, 7)) {
    weeks.push([...Array(7).keys()].map((offset) => addDaysIso(start, offset)));
  }
  return weeks;
}

/** The day a navigation key moves the focus to, or null for any other key. */
function keyTarget(event: KeyboardEvent, from: IsoDate): IsoDate | null {
  switch (event.key) {
    case 'ArrowLeft':
      return addDaysIso(from, -1);
    case 'ArrowRight':
      return addDaysIso(from, 1);
    case 'ArrowUp':
      return addDaysIso(from, -7);
    case 'ArrowDown':
      return addDaysIso(from, 7);
    case 'Home':
      return addDaysIso(from, 1 - isoWeekday(from));
    case 'End':
      return addDaysIso(from, 7 - isoWeekday(from));
    case 'PageUp':
      return event.shiftKey ? addYearsIso(from, -1) : addMonthsIso(from, -1);
    case 'PageDown':
      return event.shiftKey ? addYearsIso(from, 1) : addMonthsIso(from, 1);
    default:
      return null;
  }
}

function NavIcon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A month grid of days (the WAI-ARIA date picker dialog pattern): weeks start on Monday, names in Spanish; arrows
 * move by day and week, Home/End to the week's Monday/Sunday, Page Up/Down by month (with Shift by year), Enter or
 * Space picks. Days outside min … max and unavailable days are announced and shown as not selectable
 * (aria-disabled) and cannot be picked; the focus never leaves min … max.
 */
export function DateCalendar({
  value,
  initialFocus,
  min,
  max,
  isDateUnavailable,
  today,
  withMonthAndYearPickers,
  onSelect,
}: DateCalendarProps) {
  const [focused, setFocused] = useState(() => clampIso(initialFocus, min, max));
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(true);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const show = (iso: IsoDate, focusDay: boolean) => {
    moveFocus.current = focusDay;
    setFocused(clampIso(iso, min, max));
  };
  const selectable = (iso: IsoDate) =>
    !(min && iso < min) && !(max && iso > max) && !(isDateUnavailable?.(iso) ?? false);

  const [year, month] = isoParts(focused);
  const title = MONTH_TITLE.format(atNoon(focused));
  const previousDisabled = min !== undefined && firstOfMonth(focused) <= min;
  const nextDisabled = max !== undefined && lastOfMonth(focused) >= max;
  const firstYear = min ? isoParts(min)[0] : year - DEFAULT_YEARS_AROUND;
  const lastYear = max ? isoParts(max)[0] : year + DEFAULT_YEARS_AROUND;
  const monthOutside = (m: number) =>
    (min !== undefined && lastOfMonth(isoDateFromParts(year, m, 1)) < min) ||
    (max !== undefined && isoDateFromParts(year, m, 1) > max);

  return (
    <div className="ui-calendar">
      <div className="ui-calendar-header">
        <button
          type="button"
          className="ui-calendar-nav"
          aria-label={UI_TEXTS.previousMonth}
          disabled={previousDisabled}
          onClick={() => show(addMonthsIso(focused, -1), false)}
        >
          <NavIcon d="M15 6l-6 6 6 6" />
        </button>
        {withMonthAndYearPickers ? (
          <div className="ui-calendar-pickers">
            <select
              className="ui-calendar-select"
              aria-label={UI_TEXTS.month}
              value={String(month)}
              onChange={(event) =>
                show(isoDateFromParts(year, Number(event.target.value), isoParts(focused)[2]), false)
              }
            >
              {MONTHS.map((name, index) => (
                <option key={name} value={String(index + 1)} disabled={monthOutside(index + 1)}>
                  {name}
                </option>
              ))}
            </select>
            <select
              className="ui-calendar-select"
              aria-label={UI_TEXTS.year}
              value={String(year)}
              onChange={(event) =>
                show(isoDateFromParts(Number(event.target.value), month, isoParts(focused)[2]), false)
              }
            >
              {[...Array(lastYear - firstYear + 1).keys()].map((offset) => (
                <option key={offset} value={String(firstYear + offset)}>
                  {firstYear + offset}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <h2 className="ui-calendar-heading" aria-live="polite">
            {title}
          </h2>
        )}
        <button
          type="button"
          className="ui-calendar-nav"
          aria-label={UI_TEXTS.nextMonth}
          disabled={nextDisabled}
          onClick={() => show(addMonthsIso(focused, 1), false)}
        >
          <NavIcon d="M9 6l6 6-6 6" />
        </button>
      </div>
      {/* The WAI-ARIA date picker dialog pattern's own markup: a table with the grid role, days as buttons. */}
      <table
        ref={gridRef}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-to-interactive-role -- the APG markup
        role="grid"
        aria-label={title}
        className="ui-calendar-grid"
        onKeyDown={(event) => {
          const target = keyTarget(event, focused);
          if (target === null) return;
          event.preventDefault();
          show(target, true);
        }}
      >
        {/* Hidden from assistive technology like React Aria's: each day's name already says its weekday. */}
        <thead aria-hidden="true">
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th key={weekday.long} scope="col" abbr={weekday.long} className="ui-calendar-weekday">
                {weekday.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(focused).map((week) => (
            <tr key={week[0]}>
              {week.map((iso) => {
                const day = Number(iso.slice(8));
                if (iso.slice(0, 7) !== focused.slice(0, 7)) {
                  return (
                    <td key={iso} role="gridcell">
                      <span className="ui-calendar-cell" data-outside-month="true" aria-hidden="true">
                        {day}
                      </span>
                    </td>
                  );
                }
                const outOfRange = (min !== undefined && iso < min) || (max !== undefined && iso > max);
                const canPick = selectable(iso);
                const isSelected = iso === value;
                return (
                  <td key={iso} role="gridcell" aria-selected={isSelected} aria-disabled={!canPick || undefined}>
                    <button
                      type="button"
                      className="ui-calendar-cell"
                      data-date={iso}
                      tabIndex={iso === focused ? 0 : -1}
                      aria-label={DAY_NAME.format(atNoon(iso))}
                      aria-disabled={!canPick || undefined}
                      aria-current={iso === today ? 'date' : undefined}
                      data-selected={isSelected || undefined}
                      data-today={iso === today || undefined}
                      data-disabled={outOfRange || undefined}
                      data-unavailable={(!outOfRange && !canPick) || undefined}
                      onClick={() => {
                        if (canPick) onSelect(iso);
                        else show(iso, true);
                      }}
                    >
                      {day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
