// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The lint zone of the server module shape (eslint.config.js): a module under src/server/modules/<name>/ imports
 * another module only through its index.ts; server code outside modules/ likewise. Lints small in-memory sources
 * with the repository's own config, as if they were files of a module.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

const RULE = 'import-x/no-restricted-paths';

async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE).map((message) => message.message);
}

// ESLint with the repository's typed config builds a TypeScript program on its first lint: seconds on a quiet machine,
// past the unit default when the shared 2 cores are busy. No figure is asserted here, so the limit is generous.
describe('server module boundaries', { timeout: 120_000 }, () => {
  it("refuses a module importing another module's internals (repository, service, any file but index.ts)", async () => {
    for (const internal of ['../membership/repository.ts', '../membership/service.ts', '../links/repay-tokens.ts']) {
      const errors = await boundaryErrors(
        'src/server/modules/registration/probe.ts',
        `import * as internals from '${internal}';\nexport const probe = internals;\n`,
      );
      expect(errors, internal).toHaveLength(1);
      expect(errors[0]).toContain('only through its index.ts');
    }
  });

  it("accepts another module's index.ts and the module's own files", async () => {
    const source = [
      "import * as membership from '../membership/index.ts';",
      "import * as own from './repository.ts';",
      "import * as service from './service.ts';",
      'export const probe = [membership, own, service];',
      '',
    ].join('\n');
    expect(await boundaryErrors('src/server/modules/registration/probe.ts', source)).toEqual([]);
  });

  it("refuses server code outside modules/ importing a module's internals, accepts its index.ts", async () => {
    const internal = "import * as x from './modules/push/scheduler.ts';\nexport const probe = x;\n";
    expect(await boundaryErrors('src/server/probe.ts', internal)).toHaveLength(1);
    const entry = "import * as x from './modules/push/index.ts';\nexport const probe = x;\n";
    expect(await boundaryErrors('src/server/probe.ts', entry)).toEqual([]);
    const deeper = "import * as x from '../modules/links/repository.ts';\nexport const probe = x;\n";
    expect(await boundaryErrors('src/server/db/probe.ts', deeper)).toHaveLength(1);
  });

  it('the server tree as committed has no such import', async () => {
    const results = await eslint.lintFiles(['src/server/**/*.ts']);
    const offending = results.flatMap((result) =>
      result.messages.filter((message) => message.ruleId === RULE).map(() => result.filePath),
    );
    expect(offending).toEqual([]);
  });
});
