import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { projectRoot } from '../../paths.ts';

const versionFile = z.object({ version: z.string().min(1) });

let packageVersion: string | undefined;

async function readPackageVersion(): Promise<string> {
  if (packageVersion === undefined) {
    const text = await readFile(join(projectRoot, 'package.json'), 'utf8');
    packageVersion = versionFile.parse(JSON.parse(text)).version;
  }
  return packageVersion;
}

/**
 * The version of the client build being served: `dist/version.json` (written by the Vite build), read on each
 * call so a rebuild is seen without a restart; falls back to package.json's version when there is no build.
 */
export async function buildVersion(distDir: string): Promise<string> {
  try {
    const text = await readFile(join(distDir, 'version.json'), 'utf8');
    return versionFile.parse(JSON.parse(text)).version;
  } catch {
    return readPackageVersion();
  }
}
