import { randomInt } from 'node:crypto';
import { hashPassword } from '../../../src/server/auth/password.ts';
import { issueSession } from '../../../src/server/auth/sessions.ts';
import { credentials, customers } from '../../../src/server/db/schema/index.ts';
import type { TestApp } from './app.ts';

/**
 * Test customers. Phones are random 9-digit numbers starting with 7 (demo customers use 6000000xx), so tests
 * sharing one PostgreSQL database never collide.
 */
export function uniquePhone(): string {
  return `7${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

const PIN_HASHES = new Map<string, Promise<string>>();
const hashOnce = (pin: string) => {
  let hash = PIN_HASHES.get(pin);
  if (!hash) PIN_HASHES.set(pin, (hash = hashPassword(pin)));
  return hash;
};

export interface TestCustomer {
  id: number;
  phone: string;
  pin: string;
  status: string;
}

export async function createCustomer(
  t: Pick<TestApp, 'db'>,
  overrides: Partial<typeof customers.$inferInsert> & { pin?: string } = {},
): Promise<TestCustomer> {
  const { pin = '1234', ...fields } = overrides;
  const phone = fields.phone ?? uniquePhone();
  const [row] = await t.db
    .insert(customers)
    .values({
      status: 'registered',
      firstName: 'Ana',
      lastName: 'Prueba Test',
      email: `test.${phone}@example.com`,
      nationalId: '12345678Z',
      birthDate: '1990-01-01',
      phone,
      employmentStatus: 'fullTimeEmployed',
      companyName: 'Empresa de Pruebas',
      monthlyIncomeCents: 150_000,
      referenceCode: `T${phone}`,
      ...fields,
    })
    .returning({ id: customers.id, status: customers.status });
  if (!row) throw new Error('test customer insert returned nothing');
  await t.db.insert(credentials).values({ customerId: row.id, passwordHash: await hashOnce(pin) });
  return { id: row.id, phone, pin, status: row.status };
}

export interface LoggedIn {
  customer: TestCustomer;
  token: string;
  jti: string;
  /** Authorization + X-Member-ID, as the client sends them after login. */
  headers: Record<string, string>;
}

/** A customer with a live session (the same session rows and JWTs the login call issues). */
export async function login(
  t: Pick<TestApp, 'db' | 'clock' | 'secrets'>,
  overrides: Parameters<typeof createCustomer>[1] = {},
): Promise<LoggedIn> {
  const customer = await createCustomer(t, overrides);
  const session = await issueSession(
    { db: t.db, clock: t.clock, jwtKey: t.secrets.jwtKey },
    { id: customer.id, role: 'user' },
  );
  return {
    customer,
    token: session.token,
    jti: session.jti,
    headers: { authorization: `Bearer ${session.token}`, 'x-member-id': String(customer.id) },
  };
}
