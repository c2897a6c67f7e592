import { useContext, type ReactNode, type Ref } from 'react';
import { DateFieldContext } from 'react-aria-components/DateField';
import {
  DatePicker as AriaDatePicker,
  DatePickerStateContext,
  Button as AriaButton,
  DateInput,
  DateSegment,
  FieldError,
  Group,
  Label,
  Popover,
  Text,
} from 'react-aria-components/DatePicker';
import { Dialog } from 'react-aria-components/Dialog';
import { I18nProvider } from 'react-aria-components/I18nProvider';
import { useSlottedContext } from 'react-aria-components/slots';
import { LOCALE } from '../../shared/constants.ts';
import { DateCalendar } from './DateCalendar.tsx';
import { toCalendarDate, toIsoDate } from './date-values.ts';
import { UI_TEXTS } from './ui-texts.ts';
import './field.css';
import './date-picker.css';

export interface DatePickerProps {
  label: ReactNode;
  /** ISO `YYYY-MM-DD` (controlled); null or '' for no date. */
  value?: string | null;
  defaultValue?: string | null;
  /** Receives the picked date as ISO `YYYY-MM-DD`. */
  onChange?: (value: string | null) => void;
  onBlur?: () => void;
  /** Earliest selectable date, ISO. */
  min?: string;
  /** Latest selectable date, ISO. */
  max?: string;
  /** Dates that cannot be picked (weekends, holidays), given as ISO strings. */
  isDateUnavailable?: (isoDate: string) => boolean;
  /** Month shown first when there is no value, ISO. */
  placeholderValue?: string;
  /** Offer month and year lists in the calendar (for dates years away, such as birth dates). */
  withMonthAndYearPickers?: boolean;
  /** Form field name (a hidden input carries the ISO value for native forms). */
  name?: string;
  description?: ReactNode;
  /** Error text; when present the field is marked invalid. */
  errorMessage?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** The calendar button (react-hook-form's `field.ref`, to focus the first invalid field). */
  buttonRef?: Ref<HTMLButtonElement>;
  className?: string;
}

const DEFAULT_VISIBLE_YEARS = 20;

/** The date segments, shown for reading only: the date is picked from the calendar, never typed. */
function PickOnlyInput() {
  const fieldProps = useSlottedContext(DateFieldContext) ?? {};
  const state = useContext(DatePickerStateContext);
  return (
    <DateFieldContext.Provider value={{ ...fieldProps, isReadOnly: true }}>
      <DateInput className="ui-date-input" onClick={() => state?.open()}>
        {(segment) => <DateSegment segment={segment} className="ui-date-segment" />}
      </DateInput>
    </DateFieldContext.Provider>
  );
}

function visibleYearsBetween(min: string | undefined, max: string | undefined): number {
  const from = toCalendarDate(min);
  const to = toCalendarDate(max);
  return from && to ? Math.max(1, to.year - from.year + 1) : DEFAULT_VISIBLE_YEARS;
}

/**
 * A pick-only date field over React Aria's DatePicker (es-ES, weeks start on Monday): the customer opens the
 * calendar with the button (or a click on the field) and picks a day; typing is not possible. Values are ISO
 * `YYYY-MM-DD` strings in and out.
 */
export function DatePicker({
  label,
  value,
  defaultValue,
  onChange,
  onBlur,
  min,
  max,
  isDateUnavailable,
  placeholderValue,
  withMonthAndYearPickers = false,
  name,
  description,
  errorMessage,
  isRequired,
  isDisabled,
  buttonRef,
  className,
}: DatePickerProps) {
  const isInvalid = errorMessage !== undefined && errorMessage !== '';
  return (
    <I18nProvider locale={LOCALE}>
      <AriaDatePicker
        className={['ui-field', 'ui-date-picker', className].filter(Boolean).join(' ')}
        value={value === undefined ? undefined : toCalendarDate(value)}
        defaultValue={defaultValue === undefined ? undefined : toCalendarDate(defaultValue)}
        onChange={(date) => onChange?.(date ? toIsoDate(date) : null)}
        onBlur={onBlur}
        minValue={toCalendarDate(min)}
        maxValue={toCalendarDate(max)}
        isDateUnavailable={isDateUnavailable && ((date) => isDateUnavailable(toIsoDate(date)))}
        placeholderValue={toCalendarDate(placeholderValue)}
        firstDayOfWeek="mon"
        granularity="day"
        shouldForceLeadingZeros
        name={name}
        isRequired={isRequired}
        isDisabled={isDisabled}
        isInvalid={isInvalid}
        validationBehavior="aria"
      >
        <Label className="ui-field-label">{label}</Label>
        <Group className="ui-field-control ui-date-picker-group">
          <PickOnlyInput />
          <AriaButton className="ui-date-picker-button" ref={buttonRef} aria-label={UI_TEXTS.chooseDate}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path
                d="M7 3v3M17 3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Z"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </AriaButton>
        </Group>
        {description && (
          <Text slot="description" className="ui-field-description">
            {description}
          </Text>
        )}
        <FieldError className="ui-field-error">{errorMessage}</FieldError>
        <Popover className="ui-popover ui-date-popover" placement="bottom start">
          <Dialog className="ui-date-dialog">
            <DateCalendar
              withMonthAndYearPickers={withMonthAndYearPickers}
              visibleYears={visibleYearsBetween(min, max)}
            />
          </Dialog>
        </Popover>
      </AriaDatePicker>
    </I18nProvider>
  );
}
