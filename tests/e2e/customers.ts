import { randomInt, randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { withCheckLetter } from '../../src/server/db/seed/demo-customers.ts';
import { spanishIban } from '../../src/server/providers/spanish-iban.ts';
import { codeFromOutbox, uniqueMobile } from './helpers.ts';
import type { DemoSession } from './session.ts';

/**
 * A customer of the test's own, made through the real API (registration, the SMS code from the sandbox outbox, the
 * address): status `registered`, ready to link a bank. Tests that change a customer's status use one of these, so
 * the seeded demo customers keep the statuses other tests rely on.
 */
export interface OwnCustomer extends DemoSession {
  phone: string;
  password: string;
}

export async function registeredCustomer(
  request: APIRequestContext,
  { monthlyIncome = 2500 }: { monthlyIncome?: number } = {},
): Promise<OwnCustomer> {
  const phone = uniqueMobile();
  const password = `Clave${randomInt(1000, 9999)}`;
  const registered = await request.post('/api/customer/light/register', {
    data: {
      firstName: 'Carmen',
      lastName: 'Ortega Ruiz',
      emailAddress: `carmen.${randomUUID().slice(0, 12)}@example.com`,
      nationalID: withCheckLetter(String(randomInt(10_000_000, 100_000_000))),
      birthDate: `${new Date().getFullYear() - 34}-03-09`,
      mobilePhone: phone,
      employmentStatus: 'fullTimeEmployed',
      companyName: 'Talleres Ibéricos',
      monthlyIncome,
      password,
      password2: password,
      acceptPolicy: true,
      acceptAgreement: false,
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const { data } = (await registered.json()) as {
    data: { token: string; customerDetails: { id: number; fullName: string; twoLetterName: string } };
  };
  const headers = { authorization: `Bearer ${data.token}`, 'x-member-id': String(data.customerDetails.id) };
  const pin = await codeFromOutbox(request, phone, 'registration');
  const confirmed = await request.post('/api/customer/light/pinValidate', { headers, data: { pin } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const address = await request.put('/api/customer/light/saveAddress', {
    headers,
    data: {
      street: 'Calle de Alcalá',
      streetNumber: '50',
      floor: null,
      postcode: '28014',
      city: 'Madrid',
      province: 'Madrid',
    },
  });
  expect(address.status(), await address.text()).toBe(200);
  return {
    phone,
    password,
    token: data.token,
    memberId: data.customerDetails.id,
    fullName: data.customerDetails.fullName,
    twoLetterName: data.customerDetails.twoLetterName,
  };
}

/** The API headers of a customer's session. */
export const sessionHeaders = (customer: DemoSession): Record<string, string> => ({
  authorization: `Bearer ${customer.token}`,
  'x-member-id': String(customer.memberId),
});

/**
 * A registered customer who linked an account by manual IBAN (a fresh one, CaixaBank): the credit decision on the
 * declared income approves them (systemApproved, with a limit), ready for cards and loans.
 */
export async function approvedCustomer(request: APIRequestContext): Promise<OwnCustomer> {
  const customer = await registeredCustomer(request);
  const account = String(randomInt(1_000_000_000, 10_000_000_000));
  const linked = await request.post('/api/bankscraper/addCustomerBankAccountManually', {
    headers: sessionHeaders(customer),
    data: { accountNumber: spanishIban('2100', '0418', account) },
  });
  expect(linked.status(), await linked.text()).toBe(200);
  return customer;
}

/** Opens `path` with the customer's session (the `jwt` start-up login) and waits for the account area. */
export async function openWith(page: Page, path: string, customer: DemoSession): Promise<void> {
  const separator = path.includes('?') ? '&' : '?';
  await page.goto(`${path}${separator}jwt=${encodeURIComponent(customer.token)}`);
  await page.locator('.header-client-area').waitFor();
}
