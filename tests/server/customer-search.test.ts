import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCustomerSchema, type CustomerSearchItem } from '../../src/shared/api/customer-staff.ts';
import { normalizeForSearch } from '../../src/shared/search-text.ts';
import { customers } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createCustomer, uniquePhone } from './helpers/customers.ts';
import { errorsOf } from './helpers/membership-login.ts';
import { createRunningLoan } from './helpers/running-loans.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * The staff's customer search and the customer's record (docs/backoffice.md §5): each kind of query finds its
 * customer by its own index, names match word by word with accents and case ignored (the database's `search_name`
 * and `normalizeForSearch` agree), pages count, and a collection company's user sees only their company's customers —
 * anyone else is a 404, as an unknown id.
 */

let t: TestApp;
let agent: StaffLoggedIn;
let company: StaffLoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  agent = await staffSession(t, 'cam');
  company = await staffSession(t, 'collectioncompany');
});
afterAll(() => t.close());

/** Letters no other test's customer has, so a name search here finds only this file's customers. */
const tag = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(0, 26)))
    .join('')
    .replace(/^./, (first) => first.toUpperCase());

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const uniqueDni = () => {
  const number = randomInt(10_000_000, 99_999_999);
  return `${number}${DNI_LETTERS[number % 23]}`;
};

async function search(query: string, who: StaffLoggedIn = agent, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/customer/search',
    headers: { ...who.headers, 'content-type': 'application/json' },
    payload: { query, ...extra },
  });
}

async function found(query: string, who: StaffLoggedIn = agent, extra: Record<string, unknown> = {}) {
  const response = await search(query, who, extra);
  expect(response.statusCode, response.body).toBe(200);
  return (
    response.json() as {
      data: { items: CustomerSearchItem[]; total: number; totalCapped: boolean; searchedBy: string; page: number };
    }
  ).data;
}

