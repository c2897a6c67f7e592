// A route's own code: the JS and CSS a logged-in customer's browser fetches when it goes from `/` to the route inside
// the app (the loan request: aim ≤ 60 kB gzip; the dashboard, same aim). What `/` already loaded
// is not counted.
import { readFileSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_FLAGS } from './util.mjs';

export const ROUTE_CHUNKS_AIM_BYTES = 60_000;

/**
 * The routes measured: the loan request for the systemApproved demo customer (it opens for them at once), the
 * dashboard for the RTB demo customer with a running loan (600000005: its summary, buttons and instalments).
 */
export const MEASURED_ROUTES = [
  { key: 'loanRequest', path: '/loan-request', heading: 'Solicita tu préstamo', phone: '600000004' },
  { key: 'dashboard', path: '/dashboard', heading: 'TU DEUDA ACTUAL', phone: '600000005' },
];

const isCode = (url) => /\.(m?js|css)(\?|$)/.test(new URL(url).pathname);

function distBytes(url, baseUrl, distDir) {
  const parsed = new URL(url);
  if (parsed.origin !== new URL(baseUrl).origin) return null;
  const root = resolve(distDir);
  const file = resolve(root, `.${decodeURIComponent(parsed.pathname)}`);
  if (!file.startsWith(root + sep)) return null;
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

/** The header's link to the client area, shown once the start-up login is done. */
const CLIENT_AREA_LINK = /^Área de clientes de /;

/**
 * Resolves once no request has been in flight for `quietMs` (Playwright's 'networkidle' load state is reached once
 * per page load: waiting for it again later returns at once).
 */
function networkQuiet(page, quietMs, timeoutMs) {
  return new Promise((resolvePromise, reject) => {
    const inFlight = new Set();
    let timer;
    const arm = () => {
      clearTimeout(timer);
      if (inFlight.size === 0) timer = setTimeout(done, quietMs);
    };
    const started = (request) => {
      inFlight.add(request);
      arm();
    };
    const ended = (request) => {
      inFlight.delete(request);
      arm();
    };
    const deadline = setTimeout(() => {
      cleanup();
      reject(new Error(`the network was not quiet for ${quietMs} ms within ${timeoutMs} ms`));
    }, timeoutMs);
    function cleanup() {
      clearTimeout(timer);
      clearTimeout(deadline);
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    }
    function done() {
      cleanup();
      resolvePromise();
    }
    page.on('request', started);
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    arm();
  });
}

/**
 * Logs the route's demo customer in through the API, opens `/` with the `jwt` start-up login in a fresh incognito
 * context (no service worker yet: every chunk comes from the network), waits until the start-up login is done (the
 * header's client area shows: start-up waits at least STARTUP_MIN_WAIT_MS, after the first network idle) and the
 * network has been quiet for a second, then navigates inside the app to the route (history.pushState + popstate, as a
 * link press does) and sums the gzip -9 size of every script and stylesheet requested after that, until the route's
 * heading shows and the network is quiet again. What a logged-in `/` loads by itself (in idle time too) is not
 * counted.
 */
export async function measureRouteChunks({ route, chromium, executablePath, baseUrl, distDir, timeoutMs = 60_000 }) {
  const customer = { phoneNumber: route.phone, password: '1234', rememberMe: false, countryCode: '+34' };
  const login = await fetch(new URL('/api/membership/login', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(customer),
  });
  if (!login.ok) throw new Error(`login of ${customer.phoneNumber} answered ${login.status}`);
  const { data } = await login.json();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const before = new Set();
    const after = new Set();
    let navigated = false;
    page.on('request', (request) => {
      if (!isCode(request.url())) return;
      (navigated ? after : before).add(request.url());
    });
    await page.goto(new URL(`/?jwt=${encodeURIComponent(data.token)}`, baseUrl).href, {
      waitUntil: 'networkidle',
      timeout: timeoutMs,
    });
    await page.getByRole('link', { name: CLIENT_AREA_LINK }).first().waitFor({ timeout: timeoutMs });
    await networkQuiet(page, 1000, timeoutMs);
    navigated = true;
    // Runs in the page (a string: this file is linted as Node code).
    await page.evaluate(
      `history.pushState({}, '', ${JSON.stringify(route.path)}); dispatchEvent(new PopStateEvent('popstate'));`,
    );
    await page.getByRole('heading', { name: route.heading }).first().waitFor({ timeout: timeoutMs });
    await networkQuiet(page, 1000, timeoutMs);
    const files = [...after]
      .filter((url) => !before.has(url))
      .map((url) => {
        const bytes = distBytes(url, baseUrl, distDir);
        if (!bytes) throw new Error(`${url} is not a file of ${distDir}`);
        return { path: new URL(url).pathname, rawBytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
      });
    const gzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
    return { files, gzipBytes, aimBytes: ROUTE_CHUNKS_AIM_BYTES, met: gzipBytes <= ROUTE_CHUNKS_AIM_BYTES };
  } finally {
    await browser.close();
  }
}
