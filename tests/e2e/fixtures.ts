import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, test as base, type BrowserContext, type Page } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './chromium.ts';

/**
 * `persistentContext` / `persistentPage`: a Chromium profile on disk (temporary, one per test), launched with
 * `chromium.launchPersistentContext` and the same executable and flags as the configured browser. Unlike the
 * default incognito context, it can pass `Page.getInstallabilityErrors` (no `in-incognito`) and subscribe to Push.
 * The context's baseURL, locale and time zone follow the config's `use`.
 */
export interface PersistentFixtures {
  persistentContext: BrowserContext;
  persistentPage: Page;
}

export const test = base.extend<PersistentFixtures>({
  persistentContext: async ({ baseURL, locale, timezoneId }, use) => {
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
