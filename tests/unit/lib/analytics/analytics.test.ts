import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  setAnalyticsConsent,
  setAnalyticsSink,
  trackEvent,
  trackPage,
  type AnalyticsSink,
  type CookiePermissions,
} from '../../../../src/lib/analytics/analytics.ts';

/** Analytics only with the customer's analytics/performance cookie permission (second document §3, §4). */

const everythingBut = (analyticsPerformance: boolean): CookiePermissions => ({
  strictlyNecessary: true,
  analyticsPerformance,
  functional: true,
  fullStoryVideo: true,
  advertisingPurposing: true,
});

function recordingSink(): AnalyticsSink & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  return {
    calls,
    page: (path) => calls.push(['page', path]),
    event: (name, props) => calls.push(['event', name, props]),
  };
}

afterEach(() => {
  setAnalyticsSink(null);
  setAnalyticsConsent(null);
  vi.restoreAllMocks();
});

describe('analytics', () => {
  it('sends nothing before the customer has chosen', () => {
    const sink = recordingSink();
    setAnalyticsSink(sink);
    trackPage('/');
    trackEvent('calculatorChanged', { amount: 2500 });
    expect(sink.calls).toEqual([]);
  });

  it('sends nothing when analytics/performance is refused, whatever else is granted', () => {
    const sink = recordingSink();
    setAnalyticsSink(sink);
    setAnalyticsConsent(everythingBut(false));
    trackPage('/dashboard');
    trackEvent('loanRequested', { amount: 2500 });
    expect(sink.calls).toEqual([]);
  });

  it('sends page views and events once analytics/performance is granted', () => {
    const sink = recordingSink();
    setAnalyticsSink(sink);
    setAnalyticsConsent({
      ...everythingBut(true),
      functional: false,
      fullStoryVideo: false,
      advertisingPurposing: false,
    });
    trackPage('/dashboard');
    trackEvent('loanRequested', { amount: 2500 });
    expect(sink.calls).toEqual([
      ['page', '/dashboard'],
      ['event', 'loanRequested', { amount: 2500 }],
    ]);
  });

  it('drops what happened before consent instead of sending it later', () => {
    const sink = recordingSink();
    setAnalyticsSink(sink);
    trackPage('/before');
    setAnalyticsConsent(everythingBut(true));
    trackPage('/after');
    expect(sink.calls).toEqual([['page', '/after']]);
  });

  it('stops sending as soon as consent is withdrawn', () => {
    const sink = recordingSink();
    setAnalyticsSink(sink);
    setAnalyticsConsent(everythingBut(true));
    trackPage('/one');
    setAnalyticsConsent(everythingBut(false));
    trackPage('/two');
    expect(sink.calls).toEqual([['page', '/one']]);
  });

  it('has no sink by default: with consent but no provider nothing is sent and nothing breaks', () => {
    setAnalyticsConsent(everythingBut(true));
    expect(() => trackPage('/')).not.toThrow();
  });

  it('a failing provider never breaks the page', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    setAnalyticsSink({
      page: () => {
        throw new Error('blocked by an extension');
      },
      event: () => {},
    });
    setAnalyticsConsent(everythingBut(true));
    expect(() => trackPage('/')).not.toThrow();
  });
});
