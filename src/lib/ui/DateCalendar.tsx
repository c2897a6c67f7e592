import { endOfMonth, parseDate, startOfMonth, type CalendarDate } from '@internationalized/date';
import { useContext } from 'react';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  CalendarHeading,
  CalendarMonthPicker,
  CalendarStateContext,
} from 'react-aria-components/Calendar';
import { I18nProvider } from 'react-aria-components/I18nProvider';
import { LOCALE } from '../../shared/constants.ts';
import { isoParts, type IsoDate } from '../../shared/calendar.ts';
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
  /** Month and year chosen from lists (birth dates) instead of only month by month. */
  withMonthAndYearPickers: boolean;
  /** Receives a selectable day the customer picked. */
  onSelect: (iso: IsoDate) => void;
}

const DEFAULT_YEARS_AROUND = 10;

const toDate = (iso: IsoDate | undefined): CalendarDate | undefined => (iso ? parseDate(iso) : undefined);

/** `iso` moved into min … max. */
export function clampIso(iso: IsoDate, min?: IsoDate, max?: IsoDate): IsoDate {
  if (min && iso < min) return min;
  if (max && iso > max) return max;
  return iso;
}

function NavIcon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The month and year lists of a birth date (native selects, 'Mes' and 'Año'): the months named by React Aria in
 * Spanish, the years from min to max (or ten either side of the shown one).
 */
function MonthAndYearLists({ min, max }: { min?: IsoDate; max?: IsoDate }) {
  const state = useContext(CalendarStateContext);
  if (!state) return null;
  const focused = state.focusedDate;
  const firstYear = min ? isoParts(min)[0] : focused.year - DEFAULT_YEARS_AROUND;
  const lastYear = max ? isoParts(max)[0] : focused.year + DEFAULT_YEARS_AROUND;
  return (
    <div className="ui-calendar-pickers">
      <CalendarMonthPicker format="long">
        {({ value, onChange, items }) => (
          <select
            className="ui-calendar-select"
            aria-label={UI_TEXTS.month}
            value={String(value)}
            onChange={(event) => onChange(Number(event.target.value))}
          >
            {items.map((item) => (
              <option
                key={item.id}
                value={String(item.id)}
                disabled={
                  (min !== undefined && endOfMonth(item.date).toString() < min) ||
                  (max !== undefined && startOfMonth(item.date).toString() > max)
                }
              >
                {item.formatted}
              </option>
            ))}
          </select>
        )}
      </CalendarMonthPicker>
      <select
        className="ui-calendar-select"
        aria-label={UI_TEXTS.year}
        value={String(focused.year)}
        onChange={(event) => state.setFocusedDate(focused.set({ year: Number(event.target.value) }))}
      >
        {[...Array(lastYear - firstYear + 1).keys()].map((offset) => (
          <option key={offset} value={String(firstYear + offset)}>
            {firstYear + offset}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A month grid of days over React Aria's Calendar (the WAI-ARIA grid pattern, es-ES: weeks from Monday, Spanish
 * names read by screen readers): arrows move by day and week, Home/End to the month's first and last day, Page Up/Down by month (with
 * Shift by year), Enter or Space picks. Days outside min … max (data-disabled) and unavailable days
 * (data-unavailable) cannot be picked; the focus never leaves min … max.
 */
export function DateCalendar({
  value,
  initialFocus,
  min,
  max,
  isDateUnavailable,
  withMonthAndYearPickers,
  onSelect,
}: DateCalendarProps) {
  return (
    <I18nProvider locale={LOCALE}>
      <Calendar
        className="ui-calendar"
        value={value ? parseDate(value) : null}
        defaultFocusedValue={parseDate(clampIso(initialFocus, min, max))}
        minValue={toDate(min)}
        maxValue={toDate(max)}
        isDateUnavailable={isDateUnavailable ? (date) => isDateUnavailable(date.toString()) : undefined}
        firstDayOfWeek="mon"
        // The WAI-ARIA date picker dialog pattern: the focus moves to the chosen (or shown) day when it opens.
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the calendar opens on the customer's own press
        autoFocus
        onChange={(date) => onSelect(date.toString())}
      >
        <div className="ui-calendar-header">
          <Button slot="previous" className="ui-calendar-nav" aria-label={UI_TEXTS.previousMonth}>
            <NavIcon d="M15 6l-6 6 6 6" />
          </Button>
          {withMonthAndYearPickers ? (
            <MonthAndYearLists min={min} max={max} />
          ) : (
            <CalendarHeading className="ui-calendar-heading" />
          )}
          <Button slot="next" className="ui-calendar-nav" aria-label={UI_TEXTS.nextMonth}>
            <NavIcon d="M9 6l6 6-6 6" />
          </Button>
        </div>
        <CalendarGrid className="ui-calendar-grid" weekdayStyle="short">
          <CalendarGridHeader>
            {(day) => <CalendarHeaderCell className="ui-calendar-weekday">{day}</CalendarHeaderCell>}
          </CalendarGridHeader>
          <CalendarGridBody>{(date) => <CalendarCell className="ui-calendar-cell" date={date} />}</CalendarGridBody>
        </CalendarGrid>
      </Calendar>
    </I18nProvider>
  );
}
