// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Tests reach a server module the way the rest of the product does (docs/testing.md, 'Through the contract or
 * index.ts'): over HTTP with the contract entries of src/shared/api, or through the module's index.ts. A test file
 * (or a test helper) importing src/server/modules/<module>/<any other file> fails here, with the offending imports.
 *
 * Likewise on the client: a page or feature test configures the API client through the test harness
 * (tests/unit/harness/api.ts, `configureTestApi`), never with src/lib/api/configure.ts itself; only the client's own
 * tests may import that file.
 *
 * Static text: `import … from`, `export … from`, `import('…')`, `vi.mock('…')`, `vi.doMock('…')` and
 * `vi.importActual('…')` with a relative path, resolved from the importing file.
 */

const repo = resolve(import.meta.dirname, '../../..');
const tests = join(repo, 'tests');

/**
 * Imports of a module's internals kept on purpose, `test file → imported files`, each with its reason. A file listed
 * here and no longer importing one of its files fails the test, so the list only shrinks.
 */
const ALLOWED: Record<string, { imports: string[]; why: string }> = {
  'tests/server/bank-widget.test.ts': {
    imports: ['src/server/modules/bank/service.ts'],
    why: 'fault injection: a credit decision that throws inside the scrape; the app has no seam for it',
  },
  'tests/server/direct-transfer.test.ts': {
    imports: ['src/server/modules/transfer/service.ts'],
    why: 'the init handler twice at once below the Idempotency-Key claim (as after a takeover); HTTP stops at the claim',
  },
  'tests/server/logs.test.ts': {
    imports: ['src/server/modules/logs/repository.ts'],
    why: 'the prune at small caps (3, 5), a batch larger than the cap too: the real limits never reach it over HTTP',
  },
  'tests/unit/server/holidays.test.ts': {
    imports: ['src/server/modules/misc/holidays.ts'],
    why: 'the holiday rule over any years; index.ts may not export it, or date-holidays would load at start',
  },
  'tests/unit/server/quote-cache.test.ts': {
    imports: ['src/server/modules/loan/quote-cache.ts'],
    why: "the quotes' private cache: a hit answers what a miss would, so no call shows its keys or eviction",
  },
};

/** The API client's configuration: the files (or folders, ending in '/') that may import it, each with its reason. */
const API_CONFIGURE = 'src/lib/api/configure.ts';
const API_CONFIGURE_ALLOWED: Record<string, string> = {
  'tests/unit/harness/api.ts': 'the harness: configures the client as the app does, for every other test',
  'tests/unit/lib/api/': "the API client's own tests",
  'tests/unit/lib/activity-log/': 'the activity log reads the app version and device id from the configuration',
  'tests/unit/features/documents/upload-wire.test.ts': 'the multipart upload as the client puts it on the wire',
};

const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|doMock|importActual)\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
const INTERNAL = /^src\/server\/modules\/[^/]+\/(?!index\.ts$).+/;

/** The files a source imports (relative specifiers only), relative to the repository. */
function imported(file: string, source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((match) =>
    relative(repo, resolve(dirname(join(repo, file)), match[1] as string)).replaceAll('\\', '/'),
  );
}

/** The files of src/server/modules/ other than an index.ts that a source imports, relative to the repository. */
function moduleInternalsImported(file: string, source: string): string[] {
  return [...new Set(imported(file, source).filter((path) => INTERNAL.test(path)))].sort();
}

/** Whether `file` imports the API client's configuration without being allowed to. */
function configuresApiItself(file: string, source: string): boolean {
  const allowed = Object.keys(API_CONFIGURE_ALLOWED).some((entry) =>
    entry.endsWith('/') ? file.startsWith(entry) : file === entry,
  );
  return !allowed && imported(file, source).includes(API_CONFIGURE);
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [relative(repo, path).replaceAll('\\', '/')] : [];
  });
}

describe('tests reach a server module through the contract or its index.ts', () => {
  it('finds a static, a dynamic and a mocked import of an internal file; accepts index.ts and other server code', () => {
    const source = [
      "import { a } from '../../src/server/modules/links/repay-tokens.ts';",
      "import {\n  b,\n} from '../../src/server/modules/push/repository/subscriptions.ts';",
      "const c = await import('../../src/server/modules/card/service.ts');",
      "vi.mock('../../src/server/modules/bank/texts.ts');",
      "import { d } from '../../src/server/modules/links/index.ts';",
      "import { e } from '../../src/server/db/schema/index.ts';",
      "import { f } from './helpers/app.ts';",
    ].join('\n');
    expect(moduleInternalsImported('tests/server/probe.test.ts', source)).toEqual([
      'src/server/modules/bank/texts.ts',
      'src/server/modules/card/service.ts',
      'src/server/modules/links/repay-tokens.ts',
      'src/server/modules/push/repository/subscriptions.ts',
    ]);
  });

  it('no test file or helper imports a module internal, but the allowed ones', () => {
    const offending = testFiles(tests).flatMap((file) =>
      moduleInternalsImported(file, readFileSync(join(repo, file), 'utf8'))
        .filter((path) => !ALLOWED[file]?.imports.includes(path))
        .map((path) => `${file} → ${path}`),
    );
    expect(offending).toEqual([]);
  });

  it('every allowed import is still there (the list only shrinks)', () => {
    const stale = Object.entries(ALLOWED).flatMap(([file, { imports }]) => {
      let source = '';
      try {
        source = readFileSync(join(repo, file), 'utf8');
      } catch {
        return imports.map((path) => `${file} → ${path} (file gone)`);
      }
      const found = moduleInternalsImported(file, source);
      return imports.filter((path) => !found.includes(path)).map((path) => `${file} → ${path}`);
    });
    expect(stale).toEqual([]);
  });
});

describe('tests configure the API client through the harness', () => {
  it('finds a page test importing the configuration; accepts the harness and the client’s own tests', () => {
    // Built from parts: this file's own source must not import the configuration.
    const fromFeature = '../../../../src/lib/api/configure.ts';
    const fromHarness = '../../../src/lib/api/configure.ts';
    const page = 'tests/unit/features/payment/payment-page.test.tsx';
    expect(configuresApiItself(page, `import { configureApi } from '${fromFeature}';`)).toBe(true);
    expect(configuresApiItself(page, `import type { ApiConfig } from '${fromFeature}';`)).toBe(true);
    expect(configuresApiItself(page, `vi.mock('${fromFeature}');`)).toBe(true);
    expect(configuresApiItself(page, `const api = await import('${fromFeature}');`)).toBe(true);
    expect(configuresApiItself(page, "import { configureTestApi } from '../../harness/api.ts';")).toBe(false);
    expect(configuresApiItself('tests/unit/lib/api/client.test.ts', `import '${fromFeature}';`)).toBe(false);
    expect(configuresApiItself('tests/unit/harness/api.ts', `import { configureApi } from '${fromHarness}';`)).toBe(
      false,
    );
    expect(configuresApiItself('tests/unit/harness/render-at-route.tsx', `export * from '${fromHarness}';`)).toBe(true);
  });

  it('no test file or helper imports src/lib/api/configure.ts, but the allowed ones', () => {
    const offending = testFiles(tests).filter((file) =>
      configuresApiItself(file, readFileSync(join(repo, file), 'utf8')),
    );
    expect(offending).toEqual([]);
  });
});
