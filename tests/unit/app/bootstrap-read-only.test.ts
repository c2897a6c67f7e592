import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Bootstrap in a staff member's read-only view (src/lib/session/read-only-view.ts): no analytics sink (so no
 * AnalyticsEventsPost), no activity log (`/logs/write`), no install prompt, no campaign capture; the rest starts as
 * in any tab. Start-up itself and the modules that would send are replaced by spies; an ordinary tab is the control.
 */

const spies = vi.hoisted(() => ({
  runStartup: vi.fn(() => Promise.resolve({ loggedIn: false, offline: false })),
  setAnalyticsSink: vi.fn(),
  startActivityLog: vi.fn(),
  startInstallPrompt: vi.fn(),
  captureCampaign: vi.fn(() => Promise.resolve()),
  startServiceWorker: vi.fn(),
}));

vi.mock('../../../src/app/startup.ts', () => ({ runStartup: spies.runStartup }));
vi.mock('../../../src/lib/analytics/analytics.ts', async (original) => ({
  ...(await original<object>()),
  setAnalyticsSink: spies.setAnalyticsSink,
}));
// As on a real host over https, where the activity log runs.
vi.mock('../../../src/lib/activity-log/test-host.ts', () => ({ isActivityLogAllowed: () => true }));
vi.mock('../../../src/lib/activity-log/activity-log.ts', () => ({ startActivityLog: spies.startActivityLog }));
vi.mock('../../../src/lib/pwa/install-prompt.ts', async (original) => ({
  ...(await original<object>()),
  startInstallPrompt: spies.startInstallPrompt,
}));
vi.mock('../../../src/features/tracking/campaign-start.ts', () => ({
  captureCampaign: spies.captureCampaign,
  attachCampaign: vi.fn(),
}));
vi.mock('../../../src/lib/pwa/service-worker.ts', () => ({ startServiceWorker: spies.startServiceWorker }));

// The build's define (vite.config.ts), which the unit tests' config does not set.
vi.stubGlobal('__APP_VERSION__', 'test');

async function boot(href: string) {
  vi.resetModules();
  const { enterReadOnlyView } = await import('../../../src/lib/session/read-only-view.ts');
  const { bootstrap } = await import('../../../src/app/bootstrap.ts');
  const tabStorage = new Map<string, string>();
  const readOnly = enterReadOnlyView({
    location: { href },
    history: { state: null, replaceState: () => undefined },
    tabStorage: { getItem: (key) => tabStorage.get(key) ?? null, setItem: (key, value) => tabStorage.set(key, value) },
  });
  bootstrap(createStore(), () => undefined);
  // The work after load runs in an idle moment (at the latest 3 s after load).
  await vi.waitFor(() => expect(spies.startServiceWorker).toHaveBeenCalled(), { timeout: 4_000 });
  return readOnly;
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('bootstrap', () => {
  it('in a read-only view: no analytics sink, activity log, install prompt or campaign capture', async () => {
    expect(await boot('https://app.test/morph#t=view.token')).toBe(true);
    expect(spies.runStartup).toHaveBeenCalledTimes(1);
    expect(spies.setAnalyticsSink).not.toHaveBeenCalled();
    expect(spies.startActivityLog).not.toHaveBeenCalled();
    expect(spies.startInstallPrompt).not.toHaveBeenCalled();
    expect(spies.captureCampaign).not.toHaveBeenCalled();
  });

  it('in an ordinary tab (the control): all of them start', async () => {
    expect(await boot('https://app.test/dashboard')).toBe(false);
    expect(spies.setAnalyticsSink).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(spies.startActivityLog).toHaveBeenCalledTimes(1));
    expect(spies.startInstallPrompt).toHaveBeenCalledTimes(1);
    expect(spies.captureCampaign).toHaveBeenCalledTimes(1);
  });
});
