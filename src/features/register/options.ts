import type { SelectOption } from '../../lib/ui/Select.tsx';
import { formatMessage } from '../../shared/messages.ts';
import { formatWholeEuros } from '../../shared/money.ts';
import { employmentStatuses, monthlyIncomeOptions, type MonthlyIncome } from '../../shared/statuses.ts';
import { EMPLOYMENT_STATUS_LABELS, INCOME_TEXTS } from './texts.ts';

/** The employment status select: the nine statuses of the spec, labelled in Spanish. */
export const employmentStatusOptions: readonly SelectOption[] = employmentStatuses.map((status) => ({
  value: status,
  label: EMPLOYMENT_STATUS_LABELS[status],
}));

/** Whole euros as the spec shows money, without decimals: 3000 → '3.000 €'. */
const euros = (amount: number): string => formatWholeEuros(amount);

/** The highest income option means "over 3.000 €" (first document §3). */
const OVER_OPTION = monthlyIncomeOptions[monthlyIncomeOptions.length - 1];
const OVER_FROM = monthlyIncomeOptions[monthlyIncomeOptions.length - 2] ?? 0;

export function monthlyIncomeLabel(option: MonthlyIncome): string {
  if (option === 0) return INCOME_TEXTS.none;
  if (option === OVER_OPTION) return formatMessage(INCOME_TEXTS.over, { amount: euros(OVER_FROM) });
  return formatMessage(INCOME_TEXTS.upTo, { amount: euros(option) });
}

/** The monthly income select: 0 (no income), up to 500 € … up to 3.000 €, over 3.000 € (values as strings). */
export const monthlyIncomeSelectOptions: readonly SelectOption[] = monthlyIncomeOptions.map((option) => ({
  value: String(option),
  label: monthlyIncomeLabel(option),
}));
