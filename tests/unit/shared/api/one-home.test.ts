// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contract } from '../../../../src/shared/api/index.ts';

const apiDir = join(import.meta.dirname, '../../../../src/shared/api');
const files = readdirSync(apiDir).filter((name) => name.endsWith('.ts'));
const modules = import.meta.glob<Record<string, unknown>>('../../../../src/shared/api/*.ts', { eager: true });

/** Issue 10 point 5: each contract entry is defined in one file of src/shared/api and imported from there only. */
describe('one home per call', () => {
  it('no file of the contract re-exports another (no export … from a sibling file)', () => {
    const reExports = files.filter((name) =>
      /^export\s[^;]*\bfrom\s+'\.\//m.test(readFileSync(join(apiDir, name), 'utf8')),
    );
    expect(reExports).toEqual([]);
  });

  it('every call of the contract is exported by exactly one file, under its spec name', () => {
    const homes = Object.entries(contract).map(([name, call]) => {
      const exporters = Object.entries(modules)
        .filter(([, exports]) => exports[name] === call)
        .map(([path]) => path.split('/').pop());
      return [name, exporters] as const;
    });
    for (const [name, exporters] of homes) expect(exporters, name).toHaveLength(1);
  });

  it('files a call with the module that serves it: the session calls in membership.ts, the calculator calls in loan.ts', () => {
    const homeOf = (name: string) =>
      Object.entries(modules)
        .filter(([path, exports]) => !path.endsWith('/index.ts') && name in exports)
        .map(([path]) => path.split('/').pop());
    expect(homeOf('MemberDetailsGet')).toEqual(['membership.ts']);
    expect(homeOf('PaymentPlansPost')).toEqual(['loan.ts']);
    expect(homeOf('CheckPhoneDniPost')).toEqual(['customer.ts']);
  });
});
