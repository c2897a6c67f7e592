// First-visit transfer of `/`: the JS and CSS a new visitor downloads before the page is idle.
import { readFileSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_FLAGS } from './util.mjs';

/** Budget on the gzip (level 9) size of the page's scripts and stylesheets: 130 kB (1 kB = 1000 bytes). */
export const TRANSFER_AIM_BYTES = 130_000;

const isCode = (record) =>
  record.type === 'Script' ||
  record.type === 'Stylesheet' ||
  /(java|ecma)script|text\/css/i.test(record.mimeType ?? '');

const header = (headers, name) =>
  Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1] ?? null;

/** The dist file a same-origin URL maps to (never outside `distDir`), or null. */
function distFileFor(url, baseUrl, distDir) {
  const parsed = new URL(url);
  if (parsed.origin !== new URL(baseUrl).origin) return null;
  const root = resolve(distDir);
  const file = resolve(root, `.${decodeURIComponent(parsed.pathname)}`);
  if (!file.startsWith(root + sep)) return null;
  try {
    return { file, bytes: readFileSync(file) };
  } catch {
    return null;
  }
}

/**
 * Opens `/` in a fresh incognito context of a new browser (empty HTTP cache, no service worker: a first visit),
 * waits for network idle (Playwright: no request for 500 ms) and sums, for every script and stylesheet the page
 * loaded, the bytes Chromium received (`Network.loadingFinished.encodedDataLength`: headers + encoded body) and the
 * gzip -9 size of the same file in dist/ (so the budget figure does not depend on the encoding the server chose).
 *
 * Service-worker traffic is left out on purpose: the CDP session is attached to the page's target only, and the
 * requests a service worker makes (the precache fetches after install) belong to the worker's own target, so this
 * session never sees them; in addition only requests sent before network idle are recorded. The worker's script
 * itself, when the page registers one before idle, is listed apart and not counted (it does not run in the page).
 */
export async function measureFirstVisitTransfer({ chromium, executablePath, baseUrl, distDir, timeoutMs = 60_000 }) {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const records = new Map();
    let recording = true;
    cdp.on('Network.requestWillBeSent', (event) => {
      if (!recording || event.request.url.startsWith('data:')) return;
      records.set(event.requestId, { url: event.request.url, type: event.type, initiator: event.initiator?.type });
    });
    cdp.on('Network.responseReceived', (event) => {
      const record = records.get(event.requestId);
      if (!record) return;
      Object.assign(record, {
        type: event.type,
        status: event.response.status,
        mimeType: event.response.mimeType,
        encoding: header(event.response.headers, 'content-encoding') ?? 'identity',
        headerBytes: event.response.encodedDataLength,
        fromCache: Boolean(event.response.fromDiskCache || event.response.fromPrefetchCache),
        fromServiceWorker: Boolean(event.response.fromServiceWorker),
      });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const record = records.get(event.requestId);
      if (record) record.transferredBytes = event.encodedDataLength;
    });
    cdp.on('Network.loadingFailed', (event) => {
      const record = records.get(event.requestId);
      if (record) record.failed = event.errorText;
    });
    await cdp.send('Network.enable');

    const response = await page.goto(new URL('/', baseUrl).href, { waitUntil: 'networkidle', timeout: timeoutMs });
    recording = false;
    if (!response || response.status() !== 200) {
      throw new Error(`GET / answered ${response?.status() ?? 'nothing'} (is there a client build in dist/?)`);
    }
    const serviceWorkerScripts = await page.evaluate(async () => {
      const registrations = (await navigator.serviceWorker?.getRegistrations?.()) ?? [];
      return registrations.flatMap((r) => [r.installing, r.waiting, r.active].filter(Boolean).map((w) => w.scriptURL));
    });

    const files = [];
    const excluded = [];
    for (const [requestId, record] of records) {
      if (!isCode(record)) continue;
      if (serviceWorkerScripts.includes(record.url)) {
        excluded.push({ url: record.url, reason: 'service worker script', transferredBytes: record.transferredBytes });
        continue;
      }
      if (record.failed || record.transferredBytes === undefined) {
        throw new Error(`${record.url} did not load (${record.failed ?? 'no loadingFinished'})`);
      }
      const dist = distFileFor(record.url, baseUrl, distDir);
      let source = dist?.bytes;
      if (!source) {
        // Not a dist file (another origin or a generated URL): gzip what the browser received.
        const body = await cdp.send('Network.getResponseBody', { requestId });
        source = Buffer.from(body.body, body.base64Encoded ? 'base64' : 'utf8');
      }
      files.push({
        path: new URL(record.url).origin === new URL(baseUrl).origin ? new URL(record.url).pathname : record.url,
        kind: record.type === 'Stylesheet' || /css/i.test(record.mimeType ?? '') ? 'stylesheet' : 'script',
        status: record.status,
        encoding: record.encoding,
        transferredBytes: record.transferredBytes,
        bodyBytes: record.transferredBytes - (record.headerBytes ?? 0),
        rawBytes: source.length,
        gzipBytes: gzipSync(source, { level: 9 }).length,
        gzipFrom: dist ? 'dist' : 'response',
        fromCache: record.fromCache,
      });
    }
    // CSS and scripts inlined in the document (the pre-rendered pages carry the CSS their first paint uses and the
    // app's loader) count as CSS and JS too; their bytes arrive with the HTML, so nothing is added to the
    // transferred figures.
    const documentText = await response.text();
    for (const [tag, kind] of [
      ['style', 'stylesheet'],
      ['script', 'script'],
    ]) {
      const inline = [...documentText.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)<\\/${tag}>`, 'g'))]
        .filter((match) => !/\bsrc=/.test(match[1]) && match[2].trim().length > 0)
        .map((match) => match[2])
        .join('\n');
      if (inline.length === 0) continue;
      const source = Buffer.from(inline);
      files.push({
        path: `/ (inline <${tag}>)`,
        kind,
        status: response.status(),
        encoding: 'in HTML',
        transferredBytes: 0,
        bodyBytes: 0,
        rawBytes: source.length,
        gzipBytes: gzipSync(source, { level: 9 }).length,
        gzipFrom: 'response',
        fromCache: false,
      });
    }
    if (!files.some((file) => file.kind === 'script')) {
      throw new Error('the page loaded no script before network idle: not a build of the SPA?');
    }
    files.sort((a, b) => b.gzipBytes - a.gzipBytes);
    const sum = (key) => files.reduce((total, file) => total + file[key], 0);
    const gzipBytes = sum('gzipBytes');
    return {
      files,
      excluded,
      transferredBytes: sum('transferredBytes'),
      bodyBytes: sum('bodyBytes'),
      rawBytes: sum('rawBytes'),
      gzipBytes,
      aimBytes: TRANSFER_AIM_BYTES,
      met: gzipBytes <= TRANSFER_AIM_BYTES,
    };
  } finally {
    await browser.close();
  }
}
