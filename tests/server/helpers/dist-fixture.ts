import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

/** A tiny client build (what `vite build` writes to dist/) in a temporary folder. */
export function createDistFixture(version = '9.9.9-test'): { dir: string; remove(): void } {
  const dir = join(inject('testRunDir') || join(process.cwd(), '.test-data'), `dist-${randomUUID()}`);
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="es"><head><title>Préstamo Rápido</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("app");');
  writeFileSync(join(dir, 'assets', 'index-abc123.css'), 'body{margin:0}');
  writeFileSync(join(dir, 'service-worker.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Préstamo Rápido', lang: 'es' }));
  writeFileSync(join(dir, 'version.json'), JSON.stringify({ version }));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
