// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { build, type Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from '../../../scripts/vite-compile-hints.ts';

/**
 * The first-load chunk carries V8's compile hint on its first line (scripts/vite-compile-hints.ts), through a real
 * minifying build: the minifier drops comments, so the hint is added to the finished chunk, and its source map must
 * still point every position at the right source line.
 */

const ARTIFACTS = resolve('tests/.artifacts');
mkdirSync(ARTIFACTS, { recursive: true });
const scratch = mkdtempSync(join(ARTIFACTS, 'compile-hints-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

writeFileSync(
  join(scratch, 'entry.js'),
  [
    '// The start-up code.',
    'export function greet(name) {',
    "  return 'Hola, ' + name + ': tu préstamo en 10 minutos';",
    '}',
    "document.title = greet(location.hash.slice(1) || 'cliente');",
    "document.body.addEventListener('click', () => import('./later.js').then((later) => later.show()));",
    '',
  ].join('\n'),
);
writeFileSync(join(scratch, 'later.js'), "export function show() {\n  document.body.append('Solo tras un clic');\n}\n");

async function buildFixture(): Promise<Rolldown.OutputBundle[string][]> {
  const result = await build({
    root: scratch,
    configFile: false,
    logLevel: 'silent',
    plugins: [compileHints({ chunks: ['app'] })],
    build: {
      write: false,
      minify: true,
      sourcemap: true,
      modulePreload: false,
      rolldownOptions: { input: { app: join(scratch, 'entry.js') } },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  return outputs.flatMap((output) => ('output' in output ? output.output : []));
}

describe('compileHints', () => {
  it('puts the hint on the first line of the named chunk only, and its source map still maps every line', async () => {
    const files = await buildFixture();
    const chunks = files.filter((file) => file.type === 'chunk');
    const app = chunks.find((chunk) => chunk.name === 'app');
    const later = chunks.find((chunk) => chunk.name === 'later');
    if (!app || !later) throw new Error(`chunks built: ${chunks.map((chunk) => chunk.name).join(', ')}`);

    expect(app.code.startsWith(`${COMPILE_HINT}\n`)).toBe(true);
    expect(app.code.indexOf(COMPILE_HINT, 1)).toBe(-1);
    expect(later.code).not.toContain(COMPILE_HINT);

    // A literal of the source's line 3, found in the output, maps back to line 3 of entry.js, by the chunk's map and
    // by the emitted .map file alike.
    const at = app.code.indexOf('Hola, ');
    const before = app.code.slice(0, at);
    const position = { line: before.split('\n').length, column: at - before.lastIndexOf('\n') - 1 };
    expect(position.line).toBeGreaterThan(1);
    const mapFile = files.find((file) => file.type === 'asset' && file.fileName === `${app.fileName}.map`);
    const maps = [app.map, mapFile?.type === 'asset' ? String(mapFile.source) : null].filter((map) => map !== null);
    expect(maps.length).toBeGreaterThan(0);
    for (const map of maps) {
      const original = originalPositionFor(new TraceMap(typeof map === 'string' ? map : JSON.stringify(map)), position);
      expect(original.source).toMatch(/entry\.js$/);
      expect(original.line).toBe(3);
    }
  });
});
