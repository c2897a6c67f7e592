import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanDefinitions, loans } from '../../src/server/db/schema/index.ts';
import {
  createDefinitionCatalogue,
  findDefinitionById,
  RETRY_AFTER_FAILURE_MS,
  findDefinitionInForce,
} from '../../src/server/modules/loan/index.ts';
import { monthlyPaymentDates } from '../../src/shared/loan/payment-dates.ts';
import { BUILT_IN_DEFINITIONS, DEFAULT_LOAN_DEFINITION } from '../../src/shared/loan/loan-definition.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { borrower, NOW, requestBody, requestLoan } from './helpers/loan-request.ts';

/**
 * The loan definitions as data (`loan_definitions`, modules/loan/definition-repository.ts): the database holds the
 * two definitions of this build, a price change is a new version in force from its date for new loans only, the
 * table refuses a definition without its product's prices, and a requested loan keeps the id of its definition.
 */

let t: TestApp;
beforeAll(async () => {
  // The quotes read the definitions again on every call here, so that a new version reaches them at once.
  t = await createTestApp({ rateLimit: false, now: NOW, env: { LOAN_DEFINITIONS_MAX_AGE_MS: '0' } });
});
afterAll(() => t.close());

describe('the loan definitions', () => {
  it('are in the database as this build defines them, one per product', async () => {
    const at = new Date(NOW);
    expect(await findDefinitionInForce(t.db, 'installment', at)).toEqual(BUILT_IN_DEFINITIONS.installment);
    expect(await findDefinitionInForce(t.db, 'mini', at)).toEqual(BUILT_IN_DEFINITIONS.mini);
    expect(await findDefinitionById(t.db, BUILT_IN_DEFINITIONS.mini.id)).toEqual(BUILT_IN_DEFINITIONS.mini);
    expect(await findDefinitionById(t.db, 999_999)).toBeNull();
  });

  /** Version 2 of the instalment loan at 5 % a month, valid from a far-future date (no other test meets it). */
  const FROM = new Date('2099-01-01T00:00:00Z');
  async function withVersion2<T>(body: (id: number) => Promise<T>): Promise<T> {
    const [row] = await t.db
      .insert(loanDefinitions)
      .values({
        code: 'standard-monthly',
        version: 2,
        product: 'installment',
        name: 'Préstamo a plazos mensual',
        minAmountCents: 200000,
        maxAmountCents: 600000,
        amountStepCents: 50000,
        monthlyRateBasisPoints: 500,
        minInstallments: 12,
        maxInstallments: 24,
        installmentsStep: 4,
        exampleAmountCents: 250000,
        exampleInstallments: 12,
        validFrom: FROM,
      })
      .returning({ id: loanDefinitions.id });
    try {
      return await body(row!.id);
    } finally {
      await t.db.delete(loanDefinitions).where(eq(loanDefinitions.id, row!.id));
      t.clock.set(NOW);
    }
  }

  it('a new price is a new version, in force from its date; the old one stays for the loans priced by it', async () => {
    await withVersion2(async (id) => {
      expect(await findDefinitionInForce(t.db, 'installment', new Date(FROM.getTime() - 1))).toEqual(
        BUILT_IN_DEFINITIONS.installment,
      );
      expect(await findDefinitionInForce(t.db, 'installment', FROM)).toMatchObject({
        id,
        version: 2,
        monthlyRateBasisPoints: 500,
        maxAmountCents: 600000,
      });
      expect(await findDefinitionInForce(t.db, 'mini', FROM)).toEqual(BUILT_IN_DEFINITIONS.mini);
      expect(await findDefinitionById(t.db, DEFAULT_LOAN_DEFINITION.id)).toEqual(BUILT_IN_DEFINITIONS.installment);
    });
  });

  it('the quotes price with the version in force at their moment', async () => {
    const quote = async () => {
      const issueDate = t.clock.now().toISOString().slice(0, 10);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/loan/paymentPlans',
        payload: [{ amount: 2500, issueDate, paymentDates: monthlyPaymentDates(issueDate, 12) }],
      });
      expect(response.statusCode, response.body).toBe(200);
      return (
        response.json() as { data: { loanDefinition: { id: number }; installments: { totalPayment: number }[] }[] }
      ).data[0]!;
    };
    await withVersion2(async (id) => {
      t.clock.set(new Date(FROM.getTime() - 86_400_000));
      const before = await quote();
      expect(before.loanDefinition.id).toBe(DEFAULT_LOAN_DEFINITION.id);
      expect(before.installments[0]!.totalPayment).toBe(299.99);
      t.clock.set(FROM);
      const after = await quote();
      expect(after.loanDefinition).toMatchObject({ id, monthlyRateBasisPoints: 500, maxAmount: 6000 });
      // 2.500 € at 5 % a month in 12: 2500 × 0,05 / (1 − 1,05^−12) = 282,06 €.
      expect(after.installments[0]!.totalPayment).toBe(282.06);
    });
  });

  it('the catalogue keeps the rows for its max age, then reads them again once', async () => {
    let elapsed = 0;
    const catalogue = createDefinitionCatalogue({ db: t.db, maxAgeMs: 1_000, elapsedMs: () => elapsed });
    const first = catalogue.inForce('installment', FROM);
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toEqual(BUILT_IN_DEFINITIONS.installment);
    await withVersion2(async (id) => {
      elapsed = 999;
      // Fresh rows answer at once, without the database: the new version is not seen yet.
      expect(catalogue.inForce('installment', FROM)).toEqual(BUILT_IN_DEFINITIONS.installment);
      elapsed = 1_000;
      const reread = catalogue.inForce('installment', FROM);
      expect(reread).toBeInstanceOf(Promise);
      expect(await reread).toMatchObject({ id, version: 2 });
      expect(catalogue.inForce('installment', new Date(FROM.getTime() - 1))).toEqual(BUILT_IN_DEFINITIONS.installment);
      expect(catalogue.inForce('mini', FROM)).toEqual(BUILT_IN_DEFINITIONS.mini);
    });
  });

  it('the quotes go on with the rows read before when a read fails (logged), and ask again after a pause', async () => {
    let elapsed = 0;
    let failing = false;
    const warnings: string[] = [];
    // The database as the catalogue sees it: the real one, or one that refuses every query.
    const db = new Proxy(t.db, {
      get: (target, key, receiver) =>
        failing && key === 'select'
          ? () => {
              throw new Error('connection lost');
            }
          : Reflect.get(target, key, receiver),
    });
    const catalogue = createDefinitionCatalogue({
      db,
      maxAgeMs: 30_000,
      elapsedMs: () => elapsed,
      log: { warn: (_object, message) => warnings.push(message) },
    });
    expect(await catalogue.inForce('mini', FROM)).toEqual(BUILT_IN_DEFINITIONS.mini);
    failing = true;
    elapsed = 30_000;
    expect(await catalogue.inForce('mini', FROM)).toEqual(BUILT_IN_DEFINITIONS.mini);
    expect(warnings).toEqual(['loan definitions: the read failed, the quotes use the rows read before']);
    // Not asked again on every quote: served at once until the pause is over, then read again.
    elapsed = 30_000 + RETRY_AFTER_FAILURE_MS - 1;
    expect(catalogue.inForce('mini', FROM)).toEqual(BUILT_IN_DEFINITIONS.mini);
    elapsed = 30_000 + RETRY_AFTER_FAILURE_MS;
    failing = false;
    const reread = catalogue.inForce('mini', FROM);
    expect(reread).toBeInstanceOf(Promise);
    expect(await reread).toEqual(BUILT_IN_DEFINITIONS.mini);
    expect(warnings).toHaveLength(1);
    // Without rows read before, a failed read fails the quote.
    failing = true;
    const empty = createDefinitionCatalogue({ db, maxAgeMs: 1_000, elapsedMs: () => 0 });
    await expect(empty.inForce('mini', FROM)).rejects.toThrow('connection lost');
  });

  it('refuses a definition without its product’s prices, an unknown product, and a second row of a version', async () => {
    const base = {
      code: 'broken',
      version: 1,
      name: 'Roto',
      minAmountCents: 10000,
      maxAmountCents: 60000,
      amountStepCents: 5000,
      exampleAmountCents: 30000,
      validFrom: new Date('2099-01-01T00:00:00Z'),
    };
    const refused = async (values: typeof loanDefinitions.$inferInsert) => {
      const error = await t.db
        .insert(loanDefinitions)
        .values(values)
        .then(() => null)
        .catch((caught: unknown) => caught);
      expect(error, JSON.stringify(values)).toBeInstanceOf(Error);
    };
    await refused({ ...base, product: 'mini', defaultTermDays: 20, firstLoanFreeMaxCents: 0, exampleTermDays: 20 });
    await refused({ ...base, product: 'installment', monthlyRateBasisPoints: 611, exampleInstallments: 12 });
    await refused({ ...base, product: 'weekly' as never, dailyRateBasisPoints: 75 });
    await refused({
      ...base,
      product: 'mini',
      minAmountCents: 70000,
      dailyRateBasisPoints: 75,
      defaultTermDays: 20,
      firstLoanFreeMaxCents: 0,
      exampleTermDays: 20,
    });
    await refused({
      ...base,
      code: 'mini',
      product: 'mini',
      dailyRateBasisPoints: 75,
      defaultTermDays: 20,
      firstLoanFreeMaxCents: 0,
      exampleTermDays: 20,
    });
  });

  it('a requested loan keeps the id of the definition it was priced by, and is not interest-free', async () => {
    const who = await borrower(t);
    const response = await requestLoan(t, who, requestBody(who));
    expect(response.statusCode, response.body).toBe(200);
    const loanId = response.json().data.journey.loanDetails.loanId as number;
    const [loan] = await t.db.select().from(loans).where(eq(loans.id, loanId));
    expect(loan).toMatchObject({ loanDefinitionId: DEFAULT_LOAN_DEFINITION.id, interestFree: false });
  });
});
