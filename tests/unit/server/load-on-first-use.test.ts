import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOnFirstUse } from '../../../src/server/load-on-first-use.ts';

describe('loadOnFirstUse', () => {
  it('loads once for every user, concurrent first users included', async () => {
    let loads = 0;
    const load = loadOnFirstUse(async () => ({ module: ++loads }));
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect(await load()).toBe(a);
    expect(loads).toBe(1);
  });

  it('tries a failed load again on the next use', async () => {
    let loads = 0;
    const load = loadOnFirstUse(async () => {
      loads += 1;
      if (loads === 1) throw new Error('disk hiccup');
      return 'loaded';
    });
    await expect(load()).rejects.toThrow('disk hiccup');
    expect(await load()).toBe('loaded');
    expect(loads).toBe(2);
  });
});

/** The packages of the server's static import graph from `entry` (`import type` and `import()` left out). */
function staticPackages(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(
      /^(import|export)(?!\s+type\b)[^;]*?\sfrom\s+'([^']+)'|^import\s+'([^']+)'/gms,
    )) {
      const specifier = match[2] ?? match[3]!;
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      else if (!specifier.startsWith('node:')) packages.add(specifier);
    }
  };
  visit(resolve(entry));
  return packages;
}

describe("the server's start", () => {
  it('loads no library that only some requests or jobs need', () => {
    const packages = staticPackages('src/server/main.ts');
    for (const entry of ['src/server/app.ts', 'src/server/secrets.ts'])
      for (const name of staticPackages(entry)) packages.add(name);
    expect(packages).toContain('fastify'); // the walk sees the graph
    expect(packages).toContain('date-fns/format');
    // pdfkit: the agreement PDF; web-push: reminders and the first start's keys; date-holidays: the first date
    // rule; the date-fns index would load every function of the package.
    for (const name of ['pdfkit', 'web-push', 'date-holidays', 'date-fns']) expect(packages, name).not.toContain(name);
  });
});
