import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

/**
 * Precompressed delivery: at the end of `vite build` (after vite-plugin-pwa has written and injected the service
 * worker), write `<file>.gz` (zlib gzip, level 9) and `<file>.br` (brotli, quality 11) next to every compressible
 * output file. The server (src/server/plugins/static.ts, @fastify/static `preCompressed`) answers them to clients
 * that accept the encoding, so nothing is compressed per request.
 *
 * A variant that would not be smaller than its file is not written (and any older one is removed): the server then
 * falls back to the next encoding or the plain file. Sourcemaps (`.map`) are left alone: only developer tools fetch
 * them, and brotli 11 on them would double the build time.
 */

export const COMPRESSIBLE_EXTENSIONS = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt'];

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface PrecompressSummary {
  files: number;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

async function compressibleFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE_EXTENSIONS.includes(extname(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Writes `variant` when it is smaller than the original; otherwise removes a stale one. Returns the bytes served. */
async function writeVariant(path: string, variant: Buffer, originalBytes: number): Promise<number> {
  if (variant.length < originalBytes) {
    await writeFile(path, variant);
    return variant.length;
  }
  await rm(path, { force: true });
  return originalBytes;
}

/** Compresses every compressible file under `dir` (recursively), a few at a time. */
export async function precompressDirectory(dir: string): Promise<PrecompressSummary> {
  const files = await compressibleFiles(dir);
  const summary: PrecompressSummary = { files: files.length, bytes: 0, gzipBytes: 0, brotliBytes: 0 };
  const queue = [...files];
  const worker = async (): Promise<void> => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const source = await readFile(file);
      const [gzipped, brotli] = await Promise.all([
        gzipAsync(source, { level: 9 }),
        brotliAsync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
      ]);
      summary.bytes += source.length;
      summary.gzipBytes += await writeVariant(`${file}.gz`, gzipped, source.length);
      summary.brotliBytes += await writeVariant(`${file}.br`, brotli, source.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(availableParallelism(), files.length)) }, worker));
  return summary;
}

const kB = (bytes: number): string => `${(bytes / 1024).toFixed(1)} kB`;

export function precompress(): Plugin {
  let outDir = '';
  let root = '';
  let logger: Logger | undefined;
  let skip = false;
  // The bundler does not always hand closeBundle the error of a failed build: remember it from the earlier hooks.
  let failed = false;
  return {
    name: 'precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
      skip = Boolean(config.build.ssr) || config.build.write === false;
    },
    buildStart() {
      failed = false;
    },
    buildEnd(error?: Error) {
      if (error) failed = true;
    },
    renderError() {
      failed = true;
    },
    closeBundle: {
      // After every other plugin's closeBundle: vite-plugin-pwa builds the service worker there.
      order: 'post',
      sequential: true,
      async handler(error?: Error) {
        if (error || failed || skip) return;
        const started = performance.now();
        const summary = await precompressDirectory(outDir);
        logger?.info(
          `precompress: ${summary.files} files in ${relative(root, outDir) || '.'}, ${kB(summary.bytes)} → gzip ${kB(summary.gzipBytes)}, brotli ${kB(summary.brotliBytes)} (${Math.round(performance.now() - started)} ms)`,
        );
      },
    },
  };
}
