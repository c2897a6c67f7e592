import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { sessionSchema } from '../../src/shared/api/customer-schemas.ts';
import { HandoverGet } from '../../src/shared/api/links.ts';
import { credentials, handoverIntroductions } from '../../src/server/db/schema/index.ts';
import { createCustomer, type TestCustomer } from './helpers/customers.ts';
import {
  codeOf,
  customerFileApp,
  dataOf,
  expectNotFound,
  lastAudit,
  send,
  UNKNOWN_ID,
} from './helpers/customer-file.ts';
import { businessCodesOf, errorsOf } from './helpers/membership-login.ts';
import { smsTo } from './helpers/registration.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * Handover (docs/backoffice.md §5): an agent prepares a customer's access from the customer file; the customer opens
 * the link of the SMS, asks for a code, types it and has a normal session. Single use, 48 hours, voided by a newer
 * introduction or five wrong codes; staff never read the link.
 */

const { t, agent, admin, company } = await customerFileApp();
afterAll(() => t.close());

const HOUR = 3_600_000;
const LINK = /\/handover\/v1\/([A-Za-z0-9_-]{22})$/;

const create = (who: StaffLoggedIn, customerId: number) =>
  send(t, 'POST', '/api/customer/handover', who, { customerId });
const anonymous = { headers: {} };
const read = (id: string) => send(t, 'GET', `/api/customer/handover/${id}`, anonymous);
const askCode = (id: string) => send(t, 'POST', `/api/customer/handover/${id}/otp`, anonymous, {});
const logIn = (id: string, code: string) => send(t, 'POST', `/api/customer/handover/${id}/login`, anonymous, { code });

/** The introduction id of the newest handover SMS sent to the customer. */
async function linkSentTo(customer: TestCustomer): Promise<string> {
  const [sms] = await smsTo(t, customer.phone);
  expect(sms).toMatchObject({ purpose: 'handover' });
  expect(sms!.text).toMatch(/^Préstamo Rápido: tu gestor te ha preparado el acceso a tu área de clientes: http/u);
  const id = LINK.exec(sms!.text)?.[1];
  expect(id).toBeDefined();
  return id!;
}

/** The code of the newest SMS: its WebOTP line. */
async function codeSentTo(customer: TestCustomer): Promise<string> {
  const [sms] = await smsTo(t, customer.phone);
  expect(sms!.text).toContain('tu código para entrar en tu área de clientes es');
  const code = /#([A-Z0-9]{4})$/.exec(sms!.text)?.[1];
  expect(code).toBeDefined();
  return code!;
}

/**
 * A customer with a handover prepared by an agent: its introduction id. The agent's session is new each time, since
 * tests move the clock past a staff session's 15 idle minutes.
 */
async function prepared(overrides: Parameters<typeof createCustomer>[1] = {}) {
  const customer = await createCustomer(t, { status: 'securityChecked', ...overrides });
  dataOf(await create(await staffSession(t, 'cam'), customer.id));
  return { customer, id: await linkSentTo(customer) };
}

const wrongCodeOf = (code: string) => (code === 'ZZZZ' ? 'YYYY' : 'ZZZZ');

