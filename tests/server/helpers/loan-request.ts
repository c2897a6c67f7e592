import { randomUUID } from 'node:crypto';
import { bankAccounts, cards, creditDecisions } from '../../../src/server/db/schema/index.ts';
import { expectedPaymentDates } from '../../../src/server/modules/loan/index.ts';
import type { CardStatus } from '../../../src/shared/card-statuses.ts';
import type { TestApp } from './app.ts';
import { login, type LoggedIn } from './customers.ts';

/**
 * Customers ready to request a loan (systemApproved, a limit, an active account, maybe a card) and the request
 * itself, for the RequestLoanPost tests and the bench. The clock is fixed at NOW: Tuesday 24 November 2026, 11:00
 * in Madrid, so the first repayment window is 30/11/2026 … 28/12/2026 (25/12 is Navidad) with 1/12 the default.
 */

export const NOW = '2026-11-24T10:00:00Z';
export const FIRST_DATE = '2026-12-01';

let ibanSequence = 0;

export interface Borrower extends LoggedIn {
  accountId: number;
  cardId: number | null;
}

export async function borrower(
  t: Pick<TestApp, 'db' | 'clock' | 'secrets'>,
  options: {
    limitEuros?: number;
    /** The minipréstamo's limit, 300 € (the rule engine's starting limit) by default. */
    miniLimitEuros?: number;
    card?: CardStatus | null;
    accountStatus?: string;
    customer?: Parameters<typeof login>[1];
  } = {},
): Promise<Borrower> {
  const { limitEuros = 3000, miniLimitEuros = 300, card = 'Valid', accountStatus = 'active' } = options;
  const who = await login(t, {
    status: 'systemApproved',
    creditLimitCents: limitEuros * 100,
    miniLimitCents: miniLimitEuros * 100,
    ...options.customer,
  });
  ibanSequence += 1;
  const [account] = await t.db
    .insert(bankAccounts)
    .values({
      customerId: who.customer.id,
      iban: `ES00TEST${who.customer.id}${ibanSequence}`,
      bankValue: 'CaixaBank',
      bankCode: '2100',
      holderName: 'Ana Prueba Test',
      source: 'manual',
      status: accountStatus,
    })
    .returning({ id: bankAccounts.id });
  let cardId: number | null = null;
  if (card) {
    const [row] = await t.db
      .insert(cards)
      .values({
        customerId: who.customer.id,
        maskedCardNumber: '411111******1111',
        brand: 'visa',
        expiryMonth: 12,
        expiryYear: 2030,
        cardStatus: card,
        isActive: true,
      })
      .returning({ id: cards.id });
    cardId = row!.id;
  }
  await t.db.insert(creditDecisions).values({
    customerId: who.customer.id,
    outcome: 'systemApproved',
    limitCents: limitEuros * 100,
    rulesVersion: 'test',
    trigger: 'firstAccountLinked',
    inputs: {},
    reasons: [],
  });
  return { ...who, accountId: account!.id, cardId };
}

export function requestBody(who: Borrower, overrides: Record<string, unknown> = {}) {
  const installment = (overrides['installment'] as number | undefined) ?? 12;
  const firstRepaymentDate = (overrides['firstRepaymentDate'] as string | undefined) ?? FIRST_DATE;
  return {
    product: 2500,
    installment,
    firstRepaymentDate,
    accountId: who.accountId,
    cardId: who.cardId,
    acceptCommunications: true,
    paymentDates: expectedPaymentDates(firstRepaymentDate, installment),
    ...overrides,
  };
}

export const requestLoan = (
  t: Pick<TestApp, 'app'>,
  who: Borrower,
  body: Record<string, unknown>,
  key: string = randomUUID(),
  accountId: unknown = body['accountId'],
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/loan/requestLoan?accountId=${String(accountId)}`,
    headers: { ...who.headers, 'idempotency-key': key },
    payload: body,
  });

export const errorName = (response: { json(): unknown }) =>
  (response.json() as { errors?: { code: { name: string } }[] }).errors?.[0]?.code.name;
