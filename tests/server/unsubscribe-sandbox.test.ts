import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communicationPermissions } from '../../src/server/db/schema/index.ts';
import { demoCustomers } from '../../src/server/db/seed/demo-customers.ts';
import { seedDemoData } from '../../src/server/db/seed/seed.ts';
import { createTestApp, productionEnv, type TestApp } from './helpers/app.ts';
import { errorsOf } from './helpers/membership-login.ts';

/** Sandbox: GET /sandbox/unsubscribe-links lists the demo customers' unsubscribe links; absent without SANDBOX. */

const APP = 'https://prestamorapido.test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, env: { PUBLIC_URL: APP } });
  await seedDemoData(t.db, t.clock);
});
afterAll(() => t.close());

type Link = { phone: string; customerId: number; email: string; campaignId: string; url: string };
const list = async (query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/sandbox/unsubscribe-links${query}` });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return (response.json() as { data: Link[] }).data;
};

describe('GET /sandbox/unsubscribe-links', () => {
  it('lists every demo customer with a working link of campaign demo (or ?camp=)', async () => {
    const links = await list();
    expect(links.map((link) => link.phone)).toEqual(demoCustomers.map((demo) => demo.phone));
    const [first] = links;
    const url = new URL(first!.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${APP}/unsubscribe`);
    expect(url.searchParams.get('camp')).toBe('demo');
    expect(url.searchParams.get('userTo')).toBe(first!.email);
    expect(
      (await list('?camp=navidad')).every((link) => new URL(link.url).searchParams.get('camp') === 'navidad'),
    ).toBe(true);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/communication/unsubscribe',
      payload: {
        campaignId: url.searchParams.get('camp'),
        userKey: url.searchParams.get('key'),
        userTo: url.searchParams.get('userTo'),
        communicationType: 'email',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [permissions] = await t.db
      .select()
      .from(communicationPermissions)
      .where(eq(communicationPermissions.customerId, first!.customerId));
    expect(permissions?.allowEmail).toBe(false);
  });

  it('a bad campaign parameter is a 400 in the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/sandbox/unsubscribe-links?camp=${'x'.repeat(201)}` });
    expect(errorsOf(response, 400)[0]?.code.name).toBe('ValidationError');
  });

  it('does not exist while SANDBOX is off (404)', async () => {
    const production = await createTestApp({
      database: t.handle,
      env: {
        ...productionEnv(),
      },
    });
    try {
      const response = await production.app.inject({ method: 'GET', url: '/sandbox/unsubscribe-links' });
      expect(errorsOf(response, 404)[0]?.code.name).toBe('NotFound');
    } finally {
      await production.close();
    }
  });
});
