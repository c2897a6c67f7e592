import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanDefinitions, loans } from '../../src/server/db/schema/index.ts';
import { findDefinitionById, findDefinitionInForce } from '../../src/server/modules/loan/index.ts';
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
  t = await createTestApp({ rateLimit: false, now: NOW });
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

  it('a new price is a new version, in force from its date; the old one stays for the loans priced by it', async () => {
    // A far-future date, so that no other test of a shared database meets this version.
    const from = new Date('2099-01-01T00:00:00Z');
    const [row] = await t.db
      .insert(loanDefinitions)
      .values({
        code: 'mini',
        version: 2,
        product: 'mini',
        name: 'Minipréstamo',
        minAmountCents: 10000,
        maxAmountCents: 80000,
        amountStepCents: 5000,
        dailyRateBasisPoints: 60,
        defaultTermDays: 20,
        firstLoanFreeMaxCents: 30000,
        exampleAmountCents: 30000,
        exampleTermDays: 20,
        validFrom: from,
      })
      .returning({ id: loanDefinitions.id });
    try {
      expect(await findDefinitionInForce(t.db, 'mini', new Date(from.getTime() - 1))).toEqual(
        BUILT_IN_DEFINITIONS.mini,
      );
      expect(await findDefinitionInForce(t.db, 'mini', from)).toMatchObject({
        id: row!.id,
        version: 2,
        dailyRateBasisPoints: 60,
        maxAmountCents: 80000,
      });
      expect(await findDefinitionInForce(t.db, 'installment', from)).toEqual(BUILT_IN_DEFINITIONS.installment);
    } finally {
      await t.db.delete(loanDefinitions).where(eq(loanDefinitions.id, row!.id));
    }
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
