import type { BrowserContext, Page } from '@playwright/test';

/**
 * The cookie consent modal (src/features/cookies) covers every page of a browser that has not decided yet, and a
 * native modal dialog makes the rest of the page inert. Browser tests that are not about it decide first:
 *
 * - `acceptCookies(page)`: press 'ACEPTAR' on the modal the page shows (the choice is stored for the context);
 * - `withCookieConsent(context, consent?)`: before any page of the context loads, store a choice in IndexedDB the
 *   way the app does (database `prestamo-rapido`, store `state`, key `cookieConsent`, `{ value, expiresAt }`), so the
 *   modal never shows. The init script's write is queued before the app's first read of the same store.
 */

export type CookieChoice = Readonly<{
  strictlyNecessary: true;
  analyticsPerformance: boolean;
  functional: boolean;
  fullStoryVideo: boolean;
  advertisingPurposing: boolean;
}>;

export const ALL_COOKIES: CookieChoice = {
  strictlyNecessary: true,
  analyticsPerformance: true,
  functional: true,
  fullStoryVideo: true,
  advertisingPurposing: true,
};

export async function acceptCookies(page: Page): Promise<void> {
  await page
    .getByRole('dialog', { name: 'Tu privacidad' })
    .getByRole('button', { name: 'ACEPTAR', exact: true })
    .click();
  await page.getByRole('dialog', { name: 'Tu privacidad' }).waitFor({ state: 'detached' });
}

export async function withCookieConsent(context: BrowserContext, consent: CookieChoice = ALL_COOKIES): Promise<void> {
  await context.addInitScript((value) => {
    const open = indexedDB.open('prestamo-rapido');
    open.onupgradeneeded = () => open.result.createObjectStore('state');
    open.onsuccess = () => {
      const db = open.result;
      const transaction = db.transaction('state', 'readwrite');
      const store = transaction.objectStore('state');
      const read = store.get('cookieConsent');
      read.onsuccess = () => {
        if (read.result === undefined) {
          store.put({ value, expiresAt: Date.now() + 365 * 24 * 60 * 60 * 1000 }, 'cookieConsent');
        }
      };
      transaction.oncomplete = () => db.close();
    };
  }, consent);
}

/** The stored cookie choice of the page's origin, as the app wrote it (null when none). */
export async function storedCookieConsent(page: Page): Promise<CookieChoice | null> {
  return page.evaluate(
    () =>
      new Promise<CookieChoice | null>((resolve, reject) => {
        const open = indexedDB.open('prestamo-rapido');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('state')) return resolve(null);
          const read = db.transaction('state').objectStore('state').get('cookieConsent');
          read.onsuccess = () => {
            db.close();
            resolve((read.result as { value: CookieChoice } | undefined)?.value ?? null);
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );
}
