import { DatePicker } from '../../../../lib/ui/DatePicker.tsx';
import type { IsoDate } from '../../../../shared/calendar.ts';
import { isWorkingDay, type HolidayList, type RepaymentWindow } from '../../../../shared/loan/repayment-window.ts';
import type { StepHeader } from '../../use-loan-request-form.ts';
import { Step } from './Step.tsx';

interface FirstRepaymentDateStepProps extends StepHeader {
  /** The calendar's label: the first payment's date, or a minipréstamo's one repayment date. */
  label: string;
  value: IsoDate | null | undefined;
  repayWindow: RepaymentWindow;
  holidays: HolidayList;
  /** Why the date chosen or saved was cleared. */
  alert: string | null;
  onChoose: (date: IsoDate | null) => void;
}

/** Step 'Fecha del primer pago': a calendar of the working days in the first repayment window. */
export function FirstRepaymentDateStep({
  label,
  value,
  repayWindow,
  holidays,
  alert,
  onChoose,
  ...header
}: FirstRepaymentDateStepProps) {
  return (
    <Step name="firstRepaymentDate" {...header}>
      <DatePicker
        label={label}
        value={value ?? null}
        min={repayWindow.earliest}
        max={repayWindow.latest}
        placeholderValue={repayWindow.defaultDate}
        isDateUnavailable={(date) => !isWorkingDay(date, holidays)}
        onChange={onChoose}
        isRequired
      />
      {alert && (
        <p className="loan-alert" role="alert">
          {alert}
        </p>
      )}
    </Step>
  );
}
