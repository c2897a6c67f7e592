import type { ServerResponse } from 'node:http';
import { Route, type InitialEntry } from 'react-router';
import PaymentPage from '../../../../src/features/payment/PaymentPage.tsx';
import PaymentSuccessPage from '../../../../src/features/payment/PaymentSuccessPage.tsx';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { addDaysIso } from '../../../../src/shared/calendar.ts';
import { todayInMadrid } from '../../../../src/shared/madrid-today.ts';
import type { LoanStatus } from '../../../../src/shared/loan-statuses.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json } from '../../harness/api.ts';
import { renderAtRoute, Where } from '../../harness/render-at-route.tsx';

/** The payment pages on the client test harness (amounts in euros on the wire). */

export { navigationState, where } from '../../harness/render-at-route.tsx';

export const today = todayInMadrid();
export const day = (offset: number) => addDaysIso(today, offset);

export interface WireInstallment {
  id: number;
  status: string;
  expectedDate: string;
  totalPayment: number;
  initialBase: number;
  initialCalculatedInterest: number;
  payments: { type: string; amount: number; paymentSource: string; paymentDate: string }[];
}

/** A loan of 100,10 € instalments on the wire: dates at `offsets` days from today, the first `paidCount` paid. */
export function wireLoan(
  offsets: readonly number[],
  { id = 42, status = 'issued' as LoanStatus, paidCount = 0, earlyClosureAmount = 250.5 } = {},
) {
  const installments: WireInstallment[] = offsets.map((offset, index) => ({
    id: id * 100 + index,
    status: index < paidCount ? 'paid' : 'notPaid',
    expectedDate: day(offset),
    totalPayment: 100.1,
    initialBase: 83.34,
    initialCalculatedInterest: 16.76,
    payments:
      index < paidCount
        ? [
            {
              type: 'firstNotPaidInstallment',
              amount: 100.1,
              paymentSource: 'debit-card',
              paymentDate: `${today}T10:00:00.000Z`,
            },
          ]
        : [],
  }));
  return {
    id,
    loanAmount: 250,
    createdDate: day(-60),
    status,
    earlyClosureAmount,
    installments,
    initialPayment: 100.1,
    firstRepaymentDate: day(offsets[0] ?? 0),
    overdueDay: 0,
    isRestructured: false,
    toAccountId: 7,
  };
}

export const wireCard = (id: number, masked: string, isActive: boolean, cardStatus = 'Valid') => ({
  id,
  cardStatus,
  maskedCardNumber: masked,
  cardSubStatus: null,
  isActive,
  brand: masked.startsWith('4') ? 'visa' : 'other',
});

export const wireCustomer = (additionalField = 'PR000006') => ({
  id: 6,
  status: 'securityChecked',
  memberDetails: memberDetails({ id: 6, status: 'securityChecked' }),
  isRtb: false,
  isBlacklist: false,
  additionalField,
  firstName: 'Lucía',
  lastName: 'García',
  email: 'lucia@example.com',
  phone: '600000006',
  gender: null,
  dni: '12345678Z',
  birthDate: '1990-01-01',
  address: null,
});

/** PayLoanPost's answer (`data`). */
export const paymentResult = (
  status: 'pending' | 'success' | 'failed',
  loan: unknown,
  extra: { message?: string; threeDs?: unknown; paymentId?: number; amount?: number } = {},
) => ({
  data: {
    paymentId: extra.paymentId ?? 501,
    status,
    amount: extra.amount ?? 100.1,
    message: extra.message ?? '',
    loan,
    threeDs: extra.threeDs ?? null,
  },
});

export const paymentStatus =
  (status: 'pending' | 'success' | 'failed', amount = 100.1, message = '') =>
  (response: ServerResponse) =>
    json(response, 200, { data: { paymentId: 501, loanId: 42, status, amount, message } });

/** The page of `entry`; the success page is rendered only with `withSuccessPage` (else `where` shows its path). */
export async function renderPayment(store: AppStore, entry: InitialEntry, { withSuccessPage = false } = {}) {
  await renderAtRoute(
    store,
    entry,
    <>
      <Route path="/payment/pay/:paymentType/:loanId/:installmentId?" element={<PaymentPage />} />
      {withSuccessPage && <Route path="/payment/success/:paidType?" element={<PaymentSuccessPage />} />}
      <Route path="*" element={<Where />} />
    </>,
  );
}
