// Time-zone-free calendar arithmetic only; the working-day rule is the repayment window's (weekends and the holidays
// the caller passes: the server's national calendar, `holidaysAround` of modules/misc).
import { addDaysIso, addMonthsIso, daysBetweenIso, formatIsoDate, isIsoDate, type IsoDate } from './calendar.ts';
import { isWorkingDay, type HolidayList } from './loan/repayment-window.ts';

/**
 * How long the lender's customer service has to answer a complaint (docs/rules/complaints.md), as data with its
 * source. **To be confirmed by the lender's compliance before relying on it**: the sources are secondary (the
 * consumer service of the Basque Government, RTVE on Ley 7/2017), not the BOE texts.
 *
 * - Months count from date to date (Código Civil art. 5.1): filed 15 March, due 15 April; a day the month lacks is
 *   its last day (31 January + 1 month → 28 February, 29 in a leap year). The dates are Madrid's.
 * - Business days skip Saturdays, Sundays and Spain's national holidays (regional ones are not counted); the count
 *   starts the day after the filing: the 15th such day is the last day to answer.
 * - The last day is included: an answer that day is in time; the day after, the deadline has passed.
 */
export const COMPLAINT_DEADLINE_RULES = {
  /** The default: a consumer's complaint about anything but payment services (consumer credit included). */
  consumerOneMonth: {
    unit: 'months',
    count: 1,
    label: 'Consumidor: un mes',
    source: 'Ley 7/2017 (resolución alternativa de litigios de consumo), según fuentes secundarias',
  },
  /** A complaint about a payment service (PSD2: transfers, cards as a payment instrument). */
  paymentServices15BusinessDays: {
    unit: 'businessDays',
    count: 15,
    label: 'Servicios de pago: 15 días hábiles',
    source: 'Real Decreto-ley 19/2018 de servicios de pago, art. 69, según fuentes secundarias',
  },
  /** A complaint of a customer who is not a consumer. */
  nonConsumerTwoMonths: {
    unit: 'months',
    count: 2,
    label: 'No consumidor: dos meses',
    source: 'Orden ECO/734/2004, art. 10.3',
  },
} as const satisfies Record<string, ComplaintDeadlineRule>;

export interface ComplaintDeadlineRule {
  readonly unit: 'months' | 'businessDays';
  readonly count: number;
  /** Spanish, for the back office's choice. */
  readonly label: string;
  readonly source: string;
}

export type ComplaintDeadlineRuleName = keyof typeof COMPLAINT_DEADLINE_RULES;

export const complaintDeadlineRuleNames = Object.keys(COMPLAINT_DEADLINE_RULES) as [
  ComplaintDeadlineRuleName,
  ...ComplaintDeadlineRuleName[],
];

export const DEFAULT_COMPLAINT_DEADLINE_RULE: ComplaintDeadlineRuleName = 'consumerOneMonth';

/**
 * The last day to answer a complaint filed on `receivedOn` (its Madrid date) under `rule`. `holidays` are needed for
 * a business-day rule only; they must cover the filing's year and the next.
 */
export function complaintDueOn(
  receivedOn: IsoDate,
  rule: ComplaintDeadlineRuleName,
  holidays: HolidayList = [],
): IsoDate {
  if (!isIsoDate(receivedOn)) throw new RangeError(`Invalid date: ${String(receivedOn)}`);
  const { unit, count } = COMPLAINT_DEADLINE_RULES[rule];
  if (unit === 'months') return addMonthsIso(receivedOn, count);
  const holidaySet = holidays instanceof Set ? holidays : new Set(holidays);
  let date = receivedOn;
  for (let counted = 0; counted < count;) {
    date = addDaysIso(date, 1);
    if (isWorkingDay(date, holidaySet)) counted += 1;
  }
  return date;
}

export interface ComplaintDeadline {
  dueOn: IsoDate;
  /** Calendar days from `on` to the last day (0 on the last day itself; negative once passed). */
  daysLeft: number;
  /** `on` is after the last day. */
  overdue: boolean;
  /** 'Plazo de respuesta: hasta el DD/MM/YYYY (quedan N días)', or 'Plazo vencido' once passed. */
  text: string;
}

/** The deadline as seen on `on` (today for a complaint waiting for its answer, the answer's date once answered). */
export function complaintDeadline(dueOn: IsoDate, on: IsoDate): ComplaintDeadline {
  const daysLeft = daysBetweenIso(on, dueOn);
  const overdue = daysLeft < 0;
  return { dueOn, daysLeft, overdue, text: overdue ? 'Plazo vencido' : deadlineText(dueOn, daysLeft) };
}

function deadlineText(dueOn: IsoDate, daysLeft: number): string {
  const left = daysLeft === 1 ? 'queda 1 día' : `quedan ${daysLeft} días`;
  return `Plazo de respuesta: hasta el ${formatIsoDate(dueOn)} (${left})`;
}
