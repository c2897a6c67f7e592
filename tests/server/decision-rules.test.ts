import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPANISH_BANKS } from '../../src/shared/banks.ts';
import { isValidSpanishIban } from '../../src/shared/validators/iban.ts';
import { withResourceLock } from '../../src/server/db/locks.ts';
import { bankAccounts, bankTransactions, creditDecisions, customers } from '../../src/server/db/schema/index.ts';
import {
  customerAccountsLock,
  decideOnAccountLinked,
  evaluateCreditRules,
  limitFor,
  RULES_VERSION,
  type DecisionInputs,
} from '../../src/server/modules/decision/index.ts';
import { sandboxAccounts } from '../../src/server/providers/sandbox-open-banking.ts';
import { cccControlDigit, spanishIban } from '../../src/server/providers/spanish-iban.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createCustomer } from './helpers/customers.ts';

/** The credit rule engine (docs/rules/bank-and-cards.md "Credit decision"), table-driven, and the decision's record. */

const base: DecisionInputs = {
  age: 36,
  birthDate: '1990-01-01',
  declaredIncomeCents: 250_000,
  isBlacklist: false,
  evidence: 'transactions',
  salaryCount: 3,
  salaryAverageCents: 210_000,
  today: '2026-11-24',
};

describe('evaluateCreditRules', () => {
  const cases: Array<[string, Partial<DecisionInputs>, 'systemApproved' | 'declined', number, string[]]> = [
    ['salary 2.100 €, declared 2.500 € → basis 2.100 € → 3.000 €', {}, 'systemApproved', 300_000, []],
    [
      'declared lower than the salary: the lower counts',
      { declaredIncomeCents: 150_000 },
      'systemApproved',
      200_000,
      [],
    ],
    [
      'high salary capped at 4.500 €',
      { declaredIncomeCents: 300_100, salaryAverageCents: 500_000 },
      'systemApproved',
      450_000,
      [],
    ],
    ['blacklisted', { isBlacklist: true }, 'declined', 0, ['notBlacklisted']],
    ['17 years old', { age: 17 }, 'declined', 0, ['ageInRange']],
    ['18 years old', { age: 18 }, 'systemApproved', 300_000, []],
    ['75 years old', { age: 75 }, 'systemApproved', 300_000, []],
    ['76 years old', { age: 76 }, 'declined', 0, ['ageInRange']],
    ['declared 500 €', { declaredIncomeCents: 50_000 }, 'declined', 0, ['declaredIncome', 'limitAtLeastMinimum']],
    ['no income declared', { declaredIncomeCents: 0 }, 'declined', 0, ['declaredIncome', 'limitAtLeastMinimum']],
    ['one salary payment', { salaryCount: 1 }, 'declined', 0, ['salaryPayments']],
    [
      'no salary',
      { salaryCount: 0, salaryAverageCents: 0 },
      'declined',
      0,
      ['salaryPayments', 'salaryAmount', 'limitAtLeastMinimum'],
    ],
    ['salary 900 €', { salaryAverageCents: 90_000 }, 'declined', 0, ['salaryAmount', 'limitAtLeastMinimum']],
    ['salary 1.200 € → 1.800 € < 2.000 €', { salaryAverageCents: 120_000 }, 'declined', 0, ['limitAtLeastMinimum']],
    ['salary 1.333,33 € → exactly 2.000 €', { salaryAverageCents: 133_334 }, 'systemApproved', 200_000, []],
    [
      'manual entry: declared 2.000 € → 3.000 € capped at 2.500 €',
      { evidence: 'declaredOnly', salaryCount: 0, salaryAverageCents: 0, declaredIncomeCents: 200_000 },
      'systemApproved',
      250_000,
      [],
    ],
    [
      'manual entry: declared 1.000 € → 1.500 € < 2.000 €',
      { evidence: 'declaredOnly', salaryCount: 0, salaryAverageCents: 0, declaredIncomeCents: 100_000 },
      'declined',
      0,
      ['limitAtLeastMinimum'],
    ],
    [
      'manual entry: declared 1.500 € → 2.000 €',
      { evidence: 'declaredOnly', salaryCount: 0, salaryAverageCents: 0, declaredIncomeCents: 150_000 },
      'systemApproved',
      200_000,
      [],
    ],
  ];

  it.each(cases)('%s', (_title, overrides, outcome, limitCents, failed) => {
    const result = evaluateCreditRules({ ...base, ...overrides });
    expect(result.outcome).toBe(outcome);
    expect(result.limitCents).toBe(limitCents);
    // The minipréstamo's limit on approval is the interest-free first loan's 300 €, whatever the income.
    expect(result.miniLimitCents).toBe(outcome === 'systemApproved' ? 30_000 : 0);
    expect(result.reasons.filter((r) => !r.passed).map((r) => r.rule)).toEqual(failed);
    expect(result.reasons.map((r) => r.rule)).toEqual([
      'notBlacklisted',
      'ageInRange',
      'declaredIncome',
      'salaryPayments',
      'salaryAmount',
      'limitAtLeastMinimum',
    ]);
    expect(result.limitCents % 50_000).toBe(0);
  });

  it('limits are multiples of 500 €, rounded down, capped by the evidence', () => {
    expect(limitFor(0, 'transactions')).toBe(0);
    expect(limitFor(166_666, 'transactions')).toBe(200_000);
    expect(limitFor(166_667, 'transactions')).toBe(250_000);
    expect(limitFor(1_000_000, 'transactions')).toBe(450_000);
    expect(limitFor(1_000_000, 'declaredOnly')).toBe(250_000);
  });

  it('is deterministic', () => {
    expect(evaluateCreditRules(base)).toEqual(evaluateCreditRules({ ...base }));
  });
});

