// The front-end half of `npm run bench` (scripts/bench.mjs starts the built server and calls runWebBench):
//
//   1. first-visit JS + CSS of `/`            aim: ≤ 150 kB gzip            scripts/bench-web/transfer.mjs
//   2. Lighthouse 12, mobile, median of 3     aim: performance ≥ 95,        scripts/bench-web/lighthouse.mjs
//                                                  accessibility, best practices, SEO = 100
//   3. offline reload under SW control        aim: shell visible ≤ 500 ms   scripts/bench-web/offline.mjs
//                                                  (median of 5)
//
// Chromium: the one scripts/ensure-chromium.mjs finds without installing (PLAYWRIGHT_CHROMIUM_PATH, CHROMIUM_PATH,
// /usr/bin/chromium, …). A measurement that cannot run reports its error and counts as missed; no figure is ever
// made up.
import { findChromium } from './ensure-chromium.mjs';
import { LIGHTHOUSE_AIMS, runLighthouse } from './bench-web/lighthouse.mjs';
import { measureOfflineReload, OFFLINE_AIM_MS } from './bench-web/offline.mjs';
import { measureFirstVisitTransfer, TRANSFER_AIM_BYTES } from './bench-web/transfer.mjs';
import { errorText, kB, ms, withTimeout } from './bench-web/util.mjs';

const failed = (error, extra = {}) => ({ error: errorText(error), met: false, ...extra });

/**
 * Runs the three measurements against the server at `baseUrl` (use http://localhost:<port>: a secure context for
 * service workers and Lighthouse). `distDir` is the build the server serves (for the gzip figures).
 */
export async function runWebBench({ baseUrl, distDir, lighthouseRuns = 3, offlineReloads = 5, log = () => {} }) {
  const report = {
    baseUrl,
    chromium: null,
    transfer: { aimBytes: TRANSFER_AIM_BYTES },
    lighthouse: { aims: LIGHTHOUSE_AIMS },
    offline: { aimMs: OFFLINE_AIM_MS },
  };
  let found;
  try {
    // Without a client build the server answers `/` with a JSON 404: nothing to measure.
    const page = await fetch(new URL('/', baseUrl), { headers: { accept: 'text/html' } });
    await page.arrayBuffer();
    if (page.status !== 200 || !page.headers.get('content-type')?.startsWith('text/html')) {
      throw new Error(`GET / answered ${page.status} ${page.headers.get('content-type') ?? ''}: no client build?`);
    }
    found = await findChromium();
    if (!found) throw new Error('no Chromium found (set PLAYWRIGHT_CHROMIUM_PATH or install Debian’s chromium)');
  } catch (error) {
    const reason = `could not run: ${errorText(error)}`;
    for (const key of ['transfer', 'lighthouse', 'offline']) Object.assign(report[key], failed(reason));
    return report;
  }
  report.chromium = { path: found.path, version: found.version };
  const { chromium } = await import('playwright');

  log(`First visit of ${baseUrl}/ (fresh incognito context)…`);
  try {
    Object.assign(
      report.transfer,
      await withTimeout(
        measureFirstVisitTransfer({ chromium, executablePath: found.path, baseUrl, distDir }),
        120_000,
        'first visit did not finish within 120 s',
      ),
    );
  } catch (error) {
    Object.assign(report.transfer, failed(error));
  }

  log(`Lighthouse (mobile, simulated throttling), ${lighthouseRuns} runs…`);
  try {
    Object.assign(
      report.lighthouse,
      await withTimeout(
        runLighthouse({ url: new URL('/', baseUrl).href, chromePath: found.path, runs: lighthouseRuns, log }),
        lighthouseRuns * 180_000,
        `Lighthouse did not finish within ${lighthouseRuns * 3} min`,
      ),
    );
  } catch (error) {
    Object.assign(report.lighthouse, failed(error));
  }

  log('Offline reload under service-worker control (persistent profile)…');
  try {
    Object.assign(
      report.offline,
      await withTimeout(
        measureOfflineReload({ chromium, executablePath: found.path, baseUrl, reloads: offlineReloads, log }),
        300_000,
        'offline reload measurement did not finish within 5 min',
      ),
    );
  } catch (error) {
    Object.assign(report.offline, failed(error));
  }
  return report;
}

export const webMet = (web) => Boolean(web.transfer.met && web.lighthouse.met && web.offline.met);

