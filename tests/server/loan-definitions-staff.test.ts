import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRecords, loans } from '../../src/server/db/schema/index.ts';
import { miniRepresentativeExample, representativeExample } from '../../src/shared/loan/disclaimer.ts';
import { DEFAULT_LOAN_DEFINITION, MINI_LOAN_DEFINITION } from '../../src/shared/loan/loan-definition.ts';
import { monthlyPaymentDates } from '../../src/shared/loan/payment-dates.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';
import { codeOf, dataOf, expectForbidden, send } from './helpers/customer-file.ts';
import { errorsOf } from './helpers/membership-login.ts';
import { loansOf } from './helpers/payments.ts';
import { createRunningLoan } from './helpers/running-loans.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * The loan definitions in the back office (docs/rules/pricing-and-quotes.md "Loan definitions"; issue 27 «Loans»):
 * a price change is a new version from a moment on — the quotes (the home calculator's call) and new loans follow it
 * at once on this instance, a loan already made keeps its figures — a planned version may be corrected before it
 * takes effect, never after; each change is audited. Its own database: the prices it changes are every test's.
 */

const NOW = '2026-11-24T10:00:00.000Z';
const TOMORROW = '2026-11-25T00:00:00.000Z';
let t: TestApp;
let agent: StaffLoggedIn;

beforeAll(async () => {
  // The catalogue's own max age (30 s): a change must reach the quotes through the invalidation, not by expiry.
  t = await createTestApp({ rateLimit: false, now: NOW, ownDatabase: true });
  agent = await staffSession(t, 'cam');
});
afterAll(() => t.close());

interface Listed {
  definition: { id: number; product: string; version: number; name: string; monthlyRateBasisPoints?: number };
  validFrom: string;
  state: string;
  representativeTae: number;
  loans: number;
}

const list = async () => dataOf(await send(t, 'GET', '/api/loan/getAllLoanDefinitions', agent)) as Listed[];
const create = (body: Record<string, unknown>, who = agent) =>
  send(t, 'POST', '/api/loan/loanDefinition', who, { reason: 'Nueva política de precios', ...body });
const correct = (id: number, body: Record<string, unknown>) =>
  send(t, 'PUT', `/api/loan/loanDefinition/${id}`, agent, { reason: 'Corrección antes de la entrada', ...body });

async function quote() {
  const issueDate = t.clock.now().toISOString().slice(0, 10);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/loan/paymentPlans',
    payload: [{ amount: 2500, issueDate, paymentDates: monthlyPaymentDates(issueDate, 12) }],
  });
  expect(response.statusCode, response.body).toBe(200);
  return (
    response.json() as {
      data: Array<{ loanDefinition: { id: number; version: number }; installments: Array<{ totalPayment: number }> }>;
    }
  ).data[0]!;
}