describe('Spanish IBANs of the sandbox', () => {
  it('computes the CCC control digits of known accounts', () => {
    // ES91 2100 0418 45 0200051332 (the usual example): 4 over 0021000418, 5 over 0200051332.
    expect(cccControlDigit('0021000418')).toBe(4);
    expect(cccControlDigit('0200051332')).toBe(5);
    expect(spanishIban('2100', '0418', '0200051332')).toBe('ES9121000418450200051332');
  });

  it('every generated account of every linkable bank is a valid IBAN with 90 days of transactions', () => {
    for (const bank of SPANISH_BANKS.filter((b) => b.linkable)) {
      for (const withSalary of [true, false]) {
        const accounts = sandboxAccounts({
          seed: `seed-${bank.code}-${withSalary}`,
          bankCode: bank.code,
          holderName: 'Ana Prueba',
          today: '2026-03-01',
          withSalary,
        });
        expect(accounts).toHaveLength(withSalary ? 2 : 1);
        for (const account of accounts) {
          expect(isValidSpanishIban(account.iban), account.iban).toBe(true);
          expect(account.iban.slice(4, 8)).toBe(bank.code);
          expect(account.bankName).toBe(bank.name);
          expect(account.transactions.every((tr) => tr.date >= '2025-12-02' && tr.date <= '2026-03-01')).toBe(true);
        }
        const salaries = accounts[0]!.transactions.filter((tr) => tr.isSalary);
        if (withSalary) expect(salaries.length).toBeGreaterThanOrEqual(2);
        else expect(salaries).toEqual([]);
      }
    }
  });
});

describe('decideOnAccountLinked', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: false });
  });
  afterAll(async () => {
    await t?.close();
  });
  const now = new Date('2026-11-24T23:30:00.000Z'); // already 25 November in Madrid

  it('records inputs, reasons, version and trigger; ages and windows are counted on the Madrid day', async () => {
    const customer = await createCustomer(t, { birthDate: '2008-11-25', monthlyIncomeCents: 200_000 });
    const [account] = await t.db
      .insert(bankAccounts)
      .values({
        customerId: customer.id,
        iban: 'ES9121000418450200051332',
        bankValue: 'CaixaBank',
        bankCode: '2100',
        holderName: 'Ana Prueba Test',
        source: 'scrape',
      })
      .returning();
    await t.db.insert(bankTransactions).values(
      ['2026-08-27', '2026-08-28', '2026-09-28', '2026-10-28', '2026-11-26'].map((bookedOn) => ({
        accountId: account!.id,
        bookedOn,
        amountCents: 180_000,
        description: 'NOMINA EMPRESA',
        isSalary: true,
      })),
    );
    const result = await withResourceLock(t.db, customerAccountsLock(customer.id), (tx) =>
      decideOnAccountLinked(tx, { customerId: customer.id, trigger: 'firstAccountLinked', now }),
    );
    // 18 today in Madrid; salaries from 2026-08-28 to 2026-11-25: three of 1.800 € → basis 1.800 € → 2.500 €.
    expect(result).toMatchObject({ outcome: 'systemApproved', limitCents: 250_000, miniLimitCents: 30_000 });
    const [row] = await t.db.select().from(creditDecisions).where(eq(creditDecisions.customerId, customer.id));
    expect(row).toMatchObject({
      rulesVersion: RULES_VERSION,
      trigger: 'firstAccountLinked',
      limitCents: 250_000,
      miniLimitCents: 30_000,
    });
    expect(row!.inputs).toMatchObject({ age: 18, today: '2026-11-25', salaryCount: 3, salaryAverageCents: 180_000 });
    const [after] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(after).toMatchObject({ status: 'systemApproved', creditLimitCents: 250_000, miniLimitCents: 30_000 });

    // Not registered any more: nothing is decided again.
    const again = await withResourceLock(t.db, customerAccountsLock(customer.id), (tx) =>
      decideOnAccountLinked(tx, { customerId: customer.id, trigger: 'firstAccountLinked', now }),
    );
    expect(again).toBeNull();
    expect(await t.db.select().from(creditDecisions).where(eq(creditDecisions.customerId, customer.id))).toHaveLength(
      1,
    );
  });
});
