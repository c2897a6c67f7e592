import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root: the first folder above this module that holds `package.json`. Works from `src/server/` under
 * tsx and from `build/node/server/` after `tsc -b tsconfig.server.json`.
 */
export function findProjectRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json found above ${from}`);
    dir = parent;
  }
}

export const projectRoot = findProjectRoot();

/** Committed SQL migrations, read at runtime from the source tree (also when running the compiled server). */
export const migrationsDir = join(projectRoot, 'src', 'server', 'db', 'migrations');
