import type { Plugin } from 'vite';

/**
 * zod 4 compiles object parsers with `new Function` unless its global config says `jitless`, and probes for it when
 * an object schema is created. Our Content-Security-Policy (script-src 'self', no 'unsafe-eval') forbids eval, and
 * the probe alone is reported as a CSP violation (Lighthouse best practices). zod reads its config from
 * `globalThis.__zod_globalConfig` when its core module initialises; this plugin makes `{ jitless: true }` the
 * default there in the browser builds (the page and the service worker), so no schema, in any chunk and in any
 * evaluation order, ever probes. The server keeps the JIT (no CSP applies to Node).
 *
 * The build fails if zod's code no longer has the expected line (an upgrade must look at this again); the e2e smoke
 * test fails on any CSP violation.
 */
const ZOD_CORE = /[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;
const DEFAULT_CONFIG = '(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});';
const JITLESS_CONFIG = '(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = { jitless: true });';

export function zodJitless(): Plugin {
  return {
    name: 'zod-jitless',
    enforce: 'pre',
    transform(code, id) {
      if (!ZOD_CORE.test(id)) return null;
      if (!code.includes(DEFAULT_CONFIG)) {
        this.error(`zod-jitless: the global config line of ${id} changed; update scripts/vite-zod-jitless.ts`);
      }
      return { code: code.replace(DEFAULT_CONFIG, JITLESS_CONFIG), map: null };
    },
  };
}
