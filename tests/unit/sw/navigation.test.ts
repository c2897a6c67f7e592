import { describe, expect, it } from 'vitest';
import { navigationDenylist, navigationDocument } from '../../../sw/navigation.ts';

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

describe('navigations the service worker leaves to the network', () => {
  // Workbox's NavigationRoute tests its denylist against the URL's path and query.
  const denied = (pathAndQuery: string) => navigationDenylist.some((pattern) => pattern.test(pathAndQuery));

  it('the back office, at its root and every deep link, is never answered with the customer shell', () => {
    for (const path of [
      '/backoffice',
      '/backoffice/',
      '/backoffice/login',
      '/backoffice/clientes/12/documentos',
      '/backoffice?desde=correo',
    ]) {
      expect(denied(path), path).toBe(true);
    }
  });

  it('the server paths stay denied; customer routes, even ones starting with the same letters, are not', () => {
    for (const path of ['/api/common/time', '/sandbox/sms', '/logs/write', '/version.json', '/health']) {
      expect(denied(path), path).toBe(true);
    }
    for (const path of ['/', '/dashboard', '/login', '/backofficex', '/como-funciona?backoffice=1']) {
      expect(denied(path), path).toBe(false);
    }
  });
});
