import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '../../src/server/db/schema/index.ts';
import { smsReadRateLimit } from '../../src/server/modules/communication/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { uniquePhone } from './helpers/customers.ts';
import { errorsOf } from './helpers/membership-login.ts';

/**
 * SmsMarkasreadGetBySmsId (`/api/communication/sms/:smsId/markasread`, the `smsPoolId` of a link in an SMS). Public,
 * so it answers `true` for every well-formed id and never tells whether an SMS exists or was read.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
});
afterAll(() => t.close());

const markRead = (smsId: string, app = t.app, remoteAddress?: string) =>
  app.inject({
    method: 'GET',
    url: `/api/communication/sms/${encodeURIComponent(smsId)}/markasread`,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const sendSms = async () => {
  const receipt = await t.app.providers.sms.send(uniquePhone(), 'Tu cuota vence mañana.', 'reminder');
  return receipt.id;
};
const readAtOf = async (id: string) =>
  (
    await t.db
      .select({ readAt: smsOutbox.readAt })
      .from(smsOutbox)
      .where(eq(smsOutbox.id, Number(id)))
  )[0]?.readAt;

const expectAck = (response: Awaited<ReturnType<typeof markRead>>) => {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ data: true });
};

describe('SmsMarkasreadGetBySmsId', () => {
  it('sets read_at the first time and keeps it when the link is opened again', async () => {
    const id = await sendSms();
    expect(await readAtOf(id)).toBeNull();
    expectAck(await markRead(id));
    const firstRead = t.clock.now();
    expect(await readAtOf(id)).toEqual(firstRead);
    t.clock.advance(3_600_000);
    expectAck(await markRead(id));
    expect(await readAtOf(id)).toEqual(firstRead);
  });

  it('only the SMS of the id is marked', async () => {
    const [read, unread] = [await sendSms(), await sendSms()];
    expectAck(await markRead(read));
    expect(await readAtOf(unread)).toBeNull();
  });

  it.each([
    ['an id no SMS has', '2147483000'],
    ['an id past the number range', '99999999999'],
    ['zero', '0'],
    ['a negative number', '-5'],
    ['text', 'abc'],
    ['a decimal', '1.5'],
  ])('%s is acknowledged the same way (nothing is leaked, nothing changes)', async (_title, smsId) => {
    expectAck(await markRead(smsId));
  });

  it('an id over 100 characters is a 400 in the error shape', async () => {
    expect(errorsOf(await markRead('1'.repeat(101)), 400)[0]?.code.name).toBe('ValidationError');
  });

  it(`one IP gets ${smsReadRateLimit.max} receipts a minute, then 429`, async () => {
    const limited = await createTestApp({ database: t.handle });
    try {
      for (let attempt = 1; attempt <= smsReadRateLimit.max; attempt++) {
        expectAck(await markRead(String(attempt), limited.app, '192.0.2.30'));
      }
      expect(errorsOf(await markRead('1', limited.app, '192.0.2.30'), 429)[0]?.code.name).toBe('TooManyRequests');
    } finally {
      await limited.close();
    }
  });
});
