import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRecords, installments, loanDiscounts, payments } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';
import { codeOf, dataOf, expectForbidden, send, UNKNOWN_ID } from './helpers/customer-file.ts';
import { errorsOf } from './helpers/membership-login.ts';
import { loansOf, payLoan, storeCard } from './helpers/payments.ts';
import { createRunningLoan, INSTALLMENT_CENTS } from './helpers/running-loans.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * Discounts (issue 27 «Loans» `discount` POST/DELETE; docs/rules/payments.md "Discounts"): an agent lowers an unpaid
 * instalment from its interest; the customer's Loan view and early closure show the lower figures at once; a retried
 * grant discounts once; too much, a paid instalment and a payment in progress are refused; a discount is taken back
 * while the instalment is unpaid, not after it was paid.
 */

const NOW = '2026-11-24T10:00:00Z';
const TODAY = '2026-11-24';
const INTEREST_CENTS = INSTALLMENT_CENTS - 20_833;
let t: TestApp;
let agent: StaffLoggedIn;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
  agent = await staffSession(t, 'cam');
});
afterAll(() => t.close());

const grant = (installmentId: number, amount: number, key: string = randomUUID(), who = agent) =>
  send(t, 'POST', '/api/loan/discount', who, { installmentId, amount, reason: 'Compensación por una incidencia', key });
const remove = (discountId: number) =>
  send(t, 'DELETE', `/api/loan/discount/${discountId}`, agent, { reason: 'Concedido por error' });
const installmentRow = async (id: number) =>
  (await t.db.select().from(installments).where(eq(installments.id, id)))[0]!;

/** A customer whose second instalment is due today (the first paid). */
async function borrower() {
  const who = await login(t, { status: 'securityChecked' });
  const loan = await createRunningLoan(t, who.customer.id, { nextDue: TODAY, paid: 1, count: 3 });
  return { who, loan };
}

describe('DiscountPost', () => {
  it("lowers the instalment from its interest: the customer's Loan view and early closure follow; audited", async () => {
    const { who, loan } = await borrower();
    const before = (await loansOf(t, who))[0]!;
    const discount = dataOf(await grant(loan.next.id, 50)) as { id: number };
    expect(discount).toMatchObject({
      loanId: loan.loanId,
      installmentId: loan.next.id,
      amount: 50,
      reason: 'Compensación por una incidencia',
      createdBy: { id: agent.staff.id, fullName: expect.any(String) },
      removedAt: null,
    });
    expect(await installmentRow(loan.next.id)).toMatchObject({
      interestCents: INTEREST_CENTS - 5_000,
      totalCents: INSTALLMENT_CENTS - 5_000,
      baseCents: 20_833,
    });
    const after = (await loansOf(t, who))[0]!;
    expect(after.installments.find((one) => one.id === loan.next.id)!.totalPayment).toBe(249.99);
    expect(after.earlyClosureAmount).toBeCloseTo(before.earlyClosureAmount - 50, 2);
    const mine = (await t.db.select().from(auditRecords).where(eq(auditRecords.loanId, loan.loanId)))[0]!;
    expect(mine).toMatchObject({
      callName: 'DiscountPost',
      entityId: String(discount.id),
      before: { interestCents: INTEREST_CENTS, totalCents: INSTALLMENT_CENTS },
      after: { interestCents: INTEREST_CENTS - 5_000, totalCents: INSTALLMENT_CENTS - 5_000, discountId: discount.id },
    });
    const list = dataOf(await send(t, 'GET', `/api/loan/discounts/${loan.loanId}`, agent)) as Array<{ id: number }>;
    expect(list.map((one) => one.id)).toEqual([discount.id]);
  });

  it('the same key again answers the same discount and discounts once; another grant under it is refused', async () => {
    const { loan } = await borrower();
    const key = randomUUID();
    const [first, second] = await Promise.all([grant(loan.next.id, 20, key), grant(loan.next.id, 20, key)]);
    expect((dataOf(first) as { id: number }).id).toBe((dataOf(second) as { id: number }).id);
    expect(await t.db.select().from(loanDiscounts).where(eq(loanDiscounts.loanId, loan.loanId))).toHaveLength(1);
    expect((await installmentRow(loan.next.id)).interestCents).toBe(INTEREST_CENTS - 2_000);
    expect(codeOf(await grant(loan.next.id, 30, key))).toBe('DiscountKeyReused');
  });

  it('refuses more than the interest, a paid instalment, a payment in progress; 404 and 403', async () => {
    const { who, loan } = await borrower();
    const [tooMuch] = errorsOf(await grant(loan.next.id, 91.67), 422);
    expect(tooMuch).toMatchObject({ code: { name: 'DiscountTooLarge', value: 2110 } });
    expect(tooMuch!.message).toBe(
      'El descuento puede ser de 91,66\u00a0€ como mucho: los intereses de la cuota, dejando algo por pagar.',
    );
    expect(codeOf(await grant(loan.installmentIds[0]!, 10))).toBe('StaffInstallmentNotUnpaid');
    const [pending] = await t.db
      .insert(payments)
      .values({
        customerId: who.customer.id,
        loanId: loan.loanId,
        paymentOption: 'firstNotPaidInstallment',
        source: 'debit-card',
        amountCents: INSTALLMENT_CENTS,
        status: 'pending',
      })
      .returning({ id: payments.id });
    expect(errorsOf(await grant(loan.next.id, 10), 409)[0]!.code.name).toBe('RequestInProgress');
    await t.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, pending!.id));
    expect(errorsOf(await grant(UNKNOWN_ID, 10), 404)[0]!.code.name).toBe('StaffInstallmentNotFound');
    expectForbidden(await grant(loan.next.id, 10, randomUUID(), await staffSession(t, 'collectioncompany')));
    expect((await installmentRow(loan.next.id)).interestCents).toBe(INTEREST_CENTS);
  });
});

describe('DiscountDelete', () => {
  it('takes a discount back while the instalment is unpaid; once it is paid, the discount stays', async () => {
    const { who, loan } = await borrower();
    const standing = dataOf(await grant(loan.next.id, 10)) as { id: number };
    const removed = dataOf(await remove(standing.id));
    expect(removed).toMatchObject({
      id: standing.id,
      removedBy: { id: agent.staff.id },
      removedReason: 'Concedido por error',
    });
    expect(await installmentRow(loan.next.id)).toMatchObject({
      interestCents: INTEREST_CENTS,
      totalCents: INSTALLMENT_CENTS,
    });
    // Removed already: the discount as it is, nothing moves.
    expect(dataOf(await remove(standing.id))).toEqual(removed);
    expect((await installmentRow(loan.next.id)).totalCents).toBe(INSTALLMENT_CENTS);

    const kept = dataOf(await grant(loan.next.id, 50)) as { id: number };
    const cardId = await storeCard(t, who.customer.id);
    const paid = await payLoan(t, who, {
      loanId: loan.loanId,
      paymentOption: 'firstNotPaidInstallment',
      installmentId: loan.next.id,
      amount: 249.99,
      cardId,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await installmentRow(loan.next.id)).status).toBe('paid');
    expect(codeOf(await remove(kept.id))).toBe('DiscountNotRemovable');
    expect(errorsOf(await remove(UNKNOWN_ID), 404)[0]!.code.name).toBe('StaffDiscountNotFound');
  });
});
