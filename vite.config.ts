import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** One version per build: the client bakes it in and `dist/version.json` carries it for the server and the SW. */
const buildVersion = process.env.APP_VERSION ?? `${pkg.version}+${Date.now().toString(36)}`;

function versionFile(): Plugin {
  return {
    name: 'version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify({ version: buildVersion })}\n` });
    },
  };
}

const apiPort = Number(process.env.API_PORT ?? 8081);
const proxied = ['/api', '/sandbox', '/logs', '/version.json', '/health'];

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(buildVersion) },
  plugins: [
    react(),
    versionFile(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'service-worker.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: 'Préstamo Rápido',
        short_name: 'Préstamo Rápido',
        description: 'Solicita tu préstamo rápido en menos de 10 minutos.',
        lang: 'es',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0099ff',
        background_color: '#ffffff',
        icons: [],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: `http://localhost:${apiPort}`, changeOrigin: false }])),
  },
  build: { target: 'es2022', sourcemap: true },
});