describe('CustomerSearchPost', () => {
  it('keeps search_name folded exactly as normalizeForSearch folds a query', async () => {
    const names = [
      ['José  María', 'Núñez Peña'],
      ['ÁNGELES', 'Güell  Ibáñez'],
      ['Çelia', 'Òscar Ïñigo'],
    ];
    for (const [firstName, lastName] of names) {
      const customer = await createCustomer(t, { firstName, lastName });
      const [row] = await t.db
        .select({ searchName: customers.searchName })
        .from(customers)
        .where(eq(customers.id, customer.id));
      expect(row!.searchName).toBe(normalizeForSearch(`${firstName} ${lastName}`));
    }
    expect(normalizeForSearch(' José  María Núñez ')).toBe('jose maria nunez');
  });

  it('finds a customer by phone (with +34 and spaces), DNI in lower case, e-mail in capitals and reference', async () => {
    const phone = uniquePhone();
    const nationalId = uniqueDni();
    const customer = await createCustomer(t, { phone, nationalId, email: `Ana.${phone}@Example.com` });
    const spaced = `+34 ${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`;
    for (const [query, kind] of [
      [spaced, 'phone'],
      [nationalId.toLowerCase(), 'nationalId'],
      [`ANA.${phone}@EXAMPLE.COM`, 'email'],
    ] as const) {
      const result = await found(query);
      expect(result.searchedBy, query).toBe(kind);
      expect(
        result.items.map((item) => item.id),
        query,
      ).toContain(customer.id);
    }
    const [row] = await t.db
      .select({ referenceCode: customers.referenceCode })
      .from(customers)
      .where(eq(customers.id, customer.id));
    // The test customers' codes are `T<phone>` (a name search); the app's own are `PR` + 10 hex digits.
    const reference = `PR${randomInt(0, 2 ** 40)
      .toString(16)
      .toUpperCase()
      .padStart(10, '0')}`;
    await t.db.update(customers).set({ referenceCode: reference }).where(eq(customers.id, customer.id));
    expect(row!.referenceCode).toBe(`T${phone}`);
    const byReference = await found(reference.toLowerCase());
    expect(byReference).toMatchObject({ searchedBy: 'referenceCode', total: 1 });
    expect(byReference.items[0]!.id).toBe(customer.id);
  });

  it('finds the customer of a loan id, and a customer by id', async () => {
    const customer = await createCustomer(t);
    const loan = await createRunningLoan(t, customer.id, { nextDue: '2026-12-15' });
    const byLoan = await found(String(loan.loanId));
    expect(byLoan.searchedBy).toBe('number');
    expect(byLoan.items.map((item) => item.id)).toContain(customer.id);
    const byId = await found(String(customer.id));
    expect(byId.items.map((item) => item.id)).toContain(customer.id);
  });

  it('finds names word by word, in any order, accents and case ignored, in alphabetical order', async () => {
    const family = tag();
    const first = await createCustomer(t, { firstName: 'Íñigo', lastName: `${family} Martínez` });
    const second = await createCustomer(t, { firstName: 'Mar', lastName: `Ruiz ${family}` });
    const other = await createCustomer(t, { firstName: 'Íñigo', lastName: 'Otro Apellido' });
    const result = await found(`${family.toUpperCase()} inigo`);
    expect(result).toMatchObject({ searchedBy: 'name', total: 1 });
    expect(result.items.map((item) => item.id)).toEqual([first.id]);
    const both = await found(family.toLowerCase());
    expect(both.items.map((item) => item.id).sort()).toEqual([first.id, second.id].sort());
    expect(both.items.map((item) => item.id)).not.toContain(other.id);
    // Alphabetical by the folded name: 'inigo …' before 'mar ruiz …'.
    const ordered = await found(`mar ${family}`);
    expect(ordered.items.map((item) => item.id)).toEqual([first.id, second.id]);
  });

  it('pages: page 2 of 1 per page holds the second, and totals count all', async () => {
    const family = tag();
    for (const firstName of ['Ana', 'Berta', 'Carla']) await createCustomer(t, { firstName, lastName: family });
    const page1 = await found(family, agent, { pageSize: 10 });
    expect(page1.total).toBe(3);
    const page2 = await found(family, agent, { pageSize: 10, page: 2 });
    expect(page2.items).toEqual([]);
    expect(errorsOf(await search(family, agent, { pageSize: 3 }), 400)[0]!.message).toContain('10, 25, 50, 100');
  });

  it('refuses a name of fewer than 3 letters with a Spanish message; punctuation is no letter', async () => {
    for (const query of ['a b', '%%%', "_'-"]) {
      const [error] = errorsOf(await search(query), 422);
      expect(error, query).toMatchObject({
        code: { name: 'SearchTooShort' },
        message: 'Para buscar por nombre escribe al menos 3 letras.',
      });
    }
  });

  it('matches the beginning of each word: a name being typed finds it, letters from its middle do not', async () => {
    const family = tag();
    const customer = await createCustomer(t, { firstName: 'Begoña', lastName: `${family} Ibáñez` });
    const typed = await found(`bego ${family.slice(0, 4)}`);
    expect(typed.items.map((item) => item.id)).toEqual([customer.id]);
    expect((await found(`${family.slice(2)} begona`)).items).toEqual([]);
    expect((await found(`BEGOÑA, ${family}-IBÁÑEZ`)).items.map((item) => item.id)).toEqual([customer.id]);
  });

  it("splits a name's words as a query's: hyphens and apostrophes part words, one letter begins a word", async () => {
    const family = tag();
    const customer = await createCustomer(t, { firstName: 'Jo', lastName: `${family}-Lorca O'Neill` });
    for (const query of [`lor ${family}`, `j o nei ${family}`, `${family} LORCA-O'NEILL`]) {
      expect(
        (await found(query)).items.map((item) => item.id),
        query,
      ).toEqual([customer.id]);
    }
    expect((await found(`${family} lorcao`)).items, 'no word begins with lorcao').toEqual([]);
  });

  it("keeps a collection company's user to their company's customers", async () => {
    const family = tag();
    const assigned = await createCustomer(t, {
      firstName: 'Asignada',
      lastName: family,
      collectionCompanyId: company.staff.collectionCompanyId,
    });
    const notAssigned = await createCustomer(t, { firstName: 'Ajena', lastName: family });
    expect((await found(family, company)).items.map((item) => item.id)).toEqual([assigned.id]);
    expect((await found(family, agent)).items.map((item) => item.id).sort()).toEqual(
      [assigned.id, notAssigned.id].sort(),
    );
    expect((await found(notAssigned.phone, company)).items).toEqual([]);
  });
});

describe('StaffCustomerGet', () => {
  const get = (customerId: number, who: StaffLoggedIn = agent) =>
    t.app.inject({ method: 'GET', url: `/api/customer/customer/${customerId}`, headers: who.headers });

  it("answers the customer's record, money in euros", async () => {
    const customer = await createCustomer(t, { firstName: 'Lucía', creditLimitCents: 120_000, miniLimitCents: 30_000 });
    const response = await get(customer.id);
    expect(response.statusCode, response.body).toBe(200);
    const record = staffCustomerSchema.parse(response.json().data);
    expect(record).toMatchObject({ id: customer.id, firstName: 'Lucía', blocked: false, address: null });
    expect(response.json().data).toMatchObject({ creditLimit: 1200, miniLimit: 300, monthlyIncome: 1500 });
  });

  it("answers 404 for an unknown customer, and for another company's customer to a collection company", async () => {
    expect(errorsOf(await get(2_000_000_000), 404)[0]!.code.name).toBe('StaffCustomerNotFound');
    const mine = await createCustomer(t, { collectionCompanyId: company.staff.collectionCompanyId });
    const theirs = await createCustomer(t);
    expect((await get(mine.id, company)).statusCode).toBe(200);
    const refused = await get(theirs.id, company);
    expect(errorsOf(refused, 404)[0]).toMatchObject({
      code: { name: 'StaffCustomerNotFound', value: 2007 },
      message: 'No hemos encontrado ese cliente.',
    });
  });
});