const verdict = (part) => (part.error ? 'NOT MEASURED (missed)' : part.met ? 'met' : 'MISSED');

export function printWebReport(web) {
  const out = (line = '') => console.log(line);
  out(
    `Front-end budgets — ${web.baseUrl}/ with ${web.chromium ? `${web.chromium.version} (${web.chromium.path})` : 'no Chromium'}`,
  );
  out('');

  const t = web.transfer;
  out(`1. First-visit JS + CSS for / — aim ≤ ${kB(t.aimBytes, 0)} gzip: ${verdict(t)}`);
  if (t.error) out(`   ${t.error}`);
  else {
    out(
      `   gzip -9 ${kB(t.gzipBytes)} (budget figure) · transferred ${kB(t.transferredBytes)} incl. headers, ${kB(t.bodyBytes)} bodies · ${kB(t.rawBytes)} uncompressed · ${t.files.length} file(s)`,
    );
    const rows = [['file', 'kind', 'encoding', 'transferred', 'gzip -9', 'raw']];
    for (const f of t.files) {
      rows.push([f.path, f.kind, f.encoding, kB(f.transferredBytes), kB(f.gzipBytes), kB(f.rawBytes)]);
    }
    printRows(rows, out, '   ');
    for (const e of t.excluded) out(`   not counted: ${e.url} (${e.reason}, ${kB(e.transferredBytes)} transferred)`);
  }
  out('');

  const l = web.lighthouse;
  out(
    `2. Lighthouse ${l.version ?? '12'} ${l.formFactor ?? 'mobile'}, ${l.throttlingMethod ?? 'simulated'} throttling, median of ${l.runs ?? '–'} runs: ${verdict(l)}`,
  );
  if (l.error) out(`   ${l.error}`);
  else {
    const rows = [['category', 'median', 'runs', 'aim', '']];
    for (const [id, c] of Object.entries(l.categories)) {
      rows.push([
        id,
        c.median ?? '–',
        c.scores.join(' '),
        `${c.aim === 100 ? '= ' : '≥ '}${c.aim}`,
        c.met ? 'met' : 'MISSED',
      ]);
    }
    printRows(rows, out, '   ');
    const metric = (name) => {
      const m = l.metrics[name];
      if (m.median === null) return `${name} –`;
      return name === 'CLS' ? `${name} ${m.median.toFixed(3)}` : `${name} ${ms(m.median)}`;
    };
    out(`   metrics (median): ${Object.keys(l.metrics).map(metric).join(' · ')}`);
    for (const [id, c] of Object.entries(l.categories)) {
      if (c.met) continue;
      const audits = l.failingAudits[id] ?? [];
      out(`   ${id} below its aim; audits below Lighthouse's pass mark (0.9):${audits.length ? '' : ' none listed'}`);
      for (const a of audits) {
        out(
          `     - ${a.id} (score ${a.score}${a.displayValue ? `, ${a.displayValue}` : ''}; ${a.runs}/${l.runs} runs): ${a.title}`,
        );
        for (const item of a.items ?? []) out(`         · ${item}`);
      }
    }
    for (const warning of l.runWarnings) out(`   Lighthouse warning: ${warning}`);
    for (const problem of l.retried) out(`   a run was aborted by Lighthouse and retried: ${problem}`);
  }
  out('');

  const o = web.offline;
  out(
    `3. Offline reload of / under service-worker control — aim: shell visible ≤ ${o.aimMs} ms (median): ${verdict(o)}`,
  );
  if (o.error) out(`   ${o.error}`);
  else {
    out(
      `   best ${ms(o.bestMs)}, median ${ms(o.medianMs)} of [${o.runsMs.map((v) => Math.round(v)).join(', ')}] ms, from navigation start`,
    );
    out(
      `   measured by: ${o.method}; first contentful paint [${o.fcpMs.map((v) => (v === null ? '–' : Math.round(v))).join(', ')}] ms`,
    );
    if (o.reloadedToControl)
      out('   (the service worker did not claim the first page: reloaded once to come under its control)');
  }
}

function printRows(rows, out, indent) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  for (const row of rows) {
    out(
      `${indent}${row
        .map((cell, i) =>
          typeof cell === 'number' || /^[\d.–]+( kB)?$/.test(String(cell))
            ? String(cell).padStart(widths[i])
            : String(cell).padEnd(widths[i]),
        )
        .join('  ')
        .trimEnd()}`,
    );
  }
}
