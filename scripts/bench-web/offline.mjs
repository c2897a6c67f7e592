// Offline reload of `/` under service-worker control: time from navigation start to "shell visible".
// (The functions passed to addInitScript / evaluate / waitForFunction run in the page: browser globals.)
/* global window, document, requestAnimationFrame */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, median } from './util.mjs';

export const OFFLINE_AIM_MS = 500;
/** The app calls `performance.mark(SHELL_MARK)` when its shell first paints. */
export const SHELL_MARK = 'shell-visible';
/** Fallback when the app sets no mark: the first rendered child of the React root. */
export const SHELL_SELECTOR = '#root > *';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs in every document before its own scripts: checks in each animation frame whether `selector` matches an
 * element that has a box and is not hidden, and keeps `performance.now()` of the first such frame (the frame that
 * paints it) as `window.__benchShellVisibleAt` (ms since navigation start, like a performance mark).
 */
function watchShell(selector) {
  const visible = () => {
    const element = document.querySelector(selector);
    if (!element) return false;
    const box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return false;
    return element.checkVisibility
      ? element.checkVisibility({ opacityProperty: true, visibilityProperty: true })
      : true;
  };
  window.__benchShellVisibleAt = null;
  const frame = (now) => {
    if (visible()) window.__benchShellVisibleAt = now;
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

async function poll(check, { timeoutMs, everyMs = 100 }) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (performance.now() > deadline) return null;
    await sleep(everyMs);
  }
}

/**
 * In a persistent Chromium profile (incognito contexts treat service workers differently): open `/`, wait for the
 * service worker to be active (it has precached the shell by then) and to control the page, reloading once if it
 * does not claim the first page; then go offline (`context.setOffline(true)`) and reload `reloads` times, timing
 * navigation start → shell visible: the app's `shell-visible` mark when it sets one (looked for on the online load),
 * else the first frame in which `#root > *` is visible. Every offline reload must be answered by the service worker,
 * and a network probe from the page must fail, or the figure is refused.
 */
export async function measureOfflineReload({ chromium, executablePath, baseUrl, reloads = 5, log = () => {} }) {
  const profile = mkdtempSync(join(tmpdir(), 'prestamo-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    args: CHROMIUM_FLAGS,
    headless: true,
    serviceWorkers: 'allow',
  });
  try {
    await context.addInitScript(watchShell, SHELL_SELECTOR);
    const page = context.pages()[0] ?? (await context.newPage());
    const url = new URL('/', baseUrl).href;
    const first = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    if (!first || first.status() !== 200) throw new Error(`GET / answered ${first?.status() ?? 'nothing'}`);
    if (!(await page.evaluate(() => 'serviceWorker' in navigator))) throw new Error('no navigator.serviceWorker');

    const registered = await poll(
      () => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration())),
      { timeoutMs: 15_000 },
    );
    if (!registered) throw new Error('the page registered no service worker within 15 s of load');
    const active = await poll(
      () => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active)),
      { timeoutMs: 60_000, everyMs: 250 },
    );
    if (!active) throw new Error('the service worker did not activate within 60 s (precache failed?)');
    const isControlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
    let reloadedToControl = false;
    if (!(await isControlled())) {
      reloadedToControl = true;
      await page.reload({ waitUntil: 'load' });
      if (!(await poll(isControlled, { timeoutMs: 10_000 }))) {
        throw new Error('the page is not controlled by the service worker even after a reload');
      }
    }
    const hasMark = (name) => performance.getEntriesByName(name, 'mark').length > 0;
    const method = (await poll(() => page.evaluate(hasMark, SHELL_MARK), { timeoutMs: 3_000 }))
      ? `performance mark '${SHELL_MARK}'`
      : `first frame with '${SHELL_SELECTOR}' visible (the app sets no '${SHELL_MARK}' mark)`;
    const useMark = method.startsWith('performance mark');

    await context.setOffline(true);
    log(`  offline: ${reloads} reloads, measuring the ${useMark ? 'mark' : 'selector'}…`);
    const runs = [];
    for (let i = 0; i < reloads; i += 1) {
      const response = await page.reload({ waitUntil: 'load', timeout: 30_000 });
      if (!response?.fromServiceWorker()) {
        throw new Error(`offline reload ${i + 1} was not answered by the service worker`);
      }
      const shellMs = useMark
        ? await page
            .waitForFunction((name) => performance.getEntriesByName(name, 'mark')[0]?.startTime, SHELL_MARK, {
              timeout: 10_000,
            })
            .then((handle) => handle.jsonValue())
        : await page
            .waitForFunction(() => window.__benchShellVisibleAt, null, { timeout: 10_000 })
            .then((handle) => handle.jsonValue());
      const fcpMs = await page
        .waitForFunction(() => performance.getEntriesByName('first-contentful-paint', 'paint')[0]?.startTime, null, {
          timeout: 2_000,
        })
        .then((handle) => handle.jsonValue())
        .catch(() => null);
      runs.push({ shellMs, fcpMs });
    }
    const probe = await page.evaluate(() =>
      fetch(`/health?offline-probe=${Date.now()}`, { cache: 'no-store' }).then(
        (response) => `answered ${response.status}`,
        () => 'failed',
      ),
    );
    if (probe !== 'failed') throw new Error(`the page was not offline: a fetch of /health ${probe}`);

    const values = runs.map((run) => run.shellMs);
    const medianMs = median(values);
    return {
      method,
      reloadedToControl,
      runsMs: values,
      fcpMs: runs.map((run) => run.fcpMs),
      bestMs: Math.min(...values),
      medianMs,
      aimMs: OFFLINE_AIM_MS,
      met: medianMs <= OFFLINE_AIM_MS,
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
