// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../../..');
// Inside the repository, so the repository's eslint.config.js applies; removed afterwards.
const dir = mkdtempSync(join(repo, 'tests', 'unit', 'lint', '.no-cycle-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Issue 10 point 6: an import cycle fails lint. */
describe('lint: import-x/no-cycle', () => {
  it('reports two modules that import each other', async () => {
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b.ts';\n\nexport const a = (): number => b() + 1;\n");
    writeFileSync(join(dir, 'b.ts'), "import { a } from './a.ts';\n\nexport const b = (): number => a() - 1;\n");
    const eslint = new ESLint({ cwd: repo });
    const results = await eslint.lintFiles([join(dir, 'a.ts'), join(dir, 'b.ts')]);
    const cycles = results.map((result) =>
      result.messages.filter((message) => message.ruleId === 'import-x/no-cycle').map((message) => message.severity),
    );
    expect(cycles).toEqual([[2], [2]]);
  }, 60_000);

  it('does not report the same two modules when the import goes one way only', async () => {
    writeFileSync(join(dir, 'c.ts'), 'export const c = (): number => 1;\n');
    writeFileSync(join(dir, 'd.ts'), "import { c } from './c.ts';\n\nexport const d = (): number => c() + 1;\n");
    const eslint = new ESLint({ cwd: repo });
    const results = await eslint.lintFiles([join(dir, 'c.ts'), join(dir, 'd.ts')]);
    expect(results.flatMap((result) => result.messages)).toEqual([]);
  }, 60_000);
});
