// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '../../../..');
const src = join(repo, 'src');

function clientFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(src, 'server') ? [] : clientFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Issue 10 point 5: on the client, one request function per call, in the feature that uses it or in
 * src/lib/api/calls/ when several do; app/ never calls the API itself.
 */
describe('one request function per call', () => {
  const callers = new Map<string, string[]>();
  for (const file of clientFiles(src)) {
    // Without block comments (the client's own usage example names a call).
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const match of text.matchAll(/\bcallApi\(\s*([A-Z]\w*)/g)) {
      const name = match[1] ?? '';
      const files = callers.get(name) ?? [];
      files.push(relative(repo, file));
      callers.set(name, files);
    }
  }

  it('finds the calls the client makes', () => {
    expect(callers.get('MemberDetailsGet')).toEqual(['src/lib/api/calls/get-member-details.ts']);
    expect(callers.get('CheckPhoneDniPost')).toEqual(['src/lib/api/calls/check-phone.ts']);
  });

  it("a feature's api/ folder has one request per file (one callApi), as its file names say", () => {
    const byFile = new Map<string, string[]>();
    for (const [name, files] of callers) {
      for (const file of files) byFile.set(file, [...(byFile.get(file) ?? []), name]);
    }
    const shared = [...byFile].filter(([file, names]) => /^src\/features\/.+\/api\//.test(file) && names.length > 1);
    expect(shared).toEqual([]);
  });

  it('each call is made from exactly one file, never from src/app', () => {
    for (const [name, files] of callers) {
      expect(files, name).toHaveLength(1);
      expect(files[0]?.startsWith('src/app/'), `${name} called from ${files[0]}`).toBe(false);
    }
  });
});
