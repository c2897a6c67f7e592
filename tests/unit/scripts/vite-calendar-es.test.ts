import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calendarStringsEsOnly, gregorianOnly } from '../../../scripts/vite-calendar-es.ts';

/**
 * The browser build trims React Aria's calendar to es-ES strings and the Gregorian calendar (scripts/vite-calendar-es.ts):
 * checked on the installed packages' own files, so an upgrade that changes them fails here (and the build).
 */
const require = createRequire(import.meta.url);
const stringsFile = join(
  dirname(require.resolve('react-aria-components')),
  ...['..', '..', '..', 'react-aria', 'dist', 'private', 'calendar', 'intlStrings.mjs'],
);
const dateDir = join(dirname(require.resolve('@internationalized/date')), 'private');

const importedFile = (code: string, from: string) => {
  const path = /from "([^"]+)"/.exec(code)?.[1];
  if (!path) throw new Error('no import');
  return join(from, path);
};

describe('the calendar trimmed for Spanish in the browser build', () => {
  it('keeps only the es-ES screen-reader strings, read from their own module', () => {
    const trimmed = calendarStringsEsOnly(readFileSync(stringsFile, 'utf8'));
    if ('error' in trimmed) throw new Error(trimmed.error);
    expect(trimmed.code).toContain("export default { 'es-ES': es }");
    const spanish = importedFile(trimmed.code, dirname(stringsFile));
    expect(spanish).toMatch(/es-ES\.mjs$/);
    expect(readFileSync(spanish, 'utf8')).toContain('Primera fecha disponible');
  });

  it('makes createCalendar give the Gregorian calendar only', () => {
    const file = join(dateDir, 'createCalendar.mjs');
    const trimmed = gregorianOnly(readFileSync(file, 'utf8'));
    if ('error' in trimmed) throw new Error(trimmed.error);
    expect(trimmed.code).toContain('export function createCalendar()');
    expect(trimmed.code).not.toMatch(/Japanese|Hebrew|Islamic/);
    expect(existsSync(importedFile(trimmed.code, dateDir))).toBe(true);
  });

  it('refuses modules that are not the expected shape', () => {
    expect(calendarStringsEsOnly('export default {};')).toHaveProperty('error');
    expect(gregorianOnly('export function createCalendar() {}')).toHaveProperty('error');
  });
});
