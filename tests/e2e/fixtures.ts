import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, test as base, type BrowserContext, type Page } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './chromium.ts';
import { withCookieConsent } from './cookie-consent.ts';

/**
 * `persistentContext` / `persistentPage`: a Chromium profile on disk (temporary, one per test), launched with
 * `chromium.launchPersistentContext` and the same executable and flags as the configured browser. Unlike the
 * default incognito context, it can pass `Page.getInstallabilityErrors` (no `in-incognito`) and subscribe to Push.
 * The context's baseURL, locale and time zone follow the config's `use`.
 */
export interface PersistentFixtures {
  persistentContext: BrowserContext;
  persistentPage: Page;
  /**
   * Whether the browser already has a cookie choice stored (all categories accepted) before its first page loads.
   * Default true: the consent modal makes every page inert until a choice is made, and only the cookie tests are
   * about that modal — they set `test.use({ cookieChoiceStored: false })`.
   */
  cookieChoiceStored: boolean;
}

export const test = base.extend<PersistentFixtures>({
  cookieChoiceStored: [true, { option: true }],
  context: async ({ context, cookieChoiceStored }, use) => {
    if (cookieChoiceStored) await withCookieConsent(context);
    await use(context);
  },
  persistentContext: async ({ baseURL, locale, timezoneId, cookieChoiceStored }, use) => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'prestamo-profile-'));
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: chromiumExecutable(),
      args: chromiumArgs,
      headless: true,
      ...(baseURL ? { baseURL } : {}),
      ...(locale ? { locale } : {}),
      ...(timezoneId ? { timezoneId } : {}),
    });
    try {
      if (cookieChoiceStored) await withCookieConsent(context);
      await use(context);
    } finally {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    }
  },
  persistentPage: async ({ persistentContext }, use) => {
    const page = persistentContext.pages()[0] ?? (await persistentContext.newPage());
    await use(page);
  },
});

export { expect } from '@playwright/test';
