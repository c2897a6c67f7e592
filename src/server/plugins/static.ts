import { existsSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { BACKOFFICE_BASE, isBackofficePath } from '../../shared/backoffice.ts';
import {
  APP_SHELL_FILE,
  prerenderedFileFor,
  prerenderedFileOf,
  prerenderedRouteKeys,
} from '../../shared/prerendered-pages.ts';
import type { LenderIdentity } from '../../shared/lender.ts';
import { MORPH_PATH } from '../../shared/morph.ts';
import { buildPath, matchRoute } from '../../shared/routes/paths.ts';
import type { SpaFallback } from '../http/not-found.ts';

/**
 * The built PWA (`DIST_DIR`, default `dist/`): hashed `/assets/*` cached for a year (immutable); the entry points
 * (`index.html`, `service-worker.js`, `manifest.webmanifest`, `version.json`, everything else) `no-cache`, so a
 * deploy is picked up at once. Without a build the API still runs, and navigations get a 404.
 *
 * Pre-rendered pages (scripts/vite-prerender.ts): a navigation to one of their paths gets its own HTML (`/` →
 * `index.html`, the home page's static part; `/como-funciona` → `como-funciona/index.html`, …), exact path, one
 * trailing slash allowed. Any other navigation gets the app shell without page content (`app.html`), so a deep link
 * never shows the home page's content before the app routes it; a build made before pre-rendering existed (no
 * `app.html`) gets `index.html` as before.
 *
 * Compression is done at build time (scripts/vite-precompress.ts writes `<file>.br` and `<file>.gz`): a client that
 * accepts `br` (preferred) or `gzip` gets those bytes with `content-encoding` and the original file's
 * `content-type`; any other client, or a file without a smaller variant, gets the plain file. Every answer from the
 * build says `vary: accept-encoding`. `reply.sendFile` goes through the same path, so the SPA fallback's
 * `index.html` is compressed too.
 *
 * The back office (docs/backoffice.md §6) is a build of its own in `dist/backoffice/`: every navigation to
 * `/backoffice` or under it gets its `index.html` (deep links are its router's), with `no-store` (no copy of a staff
 * page in any cache) and `X-Robots-Tag: noindex`; its hashed `/backoffice/assets/*` are cached like the customer's,
 * and a missing one is a 404, never the HTML. The customer's app shell never answers a back-office path.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const NO_STORE = 'no-store';

/** The back office's page in the build's folder. */
const BACKOFFICE_HTML = `${BACKOFFICE_BASE.slice(1)}/index.html`;
/** Its file as `@fastify/static` names it (relative to the build's folder): the page or its `.br`/`.gz` variant. */
const BACKOFFICE_PAGE_FILE = /^backoffice[\\/][^\\/]+\.html(?:\.br|\.gz)?$/;

function cacheControlFor(path: string): string {
  return /[\\/]assets[\\/]/.test(path) ? IMMUTABLE : NO_CACHE;
}

/** The headers of a back-office page, however it is asked for (`/backoffice/`, a deep link, `index.html`). */
function backofficePageHeaders(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', NO_STORE).header('x-robots-tag', 'noindex');
}

/**
 * A GET/HEAD that shows a page: a path without a file extension (the SPA's routes), or an `.html` path asked for
 * as HTML. A missing `/assets/x.js` is never answered with index.html (the browser would run HTML as a script).
 */
function isNavigation(method: string, path: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const extension = extname(path);
  return extension === '' || (extension === '.html' && accept?.includes('text/html') === true);
}

export async function registerStatic(
  app: FastifyInstance,
  distDir: string,
  lender: { identity: LenderIdentity; sandbox: boolean },
): Promise<SpaFallback | null> {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'no client build found: serving the API only (run `npm run build:client`)');
    return null;
  }
  checkBuildLender(app, distDir, lender);
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    preCompressed: true,
    // The dist folder also holds sourcemaps; they are served (useful for error reports) like any asset.
    dotfiles: 'ignore',
    redirect: false,
    setHeaders: (reply: FastifyReply, path: string) => {
      if (BACKOFFICE_PAGE_FILE.test(relative(distDir, path))) backofficePageHeaders(reply);
      else reply.header('cache-control', cacheControlFor(path));
    },
  });
  const shellFile = existsSync(join(distDir, APP_SHELL_FILE)) ? APP_SHELL_FILE : 'index.html';
  const prerendered = new Set(
    prerenderedRouteKeys
      .map((key) => prerenderedFileOf(buildPath(key)))
      .filter((file) => existsSync(join(distDir, file))),
  );
  const backoffice = existsSync(join(distDir, BACKOFFICE_HTML));
  app.log.debug({ distDir, shellFile, prerendered: prerendered.size, backoffice }, 'client build found');
  return (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    if (!isNavigation(request.method, path, request.headers.accept)) return null;
    if (isBackofficePath(path)) {
      // Without its build, or for a file of its assets folder, a plain 404.
      if (!backoffice || path.startsWith(`${BACKOFFICE_BASE}/assets/`)) return null;
      return backofficePageHeaders(reply.code(200)).type('text/html; charset=utf-8').sendFile(BACKOFFICE_HTML);
    }
    const page = prerenderedFileFor(path);
    const file = page !== null && prerendered.has(page) ? page : shellFile;
    // A path that is no route of the app gets the shell (which shows the 'Página no encontrada' page) with a 404,
    // so that crawlers and monitors see what a reader sees.
    const status = isAppRoute(path) ? 200 : 404;
    // A staff member's read-only view (its token is in the fragment, which never reaches here) is never indexed.
    if (path === MORPH_PATH) reply.header('x-robots-tag', 'noindex');
    return reply.code(status).header('cache-control', NO_CACHE).type('text/html; charset=utf-8').sendFile(file);
  };
}

/** Whether `path` (raw, from the request line) is a route of the client's route table. */
function isAppRoute(path: string): boolean {
  try {
    return matchRoute(path).key !== 'notFound';
  } catch {
    // A parameter that is not valid percent-encoding (URIError): no page of the app.
    return false;
  }
}

/** The file the client build writes with the lender identity it was built with (vite.config.ts). */
export const BUILD_LENDER_FILE = 'lender.json';

/**
 * The legal pages and the transfer modal are built into the client: a build made with another identity than the
 * server's (LENDER_FILE at build and at start) would show the customer another company than the contracts. Off the
 * sandbox the server refuses to start; in the sandbox it warns.
 */
export function checkBuildLender(
  app: FastifyInstance,
  distDir: string,
  { identity, sandbox }: { identity: LenderIdentity; sandbox: boolean },
): void {
  let built: unknown = null;
  try {
    built = JSON.parse(readFileSync(join(distDir, BUILD_LENDER_FILE), 'utf8'));
  } catch {
    // An older build without the file: treated as a different identity.
  }
  if (isDeepStrictEqual(built, identity)) return;
  const message = `the client build in ${distDir} was made with another lender identity than LENDER_FILE's: build it again with the same LENDER_FILE`;
  if (!sandbox) throw new Error(message);
  app.log.warn({ distDir }, message);
}
