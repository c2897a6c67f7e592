import { eq } from 'drizzle-orm';
import type { CardStatus } from '../../../src/shared/card-statuses.ts';
import { cards, payments } from '../../../src/server/db/schema/index.ts';
import type { TestApp } from './app.ts';
import type { LoggedIn } from './customers.ts';

/**
 * Payment test helpers: a card stored as the sandbox gateway would have tokenised it (no number ever: the masked
 * form of the made-up 4242… number), PayLoanPost and the Loan view through the app.
 */

export async function storeCard(
  t: Pick<TestApp, 'db'>,
  customerId: number,
  options: { challenge?: boolean; status?: CardStatus; token?: string } = {},
): Promise<number> {
  const token = options.token ?? `sbx_tok_test${customerId}${options.challenge ? '.challenge' : ''}`;
  const [row] = await t.db
    .insert(cards)
    .values({
      customerId,
      maskedCardNumber: '424242******4242',
      brand: 'visa',
      expiryMonth: 12,
      expiryYear: 2030,
      cardStatus: options.status ?? 'Valid',
      isActive: true,
      providerToken: token,
    })
    .returning({ id: cards.id });
  return row!.id;
}

export interface PayBody {
  loanId: number;
  paymentOption: 'firstNotPaidInstallment' | 'pendingInstallments' | 'closeLoan';
  installmentId?: number | null;
  /** The instalments the customer was shown as what the payment pays. */
  installmentIds?: number[];
  /** Euros, as the wire has them. */
  amount: number;
  cardId: number;
}

export const payLoan = (t: Pick<TestApp, 'app'>, who: LoggedIn, body: PayBody, key = `pay-${Math.random()}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/loan/payloan',
    headers: { ...who.headers, 'idempotency-key': key },
    payload: body,
  });

export async function loansOf(t: Pick<TestApp, 'app'>, who: LoggedIn) {
  const response = await t.app.inject({ url: '/api/loan/customerAllLoans', headers: who.headers });
  if (response.statusCode !== 200) throw new Error(`customerAllLoans answered ${response.statusCode}`);
  return response.json().data as Array<{
    id: number;
    status: string;
    earlyClosureAmount: number;
    overdueDay: number;
    installments: Array<{
      id: number;
      status: string;
      expectedDate: string;
      totalPayment: number;
      payments: Array<{ type: string; amount: number; paymentSource: string; paymentDate: string }>;
    }>;
  }>;
}

export const paymentsOfLoan = (t: Pick<TestApp, 'db'>, loanId: number) =>
  t.db.select().from(payments).where(eq(payments.loanId, loanId)).orderBy(payments.id);

export const errorName = (response: { json: () => unknown }) =>
  (response.json() as { errors: Array<{ code: { name: string } }> }).errors[0]!.code.name;
