import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { dniCheckLetter } from '../../../src/shared/validators/national-id.ts';
import { auditRecords, customers, customerStatusHistory } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './app.ts';
import { errorsOf } from './membership-login.ts';
import { staffSession, type StaffLoggedIn } from './staff.ts';

/** Helpers of the customer file's write tests: staff requests, the rows they leave, and the answers' shapes. */

export const UNKNOWN_ID = 2_000_000_000;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const send = (
  t: TestApp,
  method: Method,
  url: string,
  who: { headers: Record<string, string> },
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: payload === undefined ? who.headers : { ...who.headers, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

/** The 200 answer's data. */
export function dataOf(response: LightMyRequestResponse): unknown {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: unknown }).data;
}

export const expectNotFound = (response: LightMyRequestResponse) =>
  expect(errorsOf(response, 404)[0]).toMatchObject({
    code: { name: 'StaffCustomerNotFound', value: 2007 },
    message: 'No hemos encontrado ese cliente.',
  });

export const expectForbidden = (response: LightMyRequestResponse) =>
  expect(errorsOf(response, 403)[0]).toMatchObject({
    code: { name: 'Forbidden', value: 403 },
    message: 'No tienes permiso para realizar esta operación.',
  });

/** The code of a 422 business answer. */
export const codeOf = (response: LightMyRequestResponse) => errorsOf(response, 422)[0]!.code.name;

/** A 400 in the spec's shape whose message names `field`. */
export const expectBadInput = (response: LightMyRequestResponse, field: string) =>
  expect(errorsOf(response, 400)[0]!.message).toContain(field);

/** The customer's row as stored. */
export async function customerRow(t: TestApp, customerId: number) {
  const [row] = await t.db.select().from(customers).where(eq(customers.id, customerId));
  return row!;
}

/** The customer's audit records, newest first. */
export const auditOf = (t: TestApp, customerId: number) =>
  t.db.select().from(auditRecords).where(eq(auditRecords.customerId, customerId)).orderBy(desc(auditRecords.id));

/** The customer's status history, newest first. */
export const historyOf = (t: TestApp, customerId: number) =>
  t.db
    .select()
    .from(customerStatusHistory)
    .where(eq(customerStatusHistory.customerId, customerId))
    .orderBy(desc(customerStatusHistory.id));

/** The newest audit record of the customer, with who wrote it. */
export async function lastAudit(t: TestApp, customerId: number, who: StaffLoggedIn) {
  const [record] = await auditOf(t, customerId);
  expect(record).toMatchObject({ staffUserId: who.staff.id, role: who.staff.role, customerId });
  return record!;
}

/** A valid DNI no test customer is likely to hold. */
export function uniqueDni(): string {
  const digits = String(Math.floor(Math.random() * 90_000_000) + 10_000_000);
  return `${digits}${dniCheckLetter(digits)}`;
}

/** What the customer's own app reads of their data (CustomerGet). */
export async function ownCustomer(t: TestApp, session: { headers: Record<string, string> }) {
  const response = await t.app.inject({ method: 'GET', url: '/api/customer/customer', headers: session.headers });
  return dataOf(response) as Record<string, unknown> & { address: Record<string, unknown> | null };
}

/** A test app with an agent, an administrator and a collection company's user, each with a live session. */
export async function customerFileApp() {
  const t = await createTestApp();
  const [agent, admin, company] = await Promise.all(
    (['cam', 'administrator', 'collectioncompany'] as const).map((role) => staffSession(t, role)),
  );
  return { t, agent: agent!, admin: admin!, company: company! };
}
