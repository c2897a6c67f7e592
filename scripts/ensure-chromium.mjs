#!/usr/bin/env node
// Find a Chromium for the browser tests, installing Debian's/Ubuntu's `chromium` package when there is none and we
// run as root; otherwise fail and say how to get one. Never "skip".
//
//   node scripts/ensure-chromium.mjs [--no-install]     prints the executable's path on stdout
//
// Looked for, in order: $PLAYWRIGHT_CHROMIUM_PATH (an explicit choice: an error if it does not run),
// $CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser, Playwright's own browser cache
// ($PLAYWRIGHT_BROWSERS_PATH or ~/.cache/ms-playwright). test.mjs exports the result to Playwright as CHROMIUM_PATH
// (read by tests/playwright.config.ts and tests/e2e/fixtures.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export class ChromiumNotFoundError extends Error {
  name = 'ChromiumNotFoundError';
}

const HOW_TO = [
  'No usable Chromium was found for the browser tests. Either:',
  '  - on Debian/Ubuntu, run as root: apt-get update && apt-get install -y chromium   (npm test does this itself when run as root),',
  '  - or point PLAYWRIGHT_CHROMIUM_PATH at a Chromium/Chrome executable (e.g. PLAYWRIGHT_CHROMIUM_PATH=/opt/chrome/chrome npm test),',
  "  - or, on a machine with internet access to Playwright's CDN: npx playwright install --with-deps chromium",
].join('\n');

/** Runs `<path> --version`; returns the version line or null when it does not run. */
export function chromiumVersion(path) {
  if (!path || !existsSync(path)) return null;
  const result = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 20_000 });
  if (result.status !== 0) return null;
  const line = result.stdout.trim().split('\n').pop() ?? '';
  return /chrom/i.test(line) ? line : null;
}

/** Executables in Playwright's browser cache: the version this Playwright expects first, then any other. */
async function playwrightCacheCandidates() {
  const found = [];
  try {
    const { chromium } = await import('playwright-core');
    found.push(chromium.executablePath());
  } catch {
    // playwright-core not installed: fall through to scanning the cache folder
  }
  const cache =
    process.env.PLAYWRIGHT_BROWSERS_PATH && process.env.PLAYWRIGHT_BROWSERS_PATH !== '0'
      ? process.env.PLAYWRIGHT_BROWSERS_PATH
      : join(homedir(), '.cache', 'ms-playwright');
  try {
    const dirs = readdirSync(cache)
      .filter((name) => /^chromium(_headless_shell)?-\d+$/.test(name))
      .sort()
      .reverse();
    for (const dir of dirs) {
      for (const sub of [
        'chrome-linux64/chrome',
        'chrome-linux/chrome',
        'chrome-headless-shell-linux64/chrome-headless-shell',
        'chrome-linux/headless_shell',
      ]) {
        found.push(join(cache, dir, sub));
      }
    }
  } catch {
    // no cache folder
  }
  return found;
}

/** Finds a Chromium that runs, without installing anything. Returns `{ path, version, source }` or null. */
export async function findChromium() {
  const explicit = process.env.PLAYWRIGHT_CHROMIUM_PATH;
  if (explicit) {
    const version = chromiumVersion(explicit);
    if (!version)
      throw new ChromiumNotFoundError(
        `PLAYWRIGHT_CHROMIUM_PATH=${explicit} does not exist or does not run (\`${explicit} --version\` failed).`,
      );
    return { path: explicit, version, source: 'PLAYWRIGHT_CHROMIUM_PATH' };
  }
  const candidates = [
    [process.env.CHROMIUM_PATH, 'CHROMIUM_PATH'],
    ['/usr/bin/chromium', 'system'],
    ['/usr/bin/chromium-browser', 'system'],
    ...(await playwrightCacheCandidates()).map((path) => [path, 'Playwright cache']),
  ];
  for (const [path, source] of candidates) {
    const version = chromiumVersion(path);
    if (version) return { path, version, source };
  }
  return null;
}

function osRelease() {
  try {
    const text = readFileSync('/etc/os-release', 'utf8');
    const get = (key) => text.match(new RegExp(`^${key}="?([^"\\n]*)"?$`, 'm'))?.[1] ?? '';
    return { id: get('ID'), like: get('ID_LIKE') };
  } catch {
    return { id: '', like: '' };
  }
}

function isDebianLike() {
  const { id, like } = osRelease();
  return /\b(debian|ubuntu)\b/.test(`${id} ${like}`);
}

function aptGet(args, log) {
  log(`› apt-get ${args.join(' ')}`);
  const result = spawnSync('apt-get', args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

/** Installs the distribution's Chromium with apt-get (root on Debian/Ubuntu only). Returns true when it ran fine. */
function installWithApt(log) {
  if (!aptGet(['update'], log)) return false;
  const install = (name) =>
    aptGet(['install', '-y', '--no-install-recommends', '-o', 'Dpkg::Options::=--force-confold', name], log);
  // Debian ships `chromium`; Ubuntu's `chromium-browser` is a snap wrapper, tried only when `chromium` is absent.
  const ok = install('chromium') || install('chromium-browser');
  // Without --install-recommends no font comes along; pages would render without text glyphs. Best effort.
  if (ok) install('fonts-liberation');
  return ok;
}

/**
 * Finds Chromium, installing it with apt-get when allowed and possible. Returns `{ path, version, source }`;
 * throws ChromiumNotFoundError (with instructions) otherwise.
 */
export async function ensureChromium({ install = true, log = (line) => console.error(line) } = {}) {
  const found = await findChromium();
  if (found) return found;

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!install) throw new ChromiumNotFoundError(HOW_TO);
  if (!isRoot || !isDebianLike() || !hasApt) {
    const why = !isDebianLike() || !hasApt ? 'this is not Debian/Ubuntu with apt-get' : 'not running as root';
    throw new ChromiumNotFoundError(`${HOW_TO}\n(Automatic install skipped: ${why}.)`);
  }

  log('No Chromium found: installing the distribution package with apt-get (root on Debian/Ubuntu)…');
  installWithApt(log);
  const installed = await findChromium();
  if (installed) return { ...installed, source: 'apt-get' };
  throw new ChromiumNotFoundError(`${HOW_TO}\n(apt-get could not provide a working Chromium.)`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const found = await ensureChromium({ install: !process.argv.includes('--no-install') });
    console.error(`Chromium: ${found.path} (${found.version}; from ${found.source})`);
    console.log(found.path);
  } catch (error) {
    console.error(error instanceof ChromiumNotFoundError ? error.message : error);
    process.exit(1);
  }
}
