import { describe, expect, it } from 'vitest';
import {
  APP_SHELL_FILE,
  prerenderedFileFor,
  prerenderedFileOf,
  prerenderedRouteKeys,
} from '../../../src/shared/prerendered-pages.ts';
import { buildPath } from '../../../src/shared/routes/paths.ts';

/** Which navigations have a pre-rendered page, and its file in the build (shared by the build, server and SW). */

describe('pre-rendered pages', () => {
  it('are the home page and the nine static pages', () => {
    expect(prerenderedRouteKeys.map((key) => buildPath(key))).toEqual([
      '/',
      '/como-funciona',
      '/prestamos-rapidos',
      '/miniprestamos',
      '/sobre-nosotros',
      '/cookie',
      '/politica-privacidad',
      '/terminos-condiciones',
      '/contactanos',
      '/preguntas-frecuentes',
    ]);
    expect(APP_SHELL_FILE).toBe('app.html');
  });

  it('each path has its own index.html; the home page is the build root index.html', () => {
    expect(prerenderedFileOf('/')).toBe('index.html');
    expect(prerenderedFileOf('/como-funciona')).toBe('como-funciona/index.html');
    expect(prerenderedFileFor('/')).toBe('index.html');
    expect(prerenderedFileFor('/cookie')).toBe('cookie/index.html');
    expect(prerenderedFileFor('/cookie/')).toBe('cookie/index.html');
  });

  it('any other path has none: app routes, sub-paths, other case, the redirect rows', () => {
    for (const path of [
      '/login',
      '/dashboard',
      '/r/abc',
      '/unsubscribe',
      '/cookie/x',
      '/Cookie',
      '/policita-privacidad',
      '/como-funciona//',
      '/index.html',
      '',
    ]) {
      expect(prerenderedFileFor(path), path).toBeNull();
    }
  });
});
