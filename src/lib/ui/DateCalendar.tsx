import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  CalendarHeading,
  CalendarMonthPicker,
  CalendarYearPicker,
  type CalendarMonthPickerAria,
  type CalendarYearPickerAria,
} from 'react-aria-components/Calendar';
import { UI_TEXTS } from './ui-texts.ts';

export interface DateCalendarProps {
  /** Month and year chosen from lists (birth dates) instead of only month by month. */
  withMonthAndYearPickers: boolean;
  /** How many years the year list offers. */
  visibleYears: number;
}

function PickerSelect({ picker }: { picker: CalendarMonthPickerAria | CalendarYearPickerAria }) {
  return (
    <select
      className="ui-calendar-select"
      aria-label={picker['aria-label']}
      value={String(picker.value)}
      onChange={(event) => picker.onChange(Number(event.target.value))}
    >
      {picker.items.map((item) => (
        <option key={item.id} value={item.id}>
          {item.formatted}
        </option>
      ))}
    </select>
  );
}

/**
 * The month grid of the date picker's popover (React Aria's Calendar: grid semantics, arrow keys, Page Up/Down).
 * Value, limits, unavailable dates and the Monday week start come from the surrounding DatePicker.
 */
export function DateCalendar({ withMonthAndYearPickers, visibleYears }: DateCalendarProps) {
  return (
    <Calendar className="ui-calendar">
      <div className="ui-calendar-header">
        <AriaButton slot="previous" className="ui-calendar-nav" aria-label={UI_TEXTS.previousMonth}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M15 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </AriaButton>
        {withMonthAndYearPickers ? (
          <div className="ui-calendar-pickers">
            <CalendarMonthPicker format="long">{(picker) => <PickerSelect picker={picker} />}</CalendarMonthPicker>
            <CalendarYearPicker visibleYears={visibleYears}>
              {(picker) => <PickerSelect picker={picker} />}
            </CalendarYearPicker>
          </div>
        ) : (
          <CalendarHeading className="ui-calendar-heading" />
        )}
        <AriaButton slot="next" className="ui-calendar-nav" aria-label={UI_TEXTS.nextMonth}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </AriaButton>
      </div>
      <CalendarGrid className="ui-calendar-grid" weekdayStyle="short">
        <CalendarGridHeader>
          {(day) => <CalendarHeaderCell className="ui-calendar-weekday">{day}</CalendarHeaderCell>}
        </CalendarGridHeader>
        <CalendarGridBody>{(date) => <CalendarCell date={date} className="ui-calendar-cell" />}</CalendarGridBody>
      </CalendarGrid>
    </Calendar>
  );
}
