import type { IsoDate } from '../../../shared/calendar.ts';
import { LOAN_REQUEST } from '../../../shared/loan-constants.ts';
import { computePaymentDates } from '../../../shared/loan/payment-dates.ts';

/** The payment dates of a first repayment date: monthly on that day, the stored flow's salary rule. */
export function paymentDatesFrom(firstRepaymentDate: IsoDate): IsoDate[] {
  return computePaymentDates({
    nextSalaryDate: firstRepaymentDate,
    calculateNextXDates: LOAN_REQUEST.salaryDatesComputed,
    paymentFrequencyLogical: 'specificDate',
  });
}
