import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildLenderIdentity, lenderDefine } from './scripts/lender-identity.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { reactRouterProductionAlias } from './scripts/vite-react-router.ts';
import { zodBrowser } from './scripts/vite-zod-browser.ts';
import { zodJitless } from './scripts/vite-zod-jitless.ts';
import { BACKOFFICE_BASE } from './src/shared/backoffice.ts';

/**
 * The staff web app (docs/backoffice.md §6): its own build, `backoffice/index.html` → `src/backoffice/main.tsx`,
 * into `dist/backoffice/` under `/backoffice/`. `build:client` runs it after the customer build (vite.config.ts),
 * whose emptying of dist/ would otherwise remove it. Two builds share no output file: no back-office module can
 * reach the customer's first-load chunk or `dist/assets`. No service worker (staff data is never cached on an
 * office computer), no manifest, no pre-rendering; the server serves its HTML `no-store` (src/server/plugins/static.ts).
 */
const projectRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('./backoffice', import.meta.url)),
  base: `${BACKOFFICE_BASE}/`,
  // The root is backoffice/: the project's public/ (the customer's icons, robots.txt) is not this build's, and the
  // environment files stay the project's.
  publicDir: false,
  envDir: projectRoot,
  resolve: command === 'build' ? { alias: reactRouterProductionAlias() } : {},
  define: lenderDefine(buildLenderIdentity()),
  plugins: [zodJitless(), zodBrowser(), react(), precompress()],
  build: {
    target: 'es2022',
    sourcemap: true,
    outDir: fileURLToPath(new URL('./dist/backoffice', import.meta.url)),
    // Outside the root: Vite empties it only when told. Only dist/backoffice, never the customer's files.
    emptyOutDir: true,
  },
}));
