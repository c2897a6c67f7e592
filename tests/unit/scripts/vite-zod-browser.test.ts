import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { stubProcessors } from '../../../scripts/vite-zod-browser.ts';

/**
 * The browser build drops zod's JSON-Schema processors (scripts/vite-zod-browser.ts): checked here on the installed
 * zod's own file, so an upgrade that moves things fails this test (and the build) instead of shipping a broken zod.
 */

/** Inside the project (ignored by git): the test runner loads modules from here, not from /tmp. */
const ARTIFACTS = resolve('tests/.artifacts');
const coreDir = join(dirname(createRequire(import.meta.url).resolve('zod')), 'v4', 'core');
const original = readFileSync(join(coreDir, 'json-schema-processors.js'), 'utf8');
const exportsOf = (code: string) => [...code.matchAll(/^export (?:function|const) (\w+)/gm)].map((match) => match[1]);
mkdirSync(ARTIFACTS, { recursive: true });
const scratch = mkdtempSync(join(ARTIFACTS, 'zod-browser-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('zod JSON-Schema processors in the browser build', () => {
  const stubbed = stubProcessors(original);

  it('keeps every export of the installed zod, with aggregateChecks as it was and the processors gone', () => {
    if ('error' in stubbed) throw new Error(stubbed.error);
    expect(exportsOf(stubbed.code)).toEqual(exportsOf(original));
    expect(stubbed.code).toContain(
      original.slice(original.indexOf('export function aggregateChecks'), original.indexOf('\nconst formatMap')),
    );
    expect(stubbed.code).not.toContain('stringProcessor = (schema');
    expect(stubbed.code.length).toBeLessThan(original.length / 4);
  });

  it('runs: aggregateChecks still reads a schema, a processor throws a clear error', async () => {
    if ('error' in stubbed) throw new Error(stubbed.error);
    const file = join(scratch, 'json-schema-processors.js');
    writeFileSync(
      file,
      stubbed.code.replace(
        /from "\.\/([\w-]+\.js)"/g,
        (_all, name: string) => `from ${JSON.stringify(join(coreDir, name))}`,
      ),
    );
    const module = (await import(/* @vite-ignore */ file)) as Record<string, (...args: unknown[]) => unknown>;
    expect(module.aggregateChecks!(z.string().min(3).max(9))).toMatchObject({ minimum: 3, maximum: 9 });
    expect(() => module.stringProcessor!()).toThrow(/not part of the browser build/);
    expect(() => module.toJSONSchema!()).toThrow(/not part of the browser build/);
  });

  it('refuses a module of another shape instead of guessing', () => {
    expect(stubProcessors('export const stringProcessor = () => {};')).toEqual({
      error: "no 'const formatMap = {' to cut at",
    });
    expect(
      stubProcessors(original.replace('export function aggregateChecks', 'function aggregateChecks')),
    ).toHaveProperty('error');
  });
});
