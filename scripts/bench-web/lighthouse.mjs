// Lighthouse 12 on one page: default (mobile) config with its simulated throttling, several runs, medians.
import { CHROMIUM_FLAGS, median } from './util.mjs';

/** The pages audited: the home page and a static page, both pre-rendered (they must paint from their HTML). */
export const LIGHTHOUSE_PAGES = ['/', '/como-funciona'];

/** Aims per category, in Lighthouse points (0–100). */
export const LIGHTHOUSE_AIMS = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };

/** Aims on the paint metrics (median, ms): the pre-rendered HTML paints before the JavaScript arrives. */
export const LIGHTHOUSE_METRIC_AIMS_MS = { FCP: 900, LCP: 1000 };

export const LIGHTHOUSE_METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
};

/** Audits that carry a pass/fail score (the others are informative, manual or not applicable). */
const SCORED_MODES = new Set(['binary', 'numeric', 'metricSavings']);
/** Lighthouse's own pass mark: the report shows an audit as passed from 0.9 up. */
const PASS_SCORE = 0.9;
const MAX_RETRIES = 2;

/** A few words per offending item of an audit (console message, URL, element), for the report. */
function itemSummaries(audit, limit = 3) {
  const items = audit.details?.items ?? [];
  const text = (item) => {
    const what = item.description ?? item.node?.snippet ?? item.node?.selector ?? item.label ?? item.issueType ?? null;
    const where = item.url ?? item.sourceLocation?.url ?? item.source?.url ?? item.subItems?.items?.[0]?.url ?? null;
    return what && where ? `${what} (${where})` : (what ?? where);
  };
  return items
    .map(text)
    .filter((value) => typeof value === 'string' && value.length > 0)
    .slice(0, limit)
    .map((value) => (value.length > 160 ? `${value.slice(0, 157)}…` : value));
}

function failingAudits(lhr, categoryId) {
  const failing = [];
  for (const ref of lhr.categories[categoryId]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || !SCORED_MODES.has(audit.scoreDisplayMode) || audit.score === null) continue;
    if (audit.score < PASS_SCORE) {
      failing.push({
        id: ref.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue ?? null,
        items: itemSummaries(audit),
      });
    }
  }
  return failing;
}

/**
 * `runs` Lighthouse runs of `url`, each in a new Chromium (chrome-launcher, fresh profile, `--headless=new`).
 * Resolves with the median score per category (Lighthouse points), the median of the key metrics, and the audits
 * below Lighthouse's pass mark per category with the number of runs they failed in.
 */
export async function runLighthouse({ url, chromePath, runs = 3, log = () => {} }) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const categoryIds = Object.keys(LIGHTHOUSE_AIMS);
  const results = [];
  // A run that Lighthouse itself aborts (runtimeError such as NO_NAVSTART on a busy machine: "run Lighthouse
  // again") is retried, at most MAX_RETRIES times over all runs; the retries are reported.
  const retried = [];
  while (results.length < runs) {
    log(`  Lighthouse run ${results.length + 1}/${runs}${retried.length ? ` (after ${retried.length} retried)` : ''}…`);
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categoryIds,
      });
      if (!result) throw new Error('Lighthouse returned no result');
      const { lhr } = result;
      if (!lhr.runtimeError) results.push(lhr);
      else {
        const problem = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
        if (retried.length >= MAX_RETRIES) throw new Error(`Lighthouse failed again (${problem})`);
        log(`  Lighthouse run aborted (${problem}); retrying…`);
        retried.push(problem);
      }
    } finally {
      await chrome.kill();
    }
  }

  const first = results[0];
  const categories = {};
  for (const id of categoryIds) {
    const scores = results.map((lhr) => lhr.categories[id]?.score);
    if (scores.some((score) => typeof score !== 'number')) {
      categories[id] = { scores, median: null, aim: LIGHTHOUSE_AIMS[id], met: false, error: 'no score in some run' };
      continue;
    }
    const points = scores.map((score) => Math.round(score * 100));
    const middle = median(points);
    categories[id] = { scores: points, median: middle, aim: LIGHTHOUSE_AIMS[id], met: middle >= LIGHTHOUSE_AIMS[id] };
  }

  const metrics = {};
  for (const [name, id] of Object.entries(LIGHTHOUSE_METRICS)) {
    const values = results.map((lhr) => lhr.audits[id]?.numericValue).filter((v) => typeof v === 'number');
    const middle = median(values);
    const aim = LIGHTHOUSE_METRIC_AIMS_MS[name] ?? null;
    metrics[name] = {
      audit: id,
      unit: name === 'CLS' ? 'unitless' : 'ms',
      runs: values,
      median: middle,
      ...(aim === null ? {} : { aimMs: aim, met: middle !== null && middle <= aim }),
    };
  }

  // Per category: each audit below the pass mark in any run, with how many runs it failed in (worst score shown).
  const failing = {};
  for (const id of categoryIds) {
    const byId = new Map();
    for (const lhr of results) {
      for (const audit of failingAudits(lhr, id)) {
        const seen = byId.get(audit.id);
        if (!seen) byId.set(audit.id, { ...audit, runs: 1 });
        else {
          seen.runs += 1;
          if (audit.score < seen.score) Object.assign(seen, { score: audit.score, displayValue: audit.displayValue });
        }
      }
    }
    failing[id] = [...byId.values()].sort((a, b) => b.runs - a.runs || a.score - b.score);
  }

  return {
    version: first.lighthouseVersion,
    chromeVersion: first.environment?.hostUserAgent ?? null,
    formFactor: first.configSettings.formFactor,
    throttlingMethod: first.configSettings.throttlingMethod,
    runs: results.length,
    // Lighthouse's own CPU benchmark at the start of each run (higher is faster): on a shared machine it shows how
    // busy the machine was, which is what moves TBT (the simulation multiplies the observed tasks by 4).
    benchmarkIndex: results.map((lhr) => lhr.environment?.benchmarkIndex ?? null),
    retried,
    categories,
    metrics,
    failingAudits: failing,
    runWarnings: [...new Set(results.flatMap((lhr) => lhr.runWarnings ?? []))],
    met:
      Object.values(categories).every((category) => category.met) &&
      Object.values(metrics).every((metric) => metric.met !== false),
  };
}
