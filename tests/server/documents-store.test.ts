import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileDocumentStore } from '../../src/server/modules/document/index.ts';

/** The default document store: files under a folder, written atomically, keys that never become other paths. */

const root = mkdtempSync(join(tmpdir(), 'document-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const store = createFileDocumentStore(join(root, 'documents'));

describe('the file document store', () => {
  it('puts bytes under <root>/<2-character prefix>/<random key>, gets them back byte for byte, deletes them', async () => {
    const bytes = new Uint8Array(Buffer.from('%PDF-1.4 contenido del documento'));
    const key = await store.put(bytes);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    const path = join(root, 'documents', key.slice(0, 2), key);
    expect(statSync(path).size).toBe(bytes.length);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const read = await store.get(key);
    expect(createHash('sha256').update(read!).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    // Only the final file: the temporary one was renamed.
    expect(readdirSync(join(root, 'documents', key.slice(0, 2)))).toEqual([key]);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
  });

  it('gives every put its own key', async () => {
    const keys = await Promise.all(Array.from({ length: 20 }, () => store.put(new Uint8Array([1, 2, 3]))));
    expect(new Set(keys).size).toBe(20);
  });

  it('never turns a key that is not its own shape into a path', async () => {
    for (const key of ['../../etc/passwd', '..', '', 'ab/../../x', 'A'.repeat(32), `${'a'.repeat(31)}/`]) {
      expect(await store.get(key), key).toBeNull();
      await expect(store.delete(key)).resolves.toBeUndefined();
    }
  });
});