describe('the loan definitions in the back office', () => {
  it('lists both products’ versions with their state, their representative TAE and the loans they priced', async () => {
    const who = await login(t, { status: 'securityChecked' });
    await createRunningLoan(t, who.customer.id, { nextDue: '2026-12-10', paid: 1 });
    const rows = await list();
    expect(rows.map((row) => [row.definition.product, row.definition.version, row.state])).toEqual([
      ['installment', 1, 'inForce'],
      ['mini', 1, 'inForce'],
    ]);
    expect(rows[0]!.representativeTae).toBe(representativeExample(DEFAULT_LOAN_DEFINITION).taePercent);
    expect(rows[1]!.representativeTae).toBe(miniRepresentativeExample(MINI_LOAN_DEFINITION).taePercent);
    expect(rows[0]!.loans).toBeGreaterThanOrEqual(1);
    expect(dataOf(await send(t, 'GET', `/api/loan/getLoanDefinition/${MINI_LOAN_DEFINITION.id}`, agent))).toEqual(
      rows[1],
    );
  });

  it('a price change from now: the quotes price with it at once, a loan already made keeps its figures', async () => {
    const who = await login(t, { status: 'securityChecked' });
    const made = await createRunningLoan(t, who.customer.id, { nextDue: '2026-12-10', paid: 1 });
    const [loanBefore] = await loansOf(t, who);
    expect((await quote()).installments[0]!.totalPayment).toBe(299.99);

    const created = dataOf(
      await create({ product: 'installment', name: 'Préstamo a plazos', ratePercent: 5, validFrom: NOW }),
    ) as Listed;
    expect(created).toMatchObject({
      definition: { product: 'installment', version: 2, name: 'Préstamo a plazos', monthlyRateBasisPoints: 500 },
      state: 'inForce',
      loans: 0,
    });
    // The amounts, terms and example carry over from version 1.
    expect(created.definition).toMatchObject({ minAmount: 2000, maxAmount: 5000, amountStep: 500 });
    expect(created.representativeTae).toBeLessThan(representativeExample(DEFAULT_LOAN_DEFINITION).taePercent);

    // 2.500 € at 5 % a month in 12: 282,06 €.
    const after = await quote();
    expect(after.loanDefinition).toMatchObject({ id: created.definition.id, version: 2 });
    expect(after.installments[0]!.totalPayment).toBe(282.06);
    expect(
      (await list()).find((row) => row.definition.version === 1 && row.definition.product === 'installment')!.state,
    ).toBe('replaced');

    // The loan made before: its definition and every figure as they were.
    const [loanAfter] = await loansOf(t, who);
    expect(loanAfter).toEqual(loanBefore);
    const [row] = await t.db.select().from(loans).where(eq(loans.id, made.loanId));
    expect(row!.loanDefinitionId).toBe(DEFAULT_LOAN_DEFINITION.id);

    const [record] = await t.db
      .select()
      .from(auditRecords)
      .where(
        and(eq(auditRecords.entityType, 'loanDefinition'), eq(auditRecords.entityId, String(created.definition.id))),
      );
    expect(record).toMatchObject({
      staffUserId: agent.staff.id,
      callName: 'LoanDefinitionPost',
      reason: 'Nueva política de precios',
    });
    expect(record!.before).toMatchObject({ version: 1, monthlyRateBasisPoints: 611 });
    expect(record!.after).toMatchObject({ version: 2, monthlyRateBasisPoints: 500 });
  });

  it('a planned version waits for its date, may be corrected until then, never after; two at once are two versions', async () => {
    const planned = dataOf(
      await create({ product: 'mini', name: 'Minipréstamo', ratePercent: 0.6, validFrom: TOMORROW }),
    ) as Listed;
    expect(planned).toMatchObject({
      state: 'planned',
      definition: { product: 'mini', version: 2, dailyRateBasisPoints: 60 },
    });
    const corrected = dataOf(
      await correct(planned.definition.id, { name: 'Minipréstamo', ratePercent: 0.65, validFrom: TOMORROW }),
    ) as Listed;
    expect(corrected.definition).toMatchObject({ id: planned.definition.id, dailyRateBasisPoints: 65 });

    t.clock.set(new Date('2026-11-25T00:00:01.000Z'));
    // A session of that moment (the earlier one has been idle for hours).
    agent = await staffSession(t, 'cam');
    try {
      expect((await list()).find((row) => row.definition.id === planned.definition.id)!.state).toBe('inForce');
      expect(
        codeOf(await correct(planned.definition.id, { name: 'Minipréstamo', ratePercent: 0.5, validFrom: TOMORROW })),
      ).toBe('DefinitionNotPlanned');
      const both = await Promise.all([
        create({ product: 'mini', name: 'Minipréstamo', ratePercent: 0.7, validFrom: '2027-01-01T00:00:00.000Z' }),
        create({ product: 'mini', name: 'Minipréstamo', ratePercent: 0.7, validFrom: '2027-02-01T00:00:00.000Z' }),
      ]);
      expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
      expect(both.map((response) => (dataOf(response) as Listed).definition.version).sort()).toEqual([3, 4]);
    } finally {
      t.clock.set(NOW);
      agent = await staffSession(t, 'cam');
    }
  });

  it('refuses a date in the past, a slip of the decimal point, bad input and unknown ids; not for a collection company', async () => {
    expect(
      codeOf(
        await create({ product: 'installment', name: 'Préstamo', ratePercent: 5, validFrom: '2026-11-01T00:00:00Z' }),
      ),
    ).toBe('DefinitionValidFromPast');
    const tooHigh = await create({ product: 'installment', name: 'Préstamo', ratePercent: 611, validFrom: NOW });
    expect(errorsOf(tooHigh, 422)[0]!.message).toBe(
      'El tipo no puede pasar del 10 % para este producto. Revisa la coma decimal.',
    );
    expect(
      (await create({ product: 'installment', name: 'Préstamo', ratePercent: 5.555, validFrom: NOW })).statusCode,
    ).toBe(400);
    expect(
      (await create({ product: 'installment', name: 'Préstamo', ratePercent: 5, validFrom: NOW, reason: '' }))
        .statusCode,
    ).toBe(400);
    expect(
      errorsOf(await correct(2_000_000, { name: 'Préstamo', ratePercent: 5, validFrom: NOW }), 404)[0]!.code.name,
    ).toBe('LoanDefinitionNotFound');
    const company = await staffSession(t, 'collectioncompany');
    expectForbidden(await send(t, 'GET', '/api/loan/getAllLoanDefinitions', company));
    expectForbidden(
      await create({ product: 'installment', name: 'Préstamo', ratePercent: 5, validFrom: NOW }, company),
    );
  });
});
