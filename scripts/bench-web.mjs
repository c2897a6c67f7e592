// The front-end half of `npm run bench` (scripts/bench.mjs starts the built server and calls runWebBench):
//
//   1. first-visit JS + CSS of `/`            aim: ≤ 130 kB gzip            scripts/bench-web/transfer.mjs
//   2. Lighthouse 12, mobile, median of 3,    aim: performance ≥ 98,        scripts/bench-web/lighthouse.mjs
//      on / and on /como-funciona                  FCP ≤ 0.9 s, LCP ≤ 1.0 s,
//                                                  accessibility, best practices, SEO = 100
//   3. offline reload under SW control        aim: shell visible ≤ 500 ms   scripts/bench-web/offline.mjs
//                                                  (median of 5)
//   4. reopening the installed app on        aim: the debt on screen        scripts/bench-web/reopen.mjs
//      /dashboard, logged in, SW in control        ≤ 500 ms at 4× CPU (median of 5)
//
// `parts` (bench.mjs `--web-parts`) runs only some of them: transfer, routes, lighthouse, offline, reopen.
//
// Chromium: the one scripts/ensure-chromium.mjs finds without installing (PLAYWRIGHT_CHROMIUM_PATH, CHROMIUM_PATH,
// /usr/bin/chromium, …). A measurement that cannot run reports its error and counts as missed; no figure is ever
// made up.
import { findChromium } from './ensure-chromium.mjs';
import {
  LIGHTHOUSE_AIMS,
  LIGHTHOUSE_METRIC_AIMS_MS,
  LIGHTHOUSE_PAGES,
  runLighthouse,
} from './bench-web/lighthouse.mjs';
import { measureOfflineReload, OFFLINE_AIM_MS } from './bench-web/offline.mjs';
import { measureReopen, REOPEN_AIM_MS, REOPEN_AIM_RATE } from './bench-web/reopen.mjs';
import { measureRouteChunks, MEASURED_ROUTES, ROUTE_CHUNKS_AIM_BYTES } from './bench-web/route-chunks.mjs';
import { measureFirstVisitTransfer, TRANSFER_AIM_BYTES } from './bench-web/transfer.mjs';
import { errorText, kB, ms, withTimeout } from './bench-web/util.mjs';

const failed = (error, extra = {}) => ({ error: errorText(error), met: false, ...extra });

/**
 * Runs the three measurements against the server at `baseUrl` (use http://localhost:<port>: a secure context for
 * service workers and Lighthouse). `distDir` is the build the server serves (for the gzip figures).
 */
export const WEB_PARTS = ['transfer', 'routes', 'lighthouse', 'offline', 'reopen'];

