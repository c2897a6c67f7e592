import { createHash } from 'node:crypto';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, todayInMadrid } from '../../src/shared/dates.ts';
import { verifyPassword } from '../../src/server/auth/password.ts';
import {
  appSecrets,
  cards,
  cardStatusHistory,
  credentials,
  customerAddresses,
  customers,
  customerStatusHistory,
  installments,
  loans,
  loanStatusHistory,
  repayTokens,
} from '../../src/server/db/schema/index.ts';
import { DEMO_PIN, demoCustomers, demoLogins, withCheckLetter } from '../../src/server/db/seed/demo-customers.ts';
import { demoRepayToken } from '../../src/server/db/seed/demo-links.ts';
import { SEED_MARKER, seedDemoData } from '../../src/server/db/seed/seed.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
const phones = demoCustomers.map((demo) => demo.phone);

beforeAll(async () => {
  t = await createTestApp();
  // On a shared PostgreSQL database an earlier run may have seeded already: that is the idempotency under test.
  await seedDemoData(t.db, t.clock);
});
afterAll(() => t.close());

/** The seeding day (the marker holds the instant), so a database seeded on an earlier day checks out too. */
const seedDay = async () => {
  const [marker] = await t.db.select().from(appSecrets).where(eq(appSecrets.name, SEED_MARKER));
  return todayInMadrid(new Date(marker!.value));
};

const loansOf = async (phone: string) => {
  const [customer] = await t.db.select().from(customers).where(eq(customers.phone, phone));
  const rows = await t.db.select().from(loans).where(eq(loans.customerId, customer!.id)).orderBy(asc(loans.id));
  return Promise.all(
    rows.map(async (loan) => ({
      ...loan,
      installments: await t.db
        .select()
        .from(installments)
        .where(eq(installments.loanId, loan.id))
        .orderBy(asc(installments.number)),
    })),
  );
};