describe('HandoverCreatePost', () => {
  it('sends the customer the link by SMS, answers the masked mobile and the expiry, and is audited', async () => {
    const customer = await createCustomer(t, { status: 'securityChecked' });
    const answer = dataOf(await create(agent, customer.id)) as { maskedPhone: string; expiresAt: string };
    expect(answer).toEqual({
      maskedPhone: `*** *** ${customer.phone.slice(-3)}`,
      expiresAt: new Date(t.clock.now().getTime() + 48 * HOUR).toISOString(),
    });
    expect(JSON.stringify(answer)).not.toContain('handover/v1');
    const id = await linkSentTo(customer);
    const record = await lastAudit(t, customer.id, agent);
    expect(record).toMatchObject({ callName: 'HandoverCreatePost', entityType: 'handover', before: null });
    expect(record.after).toEqual({ expiresAt: answer.expiresAt, replacedIntroductions: 0 });
    expect(JSON.stringify(record)).not.toContain(id);
  });

  it('shows staff the SMS with the link masked, and masks a repay short link the same way', async () => {
    const { customer, id } = await prepared();
    await t.app.providers.sms.send(
      customer.phone,
      'Tu cuota vence mañana. Paga aquí: https://x.test/r/AbC_123-xyz',
      'repayLink',
    );
    const page = dataOf(await send(t, 'GET', `/api/communication/sms/historypaged/${customer.id}`, agent)) as {
      items: { text: string; purpose: string }[];
    };
    const texts = page.items.map((item) => item.text).join('\n');
    expect(texts).toContain('/handover/v1/••••');
    expect(texts).toContain('/r/••••');
    expect(texts).not.toContain(id);
    expect(texts).not.toContain('AbC_123-xyz');
  });

  it('voids the customer’s previous link: only the newest one opens', async () => {
    const { customer, id: first } = await prepared();
    dataOf(await create(admin, customer.id));
    const second = await linkSentTo(customer);
    expect(second).not.toBe(first);
    expect(businessCodesOf(await read(first))).toEqual(['TokenNotValid']);
    expect(HandoverGet.response.parse(dataOf(await read(second)))).toMatchObject({ firstName: 'Ana' });
    expect((await lastAudit(t, customer.id, admin)).after).toMatchObject({ replacedIntroductions: 1 });
  });

  it('refuses a closed customer, an unknown customer (404), a collection company (403) and a customer', async () => {
    const closed = await createCustomer(t, { status: 'closed' });
    expect(codeOf(await create(agent, closed.id))).toBe('HandoverNotAllowed');
    expectNotFound(await create(agent, UNKNOWN_ID));
    const customer = await createCustomer(t, { status: 'securityChecked' });
    expect(errorsOf(await create(company, customer.id), 403)[0]?.code.name).toBe('Forbidden');
    expect(await smsTo(t, customer.phone)).toEqual([]);
    const bad = await send(t, 'POST', '/api/customer/handover', agent, { customerId: 'x' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the customer opens the link', () => {
  it('reads whom the code goes to, gets the code by SMS and logs in once: a normal session', async () => {
    const { customer, id } = await prepared();
    const view = HandoverGet.response.parse(dataOf(await read(id)));
    expect(view).toMatchObject({ firstName: 'Ana', maskedPhone: `*** *** ${customer.phone.slice(-3)}` });
    dataOf(await askCode(id));
    const code = await codeSentTo(customer);
    const session = sessionSchema.parse(dataOf(await logIn(id, code.toLowerCase())));
    expect(session.customerDetails).toMatchObject({ id: customer.id, status: 'securityChecked' });
    const details = await t.app.inject({
      method: 'GET',
      url: '/api/membership/memberDetails',
      headers: { authorization: `Bearer ${session.token}`, 'x-member-id': String(customer.id) },
    });
    expect(details.statusCode, details.body).toBe(200);
    // Single use: the link is spent, whatever code comes next.
    expect(businessCodesOf(await logIn(id, code))).toEqual(['TokenNotValid']);
    expect(businessCodesOf(await read(id))).toEqual(['TokenNotValid']);
  });

  it('waits 60 seconds between codes, and the newer code replaces the older one', async () => {
    const { customer, id } = await prepared();
    dataOf(await askCode(id));
    const first = await codeSentTo(customer);
    const tooSoon = await askCode(id);
    expect(businessCodesOf(tooSoon)).toEqual(['PinRequestTooSoon']);
    t.clock.advance(61_000);
    dataOf(await askCode(id));
    const second = await codeSentTo(customer);
    // The older code is only a wrong code now (the live code is the newer one); a 1-in-a-million equal draw skips it.
    if (first !== second)
      expect(businessCodesOf(await logIn(id, first))).toEqual(['PinNotValidWithRemainingAttemptCount']);
    sessionSchema.parse(dataOf(await logIn(id, second)));
  });

  it('counts wrong codes down and voids the link at the fifth', async () => {
    const { customer, id } = await prepared();
    dataOf(await askCode(id));
    const code = await codeSentTo(customer);
    const wrong = wrongCodeOf(code);
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt++) answers.push(errorsOf(await logIn(id, wrong), 422)[0]);
    expect(answers.map((error) => error?.code.name)).toEqual([
      'PinNotValidWithRemainingAttemptCount',
      'PinNotValidWithRemainingAttemptCount',
      'PinNotValidWithRemainingAttemptCount',
      'PinNotValidLastAttempt',
      'TokenNotValid',
    ]);
    expect(answers[0]?.message).toBe('El PIN no es correcto. Te quedan 4 intentos.');
    expect(businessCodesOf(await logIn(id, code))).toEqual(['TokenNotValid']);
    const [row] = await t.db
      .select()
      .from(handoverIntroductions)
      .where(eq(handoverIntroductions.customerId, customer.id));
    expect(row).toMatchObject({ wrongCodes: 5, voidReason: 'wrongCodes', usedAt: null });
  });

  it('expires after 48 hours', async () => {
    const { id } = await prepared();
    t.clock.advance(48 * HOUR + 1_000);
    expect(businessCodesOf(await read(id))).toEqual(['TokenNotValid']);
    expect(businessCodesOf(await askCode(id))).toEqual(['TokenNotValid']);
  });

  it('refuses an unknown or malformed link the same way, and a blocked customer', async () => {
    expect(businessCodesOf(await read('AAAAAAAAAAAAAAAAAAAAAA'))).toEqual(['TokenNotValid']);
    expect(businessCodesOf(await read('not a link'))).toEqual(['TokenNotValid']);
    expect(businessCodesOf(await logIn('AAAAAAAAAAAAAAAAAAAAAA', 'ABCD'))).toEqual(['TokenNotValid']);
    const { customer, id } = await prepared();
    await t.db.update(credentials).set({ blocked: true }).where(eq(credentials.customerId, customer.id));
    expect(businessCodesOf(await askCode(id))).toEqual(['MemberBlocked']);
    const bad = await logIn(id, 'too long code');
    expect(bad.statusCode).toBe(400);
  });
});
