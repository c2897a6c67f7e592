import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/vite-precompress.ts';
import { reactRouterProductionAlias } from './scripts/vite-react-router.ts';
import { prerender } from './scripts/vite-prerender.ts';
import { defaultLoanFiguresDefine } from './scripts/default-loan-figures.ts';
import { buildLenderIdentity, lenderDefine } from './scripts/lender-identity.ts';
import { compileHints } from './scripts/vite-compile-hints.ts';
import { calendarEs } from './scripts/vite-calendar-es.ts';
import { entryChunk } from './scripts/vite-entry-chunk.ts';
import { zodBrowser } from './scripts/vite-zod-browser.ts';
import { zodJitless } from './scripts/vite-zod-jitless.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** One version per build: the client bakes it in and `dist/version.json` carries it for the server and the SW. */
const buildVersion = process.env.APP_VERSION ?? `${pkg.version}+${Date.now().toString(36)}`;

/** The lender this build names (LENDER_FILE or the sandbox's): src/shared/lender.ts. */
const lender = buildLenderIdentity();

function versionFile(): Plugin {
  return {
    name: 'version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ version: buildVersion })}\n`,
      });
      // The server refuses to serve a build made with another lender than its own (src/server/plugins/static.ts).
      this.emitFile({ type: 'asset', fileName: 'lender.json', source: `${JSON.stringify(lender)}\n` });
    },
  };
}

const firstLoad = entryChunk();

const apiPort = Number(process.env.API_PORT ?? 8081);
const proxied = ['/api', '/sandbox', '/logs', '/version.json', '/health'];

export default defineConfig(({ command }) => ({
  resolve: command === 'build' ? { alias: reactRouterProductionAlias() } : {},
  define: { __APP_VERSION__: JSON.stringify(buildVersion), ...defaultLoanFiguresDefine(), ...lenderDefine(lender) },
  plugins: [
    zodJitless(),
    zodBrowser(),
    calendarEs(),
    firstLoad.plugin,
    compileHints({ chunks: [firstLoad.group.name] }),
    react(),
    versionFile(),
    // The static pages and the home page's static part as HTML (canonical URLs on PUBLIC_URL, as the server's).
    prerender({ entry: '/src/prerender.tsx', publicUrl: process.env.PUBLIC_URL || 'http://localhost:8080' }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'service-worker.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        id: '/',
        name: 'Préstamo Rápido',
        short_name: 'Préstamo Rápido',
        description:
          'Solicita tu préstamo rápido en menos de 10 minutos: elige importe y cuotas, envía tus datos y recibe el dinero.',
        lang: 'es',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0099ff',
        background_color: '#ffffff',
        categories: ['finance'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          {
            name: 'Área de clientes',
            short_name: 'Mi préstamo',
            description: 'Consulta tu préstamo y tus próximas cuotas.',
            url: '/dashboard',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Pagar mi cuota',
            short_name: 'Pagar',
            description: 'Paga tu próxima cuota con tarjeta o transferencia.',
            url: '/dashboard?accion=pagar',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
        screenshots: [
          {
            src: '/screenshots/narrow.png',
            sizes: '540x1170',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Calculadora de préstamos en el móvil',
          },
          {
            src: '/screenshots/wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Préstamo Rápido en el ordenador',
          },
        ],
      },
      injectManifest: {
        // The service worker is its own build: it needs the zod config too.
        buildPlugins: { vite: [zodJitless(), zodBrowser()] },
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        // Screenshots are for the install dialog only: not worth precaching on every customer's phone. The back
        // office (dist/backoffice, vite.backoffice.config.ts) is no file of the customer's app.
        globIgnores: ['screenshots/**', 'backoffice/**'],
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxied.map((path) => [path, { target: `http://localhost:${apiPort}`, changeOrigin: false }]),
    ),
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // Everything the first render needs in one file; pages and heavy widgets stay in their lazy chunks.
    rolldownOptions: { output: { codeSplitting: { groups: [firstLoad.group] } } },
  },
}));
