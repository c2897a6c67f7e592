import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS } from '../../scripts/chromium-flags.mjs';

/**
 * The Chromium the browser tests run: `CHROMIUM_PATH` (set by scripts/test.mjs from scripts/ensure-chromium.mjs),
 * else `PLAYWRIGHT_CHROMIUM_PATH`, /usr/bin/chromium, or Playwright's own download. No Chromium is an error, never a
 * skipped test: run `node scripts/ensure-chromium.mjs` (it installs Debian's package as root) or set
 * PLAYWRIGHT_CHROMIUM_PATH.
 */
export function chromiumExecutable(): string {
  const explicit = process.env.CHROMIUM_PATH || process.env.PLAYWRIGHT_CHROMIUM_PATH;
  if (explicit) {
    if (!existsSync(explicit))
      throw new Error(`Chromium not found at ${explicit} (from CHROMIUM_PATH/PLAYWRIGHT_CHROMIUM_PATH).`);
    return explicit;
  }
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser', chromium.executablePath()]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(
    'No Chromium for the browser tests. Run `node scripts/ensure-chromium.mjs` (installs the Debian/Ubuntu package when ' +
      'run as root) or set PLAYWRIGHT_CHROMIUM_PATH to a Chromium/Chrome executable. Browser tests are never skipped.',
  );
}

/** Flags for a quiet, deterministic headless Chromium in containers and CI. */
export const chromiumArgs = CHROMIUM_FLAGS;
