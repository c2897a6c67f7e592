import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AliasOptions } from 'vite';

/**
 * react-router 7's package exports point only at its development build (remix-run/react-router#12532, "intended to
 * be temporary"): dev warnings on, about 4 KB gzip more. Production builds take the production build it ships
 * (vite.config.ts, vite.backoffice.config.ts).
 */
const reactRouterProduction = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/** The `resolve.alias` of a production build: react-router → its production build (throws when it is missing). */
export function reactRouterProductionAlias(): AliasOptions {
  if (!existsSync(reactRouterProduction)) {
    throw new Error(`react-router's production build is missing at ${reactRouterProduction}`);
  }
  return [{ find: /^react-router$/, replacement: reactRouterProduction }];
}
