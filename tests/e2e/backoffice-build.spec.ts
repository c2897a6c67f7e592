import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.ts';

/**
 * The two client builds as the server serves them (`npm run build`: vite.config.ts, then vite.backoffice.config.ts):
 * nothing of the back office in the customer's service worker precache or in any customer chunk, first load
 * included; the back office's page in dist/backoffice/ with its hashed script, made of no customer feature. Reads
 * the built dist/ the browser tests run against (E2E_DIST_DIR, as smoke.spec.ts does).
 */

const dist = process.env.E2E_DIST_DIR ?? fileURLToPath(new URL('../../dist', import.meta.url));
const read = (path: string): string => readFileSync(join(dist, path), 'utf8');

/** The modules a chunk was built from, as its sourcemap lists them. */
const sourcesOf = (chunk: string): string[] => (JSON.parse(read(`${chunk}.map`)) as { sources: string[] }).sources;

test("the customer's service worker precaches no back-office file", () => {
  const worker = read('service-worker.js');
  const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] ?? '');
  expect(urls.length).toBeGreaterThan(100);
  expect(urls).toContain('index.html');
  expect(urls.filter((url) => url.includes('backoffice'))).toEqual([]);
});

test('no customer chunk holds a back-office module, the first-load chunk included', () => {
  // The first load: the scripts the shell and the home page name (entry and its preloads), as `src`/`href` or in the
  // shell's inline start-up script's `data-app-modules`/`data-app-preloads` (the reopen snapshot starts them itself).
  const firstLoad = new Set(
    ['index.html', 'app.html'].flatMap((page) => [
      ...[...read(page).matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? ''),
      ...[...read(page).matchAll(/data-app-(?:modules|preloads)="([^"]+)"/g)].flatMap((match) =>
        (match[1] ?? '').split(' ').map((url) => url.replace(/^\//, '')),
      ),
    ]),
  );
  expect([...firstLoad].some((chunk) => /^assets\/app-[\w-]+\.js$/.test(chunk))).toBe(true);
  const chunks = readdirSync(join(dist, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `assets/${name}`);
  let mapped = 0;
  for (const chunk of chunks) {
    // A chunk's sourcemap names its modules (a chunk that only re-exports another has none); its text holds no
    // back-office text either way.
    if (existsSync(join(dist, `${chunk}.map`))) {
      mapped += 1;
      expect(
        sourcesOf(chunk).filter((source) => source.includes('src/backoffice/')),
        chunk,
      ).toEqual([]);
      // Nor the staff's contract: its entries, schemas and error texts (a staff call of a module that serves
      // customers too is filed in `<module>-staff.ts` for this).
      expect(
        sourcesOf(chunk).filter((source) =>
          /src\/shared\/api\/(?:[\w-]+-staff|staff|staff-error-codes|audit)\.ts$/.test(source),
        ),
        chunk,
      ).toEqual([]);
    }
    expect(read(chunk), chunk).not.toMatch(/Acceso de empleados|Panel de gestión/);
  }
  expect(mapped).toBeGreaterThan(100);
  for (const chunk of firstLoad) expect(chunks).toContain(chunk);
});

test('dist/backoffice/index.html loads its hashed script, built from the back office and no customer feature', () => {
  expect(existsSync(join(dist, 'backoffice', 'index.html'))).toBe(true);
  const page = read('backoffice/index.html');
  expect(page).toContain('<html lang="es">');
  expect(page).toContain('<title>Panel de gestión</title>');
  expect(page).toContain('<meta name="robots" content="noindex" />');
  expect(page).not.toMatch(/manifest|service-worker/);
  const script = /<script type="module" crossorigin src="\/backoffice\/(assets\/index-[\w-]{8}\.js)"><\/script>/.exec(
    page,
  )?.[1];
  expect(script, 'hashed entry script').toBeDefined();
  const sources = sourcesOf(`backoffice/${script}`);
  expect(sources.some((source) => source.endsWith('src/backoffice/main.tsx'))).toBe(true);
  expect(sources.filter((source) => /src\/(features|app)\//.test(source))).toEqual([]);
  // No service worker of its own.
  expect(readdirSync(join(dist, 'backoffice'))).not.toContain('service-worker.js');
});