export async function runWebBench({
  baseUrl,
  distDir,
  lighthouseRuns = 3,
  offlineReloads = 5,
  reopenRuns = 5,
  parts = WEB_PARTS,
  log = () => {},
}) {
  const report = {
    baseUrl,
    chromium: null,
    transfer: { aimBytes: TRANSFER_AIM_BYTES },
    loanRequestChunks: { aimBytes: ROUTE_CHUNKS_AIM_BYTES },
    dashboardChunks: { aimBytes: ROUTE_CHUNKS_AIM_BYTES },
    lighthouse: { aims: LIGHTHOUSE_AIMS, metricAimsMs: LIGHTHOUSE_METRIC_AIMS_MS, pages: [] },
    offline: { aimMs: OFFLINE_AIM_MS },
    reopen: { aimMs: REOPEN_AIM_MS, aimRate: REOPEN_AIM_RATE },
    skipped: WEB_PARTS.filter((part) => !parts.includes(part)),
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
    for (const key of ['transfer', 'loanRequestChunks', 'dashboardChunks', 'lighthouse', 'offline', 'reopen']) {
      Object.assign(report[key], failed(reason));
    }
    return report;
  }
  report.chromium = { path: found.path, version: found.version };
  const { chromium } = await import('playwright');

  /** Runs one measurement into its part of the report, or records why it could not run. */
  const measure = async (part, work, timeoutMs, timeoutMessage) => {
    try {
      Object.assign(part, await withTimeout(work(), timeoutMs, timeoutMessage));
    } catch (error) {
      Object.assign(part, failed(error));
    }
  };
  const executablePath = found.path;

  if (parts.includes('transfer')) {
    log(`First visit of ${baseUrl}/ (fresh incognito context)…`);
    await measure(
      report.transfer,
      () => measureFirstVisitTransfer({ chromium, executablePath, baseUrl, distDir }),
      120_000,
      'first visit did not finish within 120 s',
    );
  }

  for (const route of parts.includes('routes') ? MEASURED_ROUTES : []) {
    log(`The ${route.path} route’s own chunks (demo customer ${route.phone}, from / to ${route.path} in the app)…`);
    await measure(
      report[`${route.key}Chunks`],
      () => measureRouteChunks({ route, chromium, executablePath, baseUrl, distDir }),
      120_000,
      `${route.path} did not open within 120 s`,
    );
  }

  // One result per page ({ path, …runLighthouse's result or error }); the whole part is met when every page is.
  for (const path of parts.includes('lighthouse') ? LIGHTHOUSE_PAGES : []) {
    log(`Lighthouse on ${path} (mobile, simulated throttling), ${lighthouseRuns} runs…`);
    try {
      report.lighthouse.pages.push({
        path,
        ...(await withTimeout(
          runLighthouse({ url: new URL(path, baseUrl).href, chromePath: found.path, runs: lighthouseRuns, log }),
          lighthouseRuns * 180_000,
          `Lighthouse did not finish within ${lighthouseRuns * 3} min`,
        )),
      });
    } catch (error) {
      report.lighthouse.pages.push({ path, ...failed(error) });
    }
  }
  report.lighthouse.met = report.lighthouse.pages.every((page) => page.met);
  const pageError = report.lighthouse.pages.find((page) => page.error);
  if (pageError) report.lighthouse.error = `${pageError.path}: ${pageError.error}`;

  if (parts.includes('offline')) {
    log('Offline reload under service-worker control (persistent profile)…');
    await measure(
      report.offline,
      () => measureOfflineReload({ chromium, executablePath, baseUrl, reloads: offlineReloads, log }),
      300_000,
      'offline reload measurement did not finish within 5 min',
    );
  }

  if (parts.includes('reopen')) {
    log('Reopening /dashboard, logged in, service worker in control (persistent profile)…');
    await measure(
      report.reopen,
      () => measureReopen({ chromium, executablePath, baseUrl, runs: reopenRuns, log }),
      600_000,
      'the reopen measurement did not finish within 10 min',
    );
  }
  return report;
}

export const webMet = (web) =>
  Boolean(
    (web.skipped.includes('transfer') || web.transfer.met) &&
    (web.skipped.includes('routes') || MEASURED_ROUTES.every((route) => web[`${route.key}Chunks`]?.met)) &&
    (web.skipped.includes('lighthouse') || web.lighthouse.met) &&
    (web.skipped.includes('offline') || web.offline.met) &&
    (web.skipped.includes('reopen') || web.reopen.met),
  );

const verdict = (part) => (part.error ? 'NOT MEASURED (missed)' : part.met ? 'met' : 'MISSED');

