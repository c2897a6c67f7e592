import { describe, expect, it } from 'vitest';
import { navigationDocument } from '../../../sw/navigation.ts';

/** The precached document the service worker answers a navigation with (sw/navigation.ts). */

const precache =
  (...urls: string[]) =>
  (url: string) =>
    urls.includes(url);
const full = precache('/index.html', '/app.html', '/como-funciona/index.html', '/cookie/index.html');

describe('navigations under the service worker', () => {
  it('a pre-rendered page gets its own precached HTML (home included)', () => {
    expect(navigationDocument('/como-funciona', full)).toBe('/como-funciona/index.html');
    expect(navigationDocument('/cookie/', full)).toBe('/cookie/index.html');
    expect(navigationDocument('/', full)).toBe('/index.html');
  });

  it('any other navigation gets the app shell, never the home page', () => {
    for (const path of ['/dashboard', '/r/demo-600000004', '/unsubscribe', '/no-existe', '/Como-Funciona']) {
      expect(navigationDocument(path, full), path).toBe('/app.html');
    }
  });

  it('a static page missing from the precache gets the shell; a precache without a shell (older build) index.html', () => {
    expect(navigationDocument('/preguntas-frecuentes', full)).toBe('/app.html');
    expect(navigationDocument('/dashboard', precache('/index.html'))).toBe('/index.html');
  });
});
