import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  setAnalyticsConsent,
  setAnalyticsSink,
  trackEvent,
  trackPage,
  type CookiePermissions,
} from '../../../../src/lib/analytics/analytics.ts';
import { trackLoanSuccess } from '../../../../src/lib/analytics/loan-success.ts';
import { createServerSink, type AnalyticsSender, type ServerSink } from '../../../../src/lib/analytics/server-sink.ts';
import type { AnalyticsBatch } from '../../../../src/shared/api/analytics.ts';

/**
 * The product's own analytics sink (issue 23 §8): what the app tracks reaches POST /api/analytics/events only with
 * the analytics/performance permission, in small batches, and a failing endpoint never breaks the page.
 */

const CLIENT_ID = '9f1c2d3e-0000-4000-8000-000000000000';
const NOW = Date.parse('2025-06-01T10:00:00.000Z');

const consent = (analyticsPerformance: boolean): CookiePermissions => ({
  strictlyNecessary: true,
  analyticsPerformance,
  functional: true,
  fullStoryVideo: true,
  advertisingPurposing: true,
});

let sent: { batch: AnalyticsBatch; keepalive: boolean }[];
let send: ReturnType<typeof vi.fn<AnalyticsSender>>;
let sink: ServerSink;
let clientId: string;

function install(overrides: Partial<Parameters<typeof createServerSink>[0]> = {}) {
  sink = createServerSink({ getClientId: () => clientId, send, now: () => NOW, ...overrides });
  setAnalyticsSink(sink);
}

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  clientId = CLIENT_ID;
  send = vi.fn<AnalyticsSender>((batch, keepalive) => {
    sent.push({ batch, keepalive });
    return Promise.resolve();
  });
});

afterEach(() => {
  sink.stop();
  setAnalyticsSink(null);
  setAnalyticsConsent(null);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const page = (name: string) => ({ kind: 'page', name, occurredAt: '2025-06-01T10:00:00.000Z' });

describe('the analytics sink of the app', () => {
  it('sends and queues nothing before consent, nor after a refusal, not even when the page is hidden', async () => {
    install();
    trackPage('/');
    trackEvent('register', { entry: 'direct' });
    setAnalyticsConsent(consent(false));
    trackPage('/como-funciona');
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends page views and events after consent, in one batch 2 s after the first', async () => {
    install();
    setAnalyticsConsent(consent(true));
    trackPage('/');
    trackLoanSuccess({ isRtb: true, amountCents: 250_000, userId: 42 });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([
      {
        batch: {
          clientId: CLIENT_ID,
          items: [
            page('/'),
            // userId is the session's customer on the server: not sent.
            {
              kind: 'event',
              name: 'rtb_success',
              props: { amount: 2500, currency: 'EUR' },
              occurredAt: '2025-06-01T10:00:00.000Z',
            },
          ],
        },
        keepalive: false,
      },
    ]);
  });

  it('drops what happened before consent instead of sending it later', async () => {
    install();
    trackPage('/antes');
    setAnalyticsConsent(consent(true));
    trackPage('/despues');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent.map(({ batch }) => batch.items)).toEqual([[page('/despues')]]);
  });

  it('sends a full batch of 20 at once and the rest after the delay', async () => {
    install();
    setAnalyticsConsent(consent(true));
    for (let n = 0; n < 23; n += 1) trackPage(`/p${n}`);
    expect(sent.map(({ batch }) => batch.items.length)).toEqual([20]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent.map(({ batch }) => batch.items.length)).toEqual([20, 3]);
    expect(sent[1]?.batch.items[0]).toEqual(page('/p20'));
  });

  it('sends what waits at once, with keepalive, when the page is hidden or goes away', async () => {
    install();
    setAnalyticsConsent(consent(true));
    trackPage('/dashboard');
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockRestore();
    trackPage('/account');
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([
      { batch: { clientId: CLIENT_ID, items: [page('/dashboard')] }, keepalive: true },
      { batch: { clientId: CLIENT_ID, items: [page('/account')] }, keepalive: true },
    ]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(2);
  });

  it('forgets what waits when consent is withdrawn', async () => {
    install();
    setAnalyticsConsent(consent(true));
    trackPage('/dashboard');
    setAnalyticsConsent(consent(false));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).not.toHaveBeenCalled();
  });

  it('drops event names the server does not know, and cuts props to what it takes', async () => {
    install();
    setAnalyticsConsent(consent(true));
    trackEvent('calculatorChanged', { amount: 2500 });
    trackEvent('register', {
      landingPage: '/otp',
      campaign: 'x'.repeat(300),
      'bad key': 1,
      ratio: Number.NaN,
    });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent.map(({ batch }) => batch.items)).toEqual([
      [
        {
          kind: 'event',
          name: 'register',
          props: { landingPage: '/otp', campaign: 'x'.repeat(200), ratio: null },
          occurredAt: '2025-06-01T10:00:00.000Z',
        },
      ],
    ]);
  });

  it('waits for the browser id before sending', async () => {
    clientId = '';
    install();
    setAnalyticsConsent(consent(true));
    trackPage('/');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(send).not.toHaveBeenCalled();
    clientId = CLIENT_ID;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent.map(({ batch }) => batch.clientId)).toEqual([CLIENT_ID]);
  });

  it('a failing endpoint (a rejection or a throw) never reaches the page, and later items still go', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      send
        .mockImplementationOnce(() => Promise.reject(new Error('500')))
        .mockImplementationOnce(() => {
          throw new Error('blocked');
        });
      install();
      setAnalyticsConsent(consent(true));
      expect(() => trackPage('/uno')).not.toThrow();
      await vi.advanceTimersByTimeAsync(2_000);
      expect(() => trackPage('/dos')).not.toThrow();
      await vi.advanceTimersByTimeAsync(2_000);
      trackPage('/tres');
      await vi.advanceTimersByTimeAsync(2_000);
      expect(send).toHaveBeenCalledTimes(3);
      expect(sent.map(({ batch }) => batch.items)).toEqual([[page('/tres')]]);
      expect(warn).toHaveBeenCalledTimes(2);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
