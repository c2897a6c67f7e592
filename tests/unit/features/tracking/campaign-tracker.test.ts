import { createStore } from 'jotai';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachAffiliates } from '../../../../src/features/tracking/api/attach-affiliates.ts';
import { postAffiliateClick } from '../../../../src/features/tracking/api/post-affiliate-click.ts';
import { createCampaignTracker, type CampaignTracker } from '../../../../src/features/tracking/campaign-tracker.ts';
import {
  campaignParametersAtom,
  clientUniqueIdAtom,
  cookieConsentAtom,
  persistedAtoms,
  sessionAtom,
  type CookieConsent,
} from '../../../../src/lib/storage/atoms.ts';
import { hydrate } from '../../../../src/lib/storage/persisted-atom.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import type { AffiliateClickPayload } from '../../../../src/shared/api/tracking.ts';
import { memberDetails } from '../../helpers/members.ts';
import { configureTestApi, json, startTestServer, type TestServer } from '../../harness/api.ts';
import { freshStore } from '../../harness/render-at-route.tsx';
import { body } from '../home/loan-server.ts';

/**
 * Campaign tracking (first document §4 "Affiliate tracking") against a local HTTP server: utm_campaign, uid,
 * mykredit_ref and campaignid captured from the landing URL, kept 3 days, a click posted with the Client-Unique
 * id and the history, attached after login; all of it only with the advertising cookie permission.
 */

