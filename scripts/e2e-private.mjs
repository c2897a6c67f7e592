#!/usr/bin/env node
// Browser tests against a PRIVATE build, for several people working in one checkout at once: the client is built
// into .e2e/<name>/dist and the server into .e2e/<name>/node (inside the repository, so the server finds its
// migrations), and Playwright runs against them. `dist/` and `build/` are left alone.
//
//   node scripts/e2e-private.mjs <name> [playwright arguments…]
//   node scripts/e2e-private.mjs alice tests/e2e/login.spec.ts -g "welcome back"
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './build-if-stale.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const [name, ...playwrightArgs] = process.argv.slice(2);
if (!name || !/^[a-z0-9-]+$/.test(name)) {
  console.error('Usage: node scripts/e2e-private.mjs <name: a-z0-9-> [playwright arguments…]');
  process.exit(2);
}
const base = join(root, '.e2e', name);
const bin = (tool) => join(root, 'node_modules', '.bin', tool);
const run = (command, args, env = {}) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run(bin('vite'), ['build', '--outDir', join(base, 'dist'), '--emptyOutDir', '--logLevel', 'warn']);
// The back office's build after the customer's, which empties the folder (as `npm run build:client` does).
run(bin('vite'), [
  'build',
  '-c',
  'vite.backoffice.config.ts',
  '--outDir',
  join(base, 'dist', 'backoffice'),
  '--emptyOutDir',
  '--logLevel',
  'warn',
]);
run(bin('tsc'), [
  '-p',
  'tsconfig.server.json',
  '--outDir',
  join(base, 'node'),
  '--tsBuildInfoFile',
  join(base, 'server.tsbuildinfo'),
]);
const chromium = await ensureChromium({ install: false });
run(bin('playwright'), ['test', '-c', 'tests/playwright.config.ts', ...playwrightArgs], {
  E2E_DIST_DIR: join(base, 'dist'),
  E2E_SERVER_ENTRY: join(base, 'node', 'server', 'main.js'),
  E2E_JSON_REPORT: join(base, 'playwright.json'),
  E2E_OUTPUT_DIR: join(base, 'test-results'),
  CHROMIUM_PATH: chromium.path,
});
