// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The lint zones between the customer's app and the back office (eslint.config.js, docs/backoffice.md §6): the
 * customer tree never imports src/backoffice; the back office never imports the customer's features or shell, and
 * shares only src/lib and src/shared. Lints small in-memory sources with the repository's own config.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

const RULE = 'import-x/no-restricted-paths';

async function boundaryErrors(filePath: string, importPath: string): Promise<string[]> {
  const source = `import * as probe from '${importPath}';\nexport const used = probe;\n`;
  const [result] = await eslint.lintText(source, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE).map((message) => message.message);
}

describe('back office boundaries', () => {
  it('refuses the customer tree importing the back office', async () => {
    const cases = [
      ['src/app/probe.ts', '../backoffice/app/routes.tsx'],
      ['src/main.tsx', './backoffice/main.tsx'],
      ['src/features/home/probe.ts', '../../backoffice/features/login/texts.ts'],
      ['src/lib/ui/probe.ts', '../../backoffice/app/texts.ts'],
      ['src/shared/probe.ts', '../backoffice/app/texts.ts'],
      ['sw/probe.ts', '../src/backoffice/app/texts.ts'],
      ['src/server/probe.ts', '../backoffice/app/texts.ts'],
    ] as const;
    for (const [file, target] of cases) {
      expect(await boundaryErrors(file, target), `${file} → ${target}`).toHaveLength(1);
    }
    // Each lint of a probe loads the project's types: several seconds on the shared 2-core machine.
  }, 30_000);

  it("refuses the back office importing the customer's features, shell or entry", async () => {
    const cases = [
      ['src/backoffice/app/probe.ts', '../../features/home/HomePage.tsx'],
      ['src/backoffice/features/login/probe.ts', '../../../app/texts.ts'],
      ['src/backoffice/probe.ts', '../main.tsx'],
      ['src/backoffice/probe.ts', '../server/config.ts'],
    ] as const;
    for (const [file, target] of cases) {
      expect(await boundaryErrors(file, target), `${file} → ${target}`).toHaveLength(1);
    }
  }, 30_000);

  it('lets the back office use src/lib, src/shared and its own parts', async () => {
    for (const [file, target] of [
      ['src/backoffice/app/probe.ts', '../../lib/lender.ts'],
      ['src/backoffice/features/login/probe.ts', '../../../shared/backoffice.ts'],
      ['src/backoffice/app/probe.ts', '../features/login/LoginPage.tsx'],
    ] as const) {
      expect(await boundaryErrors(file, target), `${file} → ${target}`).toEqual([]);
    }
  }, 30_000);
});
