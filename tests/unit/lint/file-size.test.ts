// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No source file over MAX_LINES: a file that grows past it holds more than one thing a reader looks for (a form of
 * seven steps, a repository of seven concerns) and is split by what it holds, not cut at a line number.
 */
const MAX_LINES = 400;
const root = fileURLToPath(new URL('../../..', import.meta.url));

const sourceFiles = (): string[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'sw'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((path) => /\.(ts|tsx)$/.test(path));

const lineCount = (text: string): number => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

describe('source file size', () => {
  it(`no .ts/.tsx file under src/ or sw/ has more than ${MAX_LINES} lines`, () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const tooLong = files
      .map((path) => ({ path, lines: lineCount(readFileSync(`${root}${path}`, 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(tooLong).toEqual([]);
  });

  it('counts lines as an editor shows them', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('a\nb\n')).toBe(2);
  });
});
