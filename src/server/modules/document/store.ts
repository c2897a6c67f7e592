import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where the bytes of uploaded documents live. The database keeps what was checked (type from the bytes, size,
 * SHA-256) and the store's key; the store keeps the bytes. The default keeps them as files under DATA_DIR, so
 * `npm start` needs nothing else; another store (an object storage bucket, …) implements the same three calls.
 */
export interface DocumentStore {
  /** Stores the bytes durably and answers their new key (random, never derived from a customer's input). */
  put(bytes: Uint8Array): Promise<string>;
  /** The bytes of `key`, or null when there are none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Forgets `key` (nothing when it does not exist). */
  delete(key: string): Promise<void>;
}

/** A key: 32 lowercase hex characters (128 random bits). Anything else is never turned into a path. */
const KEY_PATTERN = /^[0-9a-f]{32}$/;

/**
 * Files under `root` (DATA_DIR/documents): `<root>/<first 2 characters of the key>/<key>`. A write goes to a
 * temporary file in the same folder, is flushed to disk (fsync), then renamed over the final name and the folder
 * flushed, so a crash leaves either the whole file or none under its key (a stray `.tmp-…` at worst).
 */
export function createFileDocumentStore(root: string): DocumentStore {
  const pathOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error('document store: invalid key');
    return join(root, key.slice(0, 2), key);
  };

  async function syncFolder(folder: string): Promise<void> {
    // Makes the rename durable; not every platform lets a folder be opened for that, which is not an error.
    const handle = await open(folder, 'r').catch(() => null);
    if (!handle) return;
    await handle.sync().catch(() => undefined);
    await handle.close();
  }

  return {
    async put(bytes) {
      const key = randomBytes(16).toString('hex');
      const target = pathOf(key);
      const folder = join(root, key.slice(0, 2));
      await mkdir(folder, { recursive: true });
      const temporary = join(folder, `.tmp-${key}-${randomBytes(4).toString('hex')}`);
      const handle = await open(temporary, 'wx', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } catch (error) {
        await handle.close();
        await rm(temporary, { force: true });
        throw error;
      }
      await handle.close();
      try {
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      await syncFolder(folder);
      return key;
    },
    async get(key) {
      if (!KEY_PATTERN.test(key)) return null;
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      if (!KEY_PATTERN.test(key)) return;
      await rm(pathOf(key), { force: true });
    },
  };
}