export function printWebReport(web) {
  const out = (line = '') => console.log(line);
  out(
    `Front-end budgets — ${web.baseUrl}/ with ${web.chromium ? `${web.chromium.version} (${web.chromium.path})` : 'no Chromium'}`,
  );
  out('');

  const skipped = (part) => (web.skipped ?? []).includes(part);
  if (skipped.length) out(`Not run (--web-parts): ${web.skipped.join(', ')}`);
  const t = web.transfer;
  if (!skipped('transfer')) {
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
  }

  for (const route of skipped('routes') ? [] : MEASURED_ROUTES) {
    const r = web[`${route.key}Chunks`];
    if (!r) continue;
    out(
      `   The ${route.path} route's own JS + CSS (/ → ${route.path}) — aim ≤ ${kB(r.aimBytes, 0)} gzip: ${verdict(r)}`,
    );
    if (r.error) out(`   ${r.error}`);
    else {
      out(`   gzip -9 ${kB(r.gzipBytes)} · ${r.files.length} file(s)`);
      const rows = [['file', 'gzip -9', 'raw']];
      for (const f of r.files) rows.push([f.path, kB(f.gzipBytes), kB(f.rawBytes)]);
      printRows(rows, out, '   ');
    }
    out('');
  }

  const l = web.lighthouse;
  if (!skipped('lighthouse')) {
    const measured = (l.pages ?? []).filter((page) => !page.error);
    const first = measured[0] ?? {};
    out(
      `2. Lighthouse ${first.version ?? '12'} ${first.formFactor ?? 'mobile'}, ${first.throttlingMethod ?? 'simulated'} throttling, median of ${first.runs ?? '–'} runs: ${verdict(l)}`,
    );
    for (const page of l.pages ?? []) if (page.error) out(`   ${page.path}: ${page.error}`);
    if (l.error && !(l.pages ?? []).length) out(`   ${l.error}`);
    if (measured.length > 0) {
      const rows = [['', ...measured.map((page) => page.path), 'aim']];
      for (const id of Object.keys(l.aims)) {
        rows.push([
          id,
          ...measured.map((page) => {
            const c = page.categories[id];
            return `${c.median ?? '–'} (${c.scores.join(' ')})${c.met ? '' : ' MISSED'}`;
          }),
          `${l.aims[id] === 100 ? '= ' : '≥ '}${l.aims[id]}`,
        ]);
      }
      for (const name of Object.keys(first.metrics)) {
        rows.push([
          name,
          ...measured.map((page) => {
            const m = page.metrics[name];
            if (m.median === null) return '–';
            const value = name === 'CLS' ? m.median.toFixed(3) : ms(m.median);
            // TBT varies most from run to run on a shared machine: its runs are shown.
            const shown = name === 'TBT' ? `${value} (${m.runs.map((run) => Math.round(run)).join(' ')})` : value;
            return m.met === false ? `${shown} MISSED` : shown;
          }),
          l.metricAimsMs?.[name] ? `≤ ${ms(l.metricAimsMs[name])}` : '',
        ]);
      }
      rows.push([
        'CPU index',
        ...measured.map((page) =>
          (page.benchmarkIndex ?? []).map((index) => (index === null ? '–' : Math.round(index))).join(' '),
        ),
        '(Lighthouse benchmarkIndex per run)',
      ]);
      printRows(rows, out, '   ');
      for (const page of measured) {
        for (const [id, c] of Object.entries(page.categories)) {
          if (c.met) continue;
          const audits = page.failingAudits[id] ?? [];
          out(
            `   ${page.path}: ${id} below its aim; audits below Lighthouse's pass mark (0.9):${audits.length ? '' : ' none listed'}`,
          );
          for (const a of audits) {
            out(
              `     - ${a.id} (score ${a.score}${a.displayValue ? `, ${a.displayValue}` : ''}; ${a.runs}/${page.runs} runs): ${a.title}`,
            );
            for (const item of a.items ?? []) out(`         · ${item}`);
          }
        }
        for (const warning of page.runWarnings) out(`   ${page.path}: Lighthouse warning: ${warning}`);
        for (const problem of page.retried)
          out(`   ${page.path}: a run was aborted by Lighthouse and retried: ${problem}`);
      }
    }
    out('');
  }

  const o = web.offline;
  if (!skipped('offline')) {
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
    out('');
  }

  const r = web.reopen;
  if (!skipped('reopen')) {
    out(
      `4. Reopening /dashboard (logged in, service worker in control) — aim: the debt on screen ≤ ${r.aimMs} ms at ${r.aimRate}× CPU (median): ${verdict(r)}`,
    );
    if (r.error) out(`   ${r.error}`);
    else {
      for (const entry of r.rates) {
        const runs = (values) => values.map((v) => Math.round(v)).join(', ');
        out(
          `   ${entry.rate}× CPU: debt on screen median ${ms(entry.medianDebtMs)} [${runs(entry.debtMs)}]; fresh answer on screen median ${ms(entry.medianFreshMs)} [${runs(entry.freshMs)}]`,
        );
        out(
          `      document answered ${ms(entry.medianResponseEndMs)}, document's first script ${ms(entry.medianDocumentMs)}, app CSS ${ms(entry.medianCssMs)}, snapshot script ran ${ms(entry.medianSnapshotMs)}, first paint ${ms(entry.medianFirstPaintMs)}, shell painted ${ms(entry.medianShellMs)} (medians) · shown first: ${entry.shown.join(' | ')} · fresh: ${entry.fresh.join(' | ')}`,
        );
      }
      out(`   from navigation start; demo customer ${r.phone}, a new page per opening (one unmeasured first)`);
    }
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
