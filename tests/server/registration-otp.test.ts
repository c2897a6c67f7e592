import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberDetailsSchema } from '../../src/shared/api/customer-schemas.ts';
import { apiErrorOf } from '../../src/shared/api/errors.ts';
import { ONE_TIME_CODE, PIN_RESEND_WAIT_MS } from '../../src/shared/constants.ts';
import { issueSession } from '../../src/server/auth/sessions.ts';
import { credentials, customerStatusHistory, customers } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';
import {
  businessCodesOf,
  createMember,
  errorsOf,
  postLogin,
  sessionOf,
  uniqueMobilePhone,
} from './helpers/membership-login.ts';
import {
  changeMobile,
  lastCodeSentTo,
  otherCodeThan,
  pinValidate,
  registerNew,
  resendPin,
  smsTo,
} from './helpers/registration.ts';

/**
 * The OTP page of a new customer: PinValidatePost (new → preRegistered), the wrong-code countdown and the block,
 * expired and replayed codes, ResendPinPost (60-second rule) and ChangeMobilePost.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
});
afterAll(() => t.close());

const credentialsOf = async (customerId: number) =>
  (await t.db.select().from(credentials).where(eq(credentials.customerId, customerId)))[0]!;
const statusOf = async (customerId: number) =>
  (await t.db.select({ status: customers.status }).from(customers).where(eq(customers.id, customerId)))[0]?.status;
const memberDetailsOf = (response: Awaited<ReturnType<typeof pinValidate>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return memberDetailsSchema.parse((response.json() as { data: { memberDetails: unknown } }).data.memberDetails);
};

async function later<T>(ms: number, action: () => Promise<T>): Promise<T> {
  t.clock.advance(ms);
  try {
    return await action();
  } finally {
    t.clock.advance(-ms);
  }
}

describe('PinValidatePost: the SMS code confirms the mobile', () => {
  it('the right code moves new → preRegistered (history row) and answers the fresh member details', async () => {
    const customer = await registerNew(t);
    const code = await lastCodeSentTo(t, customer.phone);
    const details = memberDetailsOf(await pinValidate(t.app, customer.headers, code.toLowerCase()));
    expect(details).toMatchObject({ id: customer.id, status: 'preRegistered', phone: customer.phone });
    expect(await statusOf(customer.id)).toBe('preRegistered');
    const history = await t.db
      .select()
      .from(customerStatusHistory)
      .where(eq(customerStatusHistory.customerId, customer.id))
      .orderBy(customerStatusHistory.id);
    expect(history.map((row) => [row.fromStatus, row.toStatus, row.changedBy, row.reason])).toEqual([
      [null, 'new', 'customer', 'registration'],
      ['new', 'preRegistered', 'customer', 'mobileConfirmed'],
    ]);
  });

  it('a replayed code is refused: the status moved on (NotAllowedCustomerStatus), nothing changes', async () => {
    const customer = await registerNew(t);
    const code = await lastCodeSentTo(t, customer.phone);
    memberDetailsOf(await pinValidate(t.app, customer.headers, code));
    expect(errorsOf(await pinValidate(t.app, customer.headers, code), 422)).toEqual([
      apiErrorOf('NotAllowedCustomerStatus'),
    ]);
    expect(await statusOf(customer.id)).toBe('preRegistered');
  });

  it('an expired code (after 10 minutes) answers PinExpired and costs no attempt; a new code then works', async () => {
    const customer = await registerNew(t);
    const code = await lastCodeSentTo(t, customer.phone);
    t.clock.advance(ONE_TIME_CODE.lifetimeMs);
    try {
      expect(errorsOf(await pinValidate(t.app, customer.headers, code), 422)).toEqual([apiErrorOf('PinExpired')]);
      expect((await credentialsOf(customer.id)).consecutiveFailures).toBe(0);
      expect(await resendPin(t.app, customer.headers)).toMatchObject({ statusCode: 200 });
      const fresh = await lastCodeSentTo(t, customer.phone);
      expect(memberDetailsOf(await pinValidate(t.app, customer.headers, fresh)).status).toBe('preRegistered');
    } finally {
      t.clock.advance(-ONE_TIME_CODE.lifetimeMs);
    }
  });

  it('input that cannot be a code answers PinNotValid and costs no attempt', async () => {
    const customer = await registerNew(t);
    for (const pin of ['12', 'AB-1', '12345']) {
      expect(errorsOf(await pinValidate(t.app, customer.headers, pin), 422)).toEqual([apiErrorOf('PinNotValid')]);
    }
    expect((await credentialsOf(customer.id)).consecutiveFailures).toBe(0);
  });

  it('a customer with no code sent (or it was used) gets PinNotValid', async () => {
    const user = await login(t, { status: 'new', phone: uniqueMobilePhone() });
    expect(errorsOf(await pinValidate(t.app, user.headers, 'ABCD'), 422)).toEqual([apiErrorOf('PinNotValid')]);
  });

  it('another status than new answers NotAllowedCustomerStatus', async () => {
    const user = await login(t, { status: 'preRegistered', phone: uniqueMobilePhone() });
    expect(errorsOf(await pinValidate(t.app, user.headers, 'ABCD'), 422)).toEqual([
      apiErrorOf('NotAllowedCustomerStatus'),
    ]);
  });

  it('without a session: 401', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/customer/light/pinValidate',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pin: 'ABCD' }),
    });
    expect(errorsOf(response, 401)[0]?.code.name).toBe('Unauthorized');
  });
});

describe('PinValidatePost: brute force stops at the block', () => {
  it('wrong codes count down (4, 3, 2, then the last attempt); the 5th blocks the member and ends its sessions', async () => {
    const customer = await registerNew(t);
    const code = await lastCodeSentTo(t, customer.phone);
    const wrong = otherCodeThan(code);
    for (const remaining of [4, 3, 2]) {
      expect(errorsOf(await pinValidate(t.app, customer.headers, wrong), 422)).toEqual([
        apiErrorOf('PinNotValidWithRemainingAttemptCount', { remaining }),
      ]);
    }
    expect(errorsOf(await pinValidate(t.app, customer.headers, wrong), 422)).toEqual([
      apiErrorOf('PinNotValidLastAttempt'),
    ]);
    expect(errorsOf(await pinValidate(t.app, customer.headers, wrong), 422)).toEqual([apiErrorOf('MemberBlocked')]);
    expect(await credentialsOf(customer.id)).toMatchObject({ blocked: true, consecutiveFailures: 5 });

    // The session that guessed is over; login is blocked too, even with the right password.
    expect(errorsOf(await pinValidate(t.app, customer.headers, code), 401)[0]?.code.name).toBe('Unauthorized');
    expect(
      businessCodesOf(await postLogin(t.app, { phoneNumber: customer.phone, password: customer.body.password })),
    ).toEqual(['MemberBlocked']);
    // Any session it may still get (e.g. a repay link) cannot confirm either: MemberBlocked even with the right code.
    const session = await issueSession(
      { db: t.db, clock: t.clock, jwtKey: t.secrets.jwtKey },
      { id: customer.id, role: 'user' },
    );
    const headers = { authorization: `Bearer ${session.token}`, 'x-member-id': String(customer.id) };
    expect(errorsOf(await pinValidate(t.app, headers, code), 422)).toEqual([apiErrorOf('MemberBlocked')]);
    expect(await statusOf(customer.id)).toBe('new');
  });

  it('the count is the member’s, shared with login: 2 wrong login PINs leave 2 code attempts; asking a new code does not reset it', async () => {
    const customer = await registerNew(t);
    for (let attempt = 0; attempt < 2; attempt++) {
      await postLogin(t.app, { phoneNumber: customer.phone, password: 'Mala-0000' });
    }
    const code = await lastCodeSentTo(t, customer.phone);
    expect(errorsOf(await pinValidate(t.app, customer.headers, otherCodeThan(code)), 422)).toEqual([
      apiErrorOf('PinNotValidWithRemainingAttemptCount', { remaining: 2 }),
    ]);
    await later(PIN_RESEND_WAIT_MS, async () => {
      expect((await resendPin(t.app, customer.headers)).statusCode).toBe(200);
      const fresh = await lastCodeSentTo(t, customer.phone);
      expect(errorsOf(await pinValidate(t.app, customer.headers, otherCodeThan(fresh)), 422)).toEqual([
        apiErrorOf('PinNotValidLastAttempt'),
      ]);
      // The right code resets the count.
      memberDetailsOf(await pinValidate(t.app, customer.headers, fresh));
    });
    expect((await credentialsOf(customer.id)).consecutiveFailures).toBe(0);
  });
});

describe('ResendPinPost', () => {
  it('refuses a new code before 60 s with the seconds left; after 60 s sends one, and only the new code works', async () => {
    const customer = await registerNew(t);
    const first = await lastCodeSentTo(t, customer.phone);
    const tooSoon = await later(20_000, () => resendPin(t.app, customer.headers));
    expect(errorsOf(tooSoon, 422)).toEqual([
      { ...apiErrorOf('PinRequestTooSoon'), message: 'Espera 40 segundos antes de solicitar un nuevo PIN.' },
    ]);
    expect(tooSoon.headers['retry-after']).toBe('40');
    expect(await smsTo(t, customer.phone)).toHaveLength(1);

    await later(PIN_RESEND_WAIT_MS, async () => {
      const resent = await resendPin(t.app, customer.headers);
      expect(resent.statusCode).toBe(200);
      expect(resent.json()).toEqual({ data: true });
      expect(await smsTo(t, customer.phone)).toHaveLength(2);
      const second = await lastCodeSentTo(t, customer.phone);
      if (second !== first) {
        expect(businessCodesOf(await pinValidate(t.app, customer.headers, first))).toEqual([
          'PinNotValidWithRemainingAttemptCount',
        ]);
      }
      memberDetailsOf(await pinValidate(t.app, customer.headers, second));
    });
  });

  it('only for status new: NotAllowedCustomerStatus otherwise', async () => {
    const user = await login(t, { status: 'registered', phone: uniqueMobilePhone() });
    expect(errorsOf(await resendPin(t.app, user.headers), 422)).toEqual([apiErrorOf('NotAllowedCustomerStatus')]);
  });
});

describe('ChangeMobilePost', () => {
  it('replaces the unconfirmed number, sends a code to the new one, and the old number’s code stops working', async () => {
    const customer = await registerNew(t);
    const oldCode = await lastCodeSentTo(t, customer.phone);
    const phone = uniqueMobilePhone();
    const response = await changeMobile(t.app, customer.headers, `+34 ${phone}`);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { data: { memberDetails: { phone: string } } }).data.memberDetails.phone).toBe(phone);
    const newCode = await lastCodeSentTo(t, phone);
    expect((await smsTo(t, phone))[0]?.purpose).toBe('changeMobile');
    if (newCode !== oldCode) {
      expect(businessCodesOf(await pinValidate(t.app, customer.headers, oldCode))).toEqual([
        'PinNotValidWithRemainingAttemptCount',
      ]);
    }
    expect(memberDetailsOf(await pinValidate(t.app, customer.headers, newCode)).phone).toBe(phone);
    // The new number is the login phone now.
    sessionOf(await postLogin(t.app, { phoneNumber: phone, password: customer.body.password }));
  });

  it('InvalidPhone for a number that is not a Spanish mobile', async () => {
    const customer = await registerNew(t);
    for (const mobilePhone of ['912345678', '12345']) {
      expect(errorsOf(await changeMobile(t.app, customer.headers, mobilePhone), 422)).toEqual([
        apiErrorOf('InvalidPhone'),
      ]);
    }
  });

  it('PhoneAlreadyRegistered for another customer’s number; the customer keeps its own', async () => {
    const customer = await registerNew(t);
    const other = await createMember(t);
    expect(errorsOf(await changeMobile(t.app, customer.headers, other.phone), 422)).toEqual([
      apiErrorOf('PhoneAlreadyRegistered'),
    ]);
    expect((await t.db.select().from(customers).where(eq(customers.id, customer.id)))[0]?.phone).toBe(customer.phone);
  });

  it('the same number again only asks for a new code: PinRequestTooSoon within 60 s', async () => {
    const customer = await registerNew(t);
    expect(businessCodesOf(await changeMobile(t.app, customer.headers, customer.phone))).toEqual(['PinRequestTooSoon']);
  });

  it('only for status new: NotAllowedCustomerStatus otherwise', async () => {
    const user = await login(t, { status: 'preRegistered', phone: uniqueMobilePhone() });
    expect(errorsOf(await changeMobile(t.app, user.headers, uniqueMobilePhone()), 422)).toEqual([
      apiErrorOf('NotAllowedCustomerStatus'),
    ]);
  });
});