describe('demo data seed (sandbox, first start)', () => {
  it('seeds demo cards masked (first six + last four) with their status history', async () => {
    const rows = await t.db
      .select({ id: cards.id, masked: cards.maskedCardNumber, status: cards.cardStatus })
      .from(cards)
      .innerJoin(customers, eq(customers.id, cards.customerId))
      .where(inArray(customers.phone, phones));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(['411111******1111', '400000******3220']).toContain(row.masked);
      const history = await t.db
        .select({ from: cardStatusHistory.fromStatus, to: cardStatusHistory.toStatus })
        .from(cardStatusHistory)
        .where(eq(cardStatusHistory.cardId, row.id));
      expect(history).toEqual([{ from: null, to: row.status }]);
    }
  });

  it('GET /sandbox/seed answers the seeding instant and its day in Madrid, which the demo loans count from', async () => {
    const [marker] = await t.db.select().from(appSecrets).where(eq(appSecrets.name, SEED_MARKER));
    const response = await t.app.inject({ method: 'GET', url: '/sandbox/seed' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ data: { seededAt: marker!.value, seedDay: await seedDay() } });
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await t.db.select({ id: customers.id }).from(customers).where(inArray(customers.phone, phones));
    expect(await seedDemoData(t.db, t.clock)).toEqual({ seeded: false, customers: 0 });
    const after = await t.db.select({ id: customers.id }).from(customers).where(inArray(customers.phone, phones));
    expect(after).toHaveLength(before.length);
    expect(after).toHaveLength(demoCustomers.length);
  });

  it('has one customer per interesting status, phones 600000001 upward, PIN 1234', async () => {
    expect(phones).toEqual(demoCustomers.map((_, index) => String(600_000_001 + index)));
    const rows = await t.db
      .select()
      .from(customers)
      .where(inArray(customers.phone, phones))
      .orderBy(asc(customers.phone));
    expect(rows.map((row) => row.status)).toEqual([
      'new',
      'preRegistered',
      'registered',
      'systemApproved',
      'securityChecked',
      'securityChecked',
      'declined',
      'externalCollection',
      'securityChecked',
      'securityChecked',
      // The minipréstamo customers: a first-time borrower, 0 % due in 3 days, 0 % 2 days late, an RTB.
      'systemApproved',
      'securityChecked',
      'securityChecked',
      'securityChecked',
    ]);
    for (const row of rows) {
      const [credential] = await t.db.select().from(credentials).where(eq(credentials.customerId, row.id));
      expect(await verifyPassword(DEMO_PIN, credential!.passwordHash), row.phone).toBe(true);
      expect(row.email).toMatch(/^[a-z.]+@example\.com$/);
      expect(row.nationalId).toMatch(/^([XYZ]\d{7}|\d{8})[A-Z]$/);
    }
    expect(rows.find((row) => row.phone === '600000004')?.creditLimitCents).toBe(300_000);
    expect(demoLogins[0]).toEqual({ phone: '600000001', pin: '1234', status: 'new', description: expect.any(String) });
  });

  it('computes DNI and NIE check letters', () => {
    expect(withCheckLetter('12345678')).toBe('12345678Z');
    expect(withCheckLetter('00000000')).toBe('00000000T');
    expect(withCheckLetter('X1234567')).toBe('X1234567L');
    expect(withCheckLetter('Y2736481')).toBe('Y2736481' + 'TRWAGMYFPDXBNJZSQVHLCKE'[12736481 % 23]);
  });

  it('records every customer status change as history, ending in the current status', async () => {
    const rows = await t.db.select().from(customers).where(inArray(customers.phone, phones));
    for (const row of rows) {
      const history = await t.db
        .select()
        .from(customerStatusHistory)
        .where(eq(customerStatusHistory.customerId, row.id))
        .orderBy(asc(customerStatusHistory.id));
      expect(history[0]?.fromStatus).toBeNull();
      expect(history.at(-1)?.toStatus).toBe(row.status);
      history.slice(1).forEach((entry, index) => expect(entry.fromStatus).toBe(history[index]!.toStatus));
    }
  });

  it('gives the securityChecked customer an issued 2.500 € / 12 loan with 3 paid instalments and the next due in 3 days', async () => {
    const today = await seedDay();
    const [previous, current] = await loansOf('600000005');
    expect(previous).toMatchObject({ status: 'repaid', amountCents: 250_000 });
    expect(previous!.installments.every((installment) => installment.status === 'paid')).toBe(true);
    expect(current).toMatchObject({ status: 'issued', amountCents: 250_000, installmentCount: 12 });
    expect(current!.installments).toHaveLength(12);
    expect(current!.installments.map((installment) => installment.status)).toEqual([
      ...Array(3).fill('paid'),
      ...Array(9).fill('notPaid'),
    ]);
    expect(current!.installments[3]!.expectedDate).toBe(addDaysIso(today, 3));
    // The default loan definition: 2.500 € in 12 monthly instalments is about 299,99 € each.
    for (const installment of current!.installments) {
      expect(installment.baseCents + installment.interestCents).toBe(installment.totalCents);
      expect(Math.abs(installment.totalCents - 29_999)).toBeLessThan(1_500);
    }
    expect(current!.installments.reduce((sum, installment) => sum + installment.baseCents, 0)).toBe(250_000);
    const history = await t.db.select().from(loanStatusHistory).where(eq(loanStatusHistory.loanId, current!.id));
    expect(history.map((entry) => entry.toStatus)).toEqual(['requested', 'agreementAssigned', 'issued']);
  });

  it('has an instalment overdue since yesterday, and a collection customer 75 days overdue', async () => {
    const today = await seedDay();
    const [overdue] = await loansOf('600000006');
    const firstUnpaid = overdue!.installments.find((installment) => installment.status === 'notPaid');
    expect(firstUnpaid).toMatchObject({ number: 2, expectedDate: addDaysIso(today, -1) });
    const [collection] = await loansOf('600000008');
    expect(collection!.installments.find((installment) => installment.status === 'notPaid')?.expectedDate).toBe(
      addDaysIso(today, -75),
    );
  });

  it('gives every payment reminder kind a demo customer on the seeding day: due in 3 days, tomorrow, today, since yesterday', async () => {
    const today = await seedDay();
    const firstUnpaidDate = async (phone: string) => {
      const active = (await loansOf(phone)).find((loan) => loan.status === 'issued');
      return active!.installments.find((installment) => installment.status === 'notPaid')?.expectedDate;
    };
    expect(await firstUnpaidDate('600000005')).toBe(addDaysIso(today, 3));
    expect(await firstUnpaidDate('600000009')).toBe(addDaysIso(today, 1));
    expect(await firstUnpaidDate('600000010')).toBe(today);
    expect(await firstUnpaidDate('600000006')).toBe(addDaysIso(today, -1));
  });

  it('gives every demo customer a repay token of documented value demo-<phone>, stored only as its SHA-256, for a year', async () => {
    const [marker] = await t.db.select().from(appSecrets).where(eq(appSecrets.name, SEED_MARKER));
    const seededAt = new Date(marker!.value).getTime();
    const rows = await t.db.select().from(customers).where(inArray(customers.phone, phones));
    for (const row of rows) {
      const token = demoRepayToken(row.phone);
      expect(token).toBe(`demo-${row.phone}`);
      const [stored] = await t.db
        .select()
        .from(repayTokens)
        .where(eq(repayTokens.tokenHash, createHash('sha256').update(token).digest('hex')));
      expect(stored, row.phone).toMatchObject({ customerId: row.id, revokedAt: null });
      expect(stored!.expiresAt.getTime() - seededAt).toBe(365 * 86_400_000);
      const [latestLoan] = await t.db
        .select({ id: loans.id })
        .from(loans)
        .where(eq(loans.customerId, row.id))
        .orderBy(desc(loans.id))
        .limit(1);
      expect(stored!.loanId).toBe(latestLoan?.id ?? null);
    }
    const login = await t.app.inject({ method: 'POST', url: '/api/membership/loginWithRepayToken/demo-600000005' });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({
      data: { customerDetails: { phone: '600000005', status: 'securityChecked' } },
    });
  });
});

describe('demo data seed: home addresses', () => {
  it('gives every demo customer past the address step a home address (CustomerGet shows it), none before it', async () => {
    const rows = await t.db
      .select({ phone: customers.phone, city: customerAddresses.city, postcode: customerAddresses.postcode })
      .from(customers)
      .leftJoin(customerAddresses, eq(customerAddresses.customerId, customers.id))
      .where(inArray(customers.phone, phones));
    for (const demo of demoCustomers) {
      const row = rows.find((candidate) => candidate.phone === demo.phone);
      if (demo.journey.includes('registered'))
        expect(row, demo.phone).toMatchObject({ city: 'Madrid', postcode: '28014' });
      else expect(row?.city ?? null, demo.phone).toBeNull();
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/membership/login',
      payload: { phoneNumber: '600000005', password: DEMO_PIN, rememberMe: false, countryCode: '+34' },
    });
    const { token, customerDetails } = login.json().data;
    const record = await t.app.inject({
      url: '/api/customer/customer',
      headers: { authorization: `Bearer ${token}`, 'x-member-id': String(customerDetails.id) },
    });
    expect(record.statusCode).toBe(200);
    expect(record.json().data.address).toMatchObject({ street: 'Calle de Alcalá', city: 'Madrid', province: 'Madrid' });
  });
});
