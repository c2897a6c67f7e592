import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { formatIsoDate, isIsoDate, type IsoDate } from '../../shared/calendar.ts';
import { todayInMadrid } from '../../shared/madrid-today.ts';
import { clampIso, DateCalendar } from './DateCalendar.tsx';
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

const DATE_PLACEHOLDER = 'dd/mm/aaaa';

const isoOrNull = (value: string | null | undefined): IsoDate | null => (isIsoDate(value) ? value : null);

/**
 * A pick-only date field (second document §5 "Fields": dates `yyyy-MM-dd`, weeks start on Monday, read-only input,
 * pick only): a read-only input shows the date as dd/mm/yyyy; the button (or a press on the input) opens the
 * calendar (React Aria's, `DateCalendar.tsx`), where the customer picks a day; typing is not possible. Values are ISO
 * `YYYY-MM-DD` strings in and out. The field around the calendar is our own rather than React Aria's DatePicker: its
 * DateInput is typed into segment by segment, which the spec rules out.
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
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [uncontrolled, setUncontrolled] = useState(() => isoOrNull(defaultValue));
  const current = value === undefined ? uncontrolled : isoOrNull(value);
  const isInvalid = errorMessage !== undefined && errorMessage !== '';
  const describedBy = [description ? `${id}-description` : '', isInvalid ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');

  const focusToggle = () => rootRef.current?.querySelector<HTMLButtonElement>('.ui-date-picker-button')?.focus();

  // While open: a press outside the field closes the calendar (the focus stays where the press put it); Escape
  // closes it and gives the focus back to the button.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !rootRef.current?.contains(document.activeElement)) return;
      event.preventDefault();
      setOpen(false);
      focusToggle();
    };
    document.addEventListener('pointerdown', onPointerDown);
    // Capture: the calendar's grid handles its own keys before they would bubble up to the document.
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [open]);

  // The field's blur (react-hook-form's touched state): when the focus leaves the input, the button and the calendar.
  useEffect(() => {
    const root = rootRef.current;
    if (!root || !onBlur) return;
    const onFocusOut = (event: FocusEvent) => {
      if (!root.contains(event.relatedTarget as Node | null)) onBlur();
    };
    root.addEventListener('focusout', onFocusOut);
    return () => root.removeEventListener('focusout', onFocusOut);
  }, [onBlur]);

  const openCalendar = () => {
    if (!isDisabled) setOpen(true);
  };

  return (
    <div
      ref={rootRef}
      className={['ui-field', 'ui-date-picker', className].filter(Boolean).join(' ')}
      data-invalid={isInvalid || undefined}
      data-disabled={isDisabled || undefined}
    >
      <label className="ui-field-label" id={`${id}-label`} htmlFor={`${id}-input`}>
        {label}
      </label>
      <div
        role="group"
        aria-labelledby={`${id}-label`}
        className="ui-field-control ui-date-picker-group"
        data-invalid={isInvalid || undefined}
        data-disabled={isDisabled || undefined}
      >
        <input
          id={`${id}-input`}
          className="ui-date-input"
          readOnly
          value={current ? formatIsoDate(current) : ''}
          placeholder={DATE_PLACEHOLDER}
          disabled={isDisabled}
          aria-describedby={describedBy || undefined}
          aria-invalid={isInvalid || undefined}
          aria-required={isRequired || undefined}
          onClick={openCalendar}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || (event.altKey && event.key === 'ArrowDown')) {
              event.preventDefault();
              openCalendar();
            }
          }}
        />
        <button
          type="button"
          className="ui-date-picker-button"
          ref={buttonRef}
          aria-label={UI_TEXTS.chooseDate}
          aria-haspopup="dialog"
          aria-expanded={open}
          disabled={isDisabled}
          onClick={() => (open ? setOpen(false) : openCalendar())}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path
              d="M7 3v3M17 3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </div>
      {name !== undefined && <input type="hidden" name={name} value={current ?? ''} />}
      {description && (
        <span id={`${id}-description`} className="ui-field-description">
          {description}
        </span>
      )}
      {isInvalid && (
        <span id={`${id}-error`} className="ui-field-error">
          {errorMessage}
        </span>
      )}
      {open && (
        <div role="dialog" aria-labelledby={`${id}-label`} className="ui-date-popover">
          <DateCalendar
            value={current}
            initialFocus={clampIso(current ?? isoOrNull(placeholderValue) ?? todayInMadrid(), min, max)}
            min={min}
            max={max}
            isDateUnavailable={isDateUnavailable}
            withMonthAndYearPickers={withMonthAndYearPickers}
            onSelect={(picked) => {
              if (value === undefined) setUncontrolled(picked);
              onChange?.(picked);
              setOpen(false);
              focusToggle();
            }}
          />
        </div>
      )}
    </div>
  );
}