const LANDED_AT = new Date('2026-03-10T09:30:00.000Z');
const CLIENT_ID = 'client-0f4c2d9e';
const allowAll: CookieConsent = {
  strictlyNecessary: true,
  functional: true,
  analyticsPerformance: true,
  advertisingPurposing: true,
  fullStoryVideo: true,
};
const noAdvertising: CookieConsent = { ...allowAll, advertisingPurposing: false };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests = [];
  server.handler = (_request, response) => json(response, 200, { data: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function newTracker(now: () => Date = () => LANDED_AT): CampaignTracker {
  return createCampaignTracker({
    postClick: postAffiliateClick,
    attach: attachAffiliates,
    now,
    clientIdWaitMs: 1000,
  });
}

async function storeWith(consent: CookieConsent | null): Promise<AppStore> {
  const store = await freshStore();
  await store.set(clientUniqueIdAtom, CLIENT_ID);
  if (consent) await store.set(cookieConsentAtom, consent);
  // The calls go as this store's session (none until a test logs in), from this browser.
  configureTestApi(server, { store, clientUniqueId: CLIENT_ID });
  return store;
}

const clicks = () => server.requests.filter((r) => r.url === '/api/customer/affiliateClick');
const attaches = () => server.requests.filter((r) => r.url === '/api/customer/attachAffiliates');
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

const LANDING =
  'https://prestamo.example/prestamos-rapidos?utm_campaign=primavera&uid=aff-77&mykredit_ref=mk-1&campaignid=c-9&jwt=secret.token&phone=600000004';

describe('campaign capture with the advertising permission', () => {
  it('stores the four parameters with the visit, and posts the click with the Client-Unique id and history', async () => {
    const store = await storeWith(allowAll);
    await newTracker().capture(LANDING, store);

    const expectedHistory = [
      {
        occuredAt: '2026-03-10T09:30:00.000Z',
        fullUri:
          'https://prestamo.example/prestamos-rapidos?utm_campaign=primavera&uid=aff-77&mykredit_ref=mk-1&campaignid=c-9',
      },
    ];
    expect(await store.get(campaignParametersAtom)).toEqual({
      utm_campaign: 'primavera',
      uid: 'aff-77',
      mykredit_ref: 'mk-1',
      campaignid: 'c-9',
      history: expectedHistory,
    });
    expect(clicks()).toHaveLength(1);
    expect(body<AffiliateClickPayload>(clicks()[0]!)).toEqual({ uniqueClientId: CLIENT_ID, history: expectedHistory });
  });

  it('never records other query parameters of the landing (tokens, PINs, phone numbers)', async () => {
    const store = await storeWith(allowAll);
    await newTracker().capture(
      'https://prestamo.example/login/reset-password?phone=600000004&pin=1234&utm_campaign=sms-reset',
      store,
    );
    const sent = JSON.stringify(clicks().map((r) => body(r)));
    expect(sent).not.toContain('1234');
    expect(sent).not.toContain('600000004');
    expect((await store.get(campaignParametersAtom))?.history[0]?.fullUri).toBe(
      'https://prestamo.example/login/reset-password?utm_campaign=sms-reset',
    );
  });

  it('a landing without campaign parameters records and sends nothing', async () => {
    const store = await storeWith(allowAll);
    await newTracker().capture('https://prestamo.example/?jwt=abc&foo=bar', store);
    expect(await store.get(campaignParametersAtom)).toBeNull();
    expect(clicks()).toHaveLength(0);
  });

  it('a later campaign landing replaces the four values and adds to the history', async () => {
    const store = await storeWith(allowAll);
    let now = LANDED_AT;
    const tracker = newTracker(() => now);
    await tracker.capture('https://prestamo.example/?utm_campaign=primavera&uid=aff-77', store);
    now = new Date('2026-03-11T10:00:00.000Z');
    await tracker.capture('https://prestamo.example/miniprestamos?campaignid=c-10', store);
    const stored = await store.get(campaignParametersAtom);
    expect(stored).toMatchObject({ campaignid: 'c-10' });
    expect(stored?.utm_campaign).toBeUndefined();
    expect(stored?.uid).toBeUndefined();
    expect(stored?.history.map((entry) => entry.occuredAt)).toEqual([
      '2026-03-10T09:30:00.000Z',
      '2026-03-11T10:00:00.000Z',
    ]);
    expect(body<AffiliateClickPayload>(clicks()[1]!).history).toHaveLength(2);
  });

  it('a value longer than 200 characters is not a campaign identifier and is dropped', async () => {
    const store = await storeWith(allowAll);
    await newTracker().capture(`https://prestamo.example/?uid=${'x'.repeat(201)}&utm_campaign=ok`, store);
    expect(await store.get(campaignParametersAtom)).toMatchObject({ utm_campaign: 'ok' });
    expect((await store.get(campaignParametersAtom))?.uid).toBeUndefined();
  });

  it('keeps the parameters 3 days, then they read as absent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(LANDED_AT);
    const store = await storeWith(allowAll);
    await newTracker().capture(LANDING, store);

    vi.setSystemTime(new Date(LANDED_AT.getTime() + 3 * 24 * 60 * 60 * 1000 - 1000));
    const dayThree = createStore();
    await hydrate(dayThree, persistedAtoms);
    expect(await dayThree.get(campaignParametersAtom)).not.toBeNull();

    vi.setSystemTime(new Date(LANDED_AT.getTime() + 3 * 24 * 60 * 60 * 1000 + 1));
    const afterwards = createStore();
    await hydrate(afterwards, persistedAtoms);
    expect(await afterwards.get(campaignParametersAtom)).toBeNull();
  });
});

describe('campaign capture and the cookie decision', () => {
  it('before the customer decides, the landing is kept in memory only; accepting advertising stores and posts it', async () => {
    const store = await storeWith(null);
    const tracker = newTracker();
    await tracker.capture(LANDING, store);
    expect(await store.get(campaignParametersAtom)).toBeNull();
    expect(tracker.pending()).toMatchObject({ uid: 'aff-77' });
    expect(clicks()).toHaveLength(0);

    await store.set(cookieConsentAtom, allowAll);
    await vi.waitFor(() => expect(clicks()).toHaveLength(1));
    expect(await store.get(campaignParametersAtom)).toMatchObject({ uid: 'aff-77' });
    expect(tracker.pending()).toBeNull();
  });

  it('refusing advertising cookies discards the landing: nothing stored, nothing sent', async () => {
    const store = await storeWith(null);
    const tracker = newTracker();
    await tracker.capture(LANDING, store);
    await store.set(cookieConsentAtom, noAdvertising);
    await settle();
    expect(tracker.pending()).toBeNull();
    expect(await store.get(campaignParametersAtom)).toBeNull();
    expect(clicks()).toHaveLength(0);
  });

  it('withdrawing the advertising permission later deletes the stored parameters', async () => {
    const store = await storeWith(allowAll);
    await newTracker().capture(LANDING, store);
    expect(await store.get(campaignParametersAtom)).not.toBeNull();
    await store.set(cookieConsentAtom, noAdvertising);
    await vi.waitFor(async () => expect(await store.get(campaignParametersAtom)).toBeNull());
  });
});

describe('attaching the campaign after registration or login', () => {
  it('posts AttachAffilatesPost with the Client-Unique id and the history, as the logged-in customer', async () => {
    const store = await storeWith(allowAll);
    const tracker = newTracker();
    await tracker.capture(LANDING, store);
    await store.set(sessionAtom, { token: 'a.b.c', memberDetails: memberDetails() });
    await tracker.attach(store);

    expect(attaches()).toHaveLength(1);
    expect(attaches()[0]!.headers['authorization']).toBe('Bearer a.b.c');
    expect(body<AffiliateClickPayload>(attaches()[0]!)).toEqual({
      uniqueClientId: CLIENT_ID,
      history: (await store.get(campaignParametersAtom))?.history,
    });
  });

  it('attaches nothing without a stored campaign or without the advertising permission', async () => {
    await newTracker().attach(await storeWith(allowAll));
    const refused = await storeWith(noAdvertising);
    await newTracker().attach(refused);
    expect(attaches()).toHaveLength(0);
  });

  it('a failed post is logged, never thrown at the page', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.handler = (_request, response) => json(response, 500, { errors: [] });
    const store = await storeWith(allowAll);
    const tracker = newTracker();
    await expect(tracker.capture(LANDING, store)).resolves.toBeUndefined();
    await expect(tracker.attach(store)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Affiliate click not sent', expect.anything());
    expect(warn).toHaveBeenCalledWith('Affiliate clicks not attached', expect.anything());
  });
});
