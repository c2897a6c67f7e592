import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';
import { createRunningLoan, INSTALLMENT_CENTS } from './helpers/running-loans.ts';

/**
 * CustomerLoansByStatusGet / CustomerAllLoansGet: the caller's loans as the spec's Loan entity (the loan request's
 * §4 check for an issued or arranged loan), never another customer's.
 */

const NOW = '2026-11-24T10:00:00.000Z';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
});
afterAll(() => t.close());

const get = (headers: Record<string, string>, url: string) => t.app.inject({ url, headers });

describe('the customer’s loans', () => {
  it('filters by status, counts overdue days from the first unpaid instalment and what is left to close', async () => {
    const who = await login(t, { status: 'securityChecked' });
    const running = await createRunningLoan(t, who.customer.id, { nextDue: '2026-11-21', paid: 2 });
    await createRunningLoan(t, who.customer.id, { nextDue: '2026-01-10', paid: 12, status: 'repaid' });

    const issued = await get(who.headers, '/api/loan/customerLoansByStatus?statuses=issued&statuses=arranged');
    expect(issued.statusCode).toBe(200);
    const [loan, ...others] = issued.json().data;
    expect(others).toEqual([]);
    expect(loan).toMatchObject({
      id: running.loanId,
      status: 'issued',
      loanAmount: 2500,
      overdueDay: -3,
      installments: expect.any(Array),
      isRestructured: false,
    });
    expect(loan.installments).toHaveLength(12);
    expect(loan.installments[0]).toMatchObject({ status: 'paid', payments: [] });
    // Early closure (docs/rules/payments.md): the late instalment whole, the running period's principal + 3 of 30 days'
    // interest, the 8 later ones their principal only.
    const interest = INSTALLMENT_CENTS - 20_833;
    expect(loan.earlyClosureAmount).toBeCloseTo(
      (INSTALLMENT_CENTS + 20_833 + Math.round((interest * 3) / 30) + 8 * 20_833) / 100,
      2,
    );
    expect(loan.initialPayment).toBeCloseTo(INSTALLMENT_CENTS / 100, 2);

    const all = await get(who.headers, '/api/loan/customerAllLoans');
    expect(
      all
        .json()
        .data.map((row: { status: string }) => row.status)
        .sort(),
    ).toEqual(['issued', 'repaid']);
  });

  it('answers only the caller’s loans; an unknown status is a 400 in the error shape', async () => {
    const owner = await login(t, { status: 'securityChecked' });
    await createRunningLoan(t, owner.customer.id, { nextDue: '2026-12-01' });
    const other = await login(t, { status: 'securityChecked' });
    expect((await get(other.headers, '/api/loan/customerAllLoans')).json()).toEqual({ data: [] });
    const bad = await get(other.headers, '/api/loan/customerLoansByStatus?statuses=whatever');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].code).toMatchObject({ name: expect.any(String) });
    expect((await t.app.inject({ url: '/api/loan/customerAllLoans' })).statusCode).toBe(401);
  });
});
