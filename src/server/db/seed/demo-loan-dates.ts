import { addDaysIso as addDays, addMonthsIso as addMonths } from '../../../shared/dates.ts';
import { MINI_LOAN } from '../../../shared/loan-constants.ts';
import type { DemoCustomer, DemoLoan } from './demo-customers.ts';

/** The demo seed's dates and limits, relative to the seeding day (Europe/Madrid). */

/** A timestamp on a calendar date (hour in UTC), for the events the seed records. */
export const at = (date: string, hour = 10) => new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);

/** A demo loan's issue date and payment dates. */
export function loanDates(loan: DemoLoan, today: string) {
  if (loan.mini) {
    const date = addDays(today, loan.firstUnpaidDueInDays);
    return { paymentDates: [date], issueDate: addDays(date, -loan.mini.termDays) };
  }
  if (loan.issuedDaysAgo !== undefined) {
    const issueDate = addDays(today, -loan.issuedDaysAgo);
    const paymentDates = Array.from({ length: loan.installments }, (_, index) => addMonths(issueDate, index + 1));
    return { paymentDates, issueDate };
  }
  const anchorNumber = loan.firstUnpaid ?? loan.installments;
  const anchorDate = addDays(today, loan.firstUnpaidDueInDays);
  const paymentDates = Array.from({ length: loan.installments }, (_, index) =>
    addMonths(anchorDate, index + 1 - anchorNumber),
  );
  const issueDate = addMonths(paymentDates[0] as string, -1);
  return { paymentDates, issueDate };
}

/** The demo customer's minipréstamo limit: as given, else the rule engine's starting 300 € once approved. */
export const miniLimitEuros = (demo: DemoCustomer) =>
  demo.miniLimitEuros ?? (demo.creditLimitEuros > 0 ? MINI_LOAN.firstLoanFreeMax : 0);

/** When the customer's `nth` repaid loan (0: the first) was repaid: its last instalment's date. */
export function repaidOn(demo: DemoCustomer, today: string, nth = 0): Date {
  const repaid = demo.loans.filter((loan) => loan.status === 'repaid')[nth];
  return at(repaid ? (loanDates(repaid, today).paymentDates.at(-1) as string) : today, 12);
}
