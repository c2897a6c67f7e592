import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, minify, type Logger, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { bootScriptSource, inlineScriptHash, pageDocument } from './prerender-document.ts';

type OutputBundle = Rolldown.OutputBundle;

/**
 * Pre-rendering (the static pages and the home page's static part show and index without JavaScript).
 *
 * At the end of `vite build`, before vite-plugin-pwa lists the files to precache and before precompression, this
 * plugin loads the render entry (`src/prerender.tsx`) in Node through a Vite SSR server and, for each pre-rendered
 * page, writes the built `index.html` with the page's markup inside the app root, its own `<title>`, meta
 * description and canonical URL, and a modulepreload of the page's lazy chunk:
 *
 *   /                → dist/index.html          (the home page's static part)
 *   /como-funciona   → dist/como-funciona/index.html, …
 *   any other path   → dist/app.html             (the app shell: empty root, for the server and the SW)
 *
 * The client hydrates the page when what the browser has stored is what the build rendered with (a first visit: no
 * session, no cookie choice), and otherwise renders over it (src/main.tsx): see docs/app.md "Pre-rendered pages".
 *
 * Canonical URLs must be absolute (search engines, Lighthouse): their origin is `PUBLIC_URL` at build time (the
 * server's variable of the same name), default `http://localhost:8080`. Any render error fails the build.
 */

export interface PrerenderOptions {
  /** The render entry, from the project root. */
  entry: string;
  /** Origin of the canonical URLs. */
  publicUrl: string;
}

interface PrerenderedPage {
  readonly key: string;
  readonly path: string;
  readonly title: string;
  readonly description: string | null;
}

interface RenderEntry {
  readonly prerenderedPages: readonly PrerenderedPage[];
  renderPage(path: string): Promise<string>;
}

interface ReopenModule {
  readonly reopenSnapshotScript: (modules: readonly string[]) => string;
}

const ROOT_ELEMENT = '<div id="root"></div>';
const MODULE_SCRIPT = /<script\s+type="module"\s+crossorigin\s+src="(\/[^"]+)"\s*><\/script>\s*/g;
const STYLESHEET_LINK = /<link\s+rel="stylesheet"\s+crossorigin\s+href="(\/[^"]+)"\s*\/?>\s*/g;

interface SharedModule {
  readonly APP_SHELL_FILE: string;
  readonly INLINE_SCRIPT_HASHES_FILE: string;
  prerenderedFileOf(path: string): string;
}

/**
 * What a dynamic import of `moduleId` loads: its chunk and, transitively, the chunks it imports (not those the shell
 * already loads), and their stylesheets.
 */
function lazyFilesOf(
  bundle: OutputBundle,
  moduleId: string,
  initial: ReadonlySet<string>,
): { scripts: string[]; styles: string[] } {
  const byFile = new Map(
    Object.values(bundle)
      .filter((output) => output.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const start = [...byFile.values()].find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId === moduleId);
  if (!start) return { scripts: [], styles: [] };
  const scripts: string[] = [];
  const styles: string[] = [];
  const stack = [start.fileName];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (scripts.includes(file) || initial.has(file)) continue;
    scripts.push(file);
    const chunk = byFile.get(file);
    for (const css of chunk?.viteMetadata?.importedCss ?? []) if (!styles.includes(css)) styles.push(css);
    for (const imported of chunk?.imports ?? []) stack.push(imported);
  }
  return { scripts, styles };
}

export function prerender(options: PrerenderOptions): Plugin {
  let config: ResolvedConfig;
  let outDir = '';
  let logger: Logger | undefined;
  let skip = false;
  let failed = false;
  let bundle: OutputBundle | undefined;
  return {
    name: 'prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
      outDir = resolve(resolved.root, resolved.build.outDir);
      logger = resolved.logger;
      skip = Boolean(resolved.build.ssr) || resolved.build.write === false;
    },
    buildStart() {
      failed = false;
      bundle = undefined;
    },
    buildEnd(error?: Error) {
      if (error) failed = true;
    },
    renderError() {
      failed = true;
    },
    writeBundle(_options, written) {
      bundle = written;
    },
    closeBundle: {
      // Before vite-plugin-pwa's closeBundle lists the files to precache, and before precompression ('post').
      order: 'pre',
      sequential: true,
      async handler(error?: Error) {
        if (error || failed || skip || !bundle) return;
        const started = performance.now();
        const written = bundle;
        const template = await readFile(join(outDir, 'index.html'), 'utf8');
        // Paint from the HTML: each page carries the CSS it uses inline and starts the app after its
        // first paint through a small loader written inline.
        // Minified like every other script of the build (its comments are for readers of the source).
        const boot = await minify('boot.js', bootScriptSource, { compress: true, mangle: true, module: true });
        if (boot.errors.length > 0)
          throw new Error(`prerender: the boot script does not minify: ${boot.errors[0]?.message}`);
        // Written inline in each page (no request before the first paint); the CSP allows it by its hash.
        const bootScript = boot.code.trim();
        const cssFiles = Object.values(written)
          .filter((output) => output.type === 'asset' && output.fileName.endsWith('.css'))
          .map((asset) => asset.fileName);
        const inlineCss = new Map(
          await Promise.all(
            cssFiles.map(async (file): Promise<[string, string]> => [file, await readFile(join(outDir, file), 'utf8')]),
          ),
        );
        // What the shell already loads (entry scripts, their preloads) is not preloaded again.
        const initialChunks = new Set(
          Object.values(written)
            .filter((output) => output.type === 'chunk' && template.includes(`/${output.fileName}"`))
            .map((chunk) => chunk.fileName),
        );
        // Every module the SSR server loads, in order: a page's render loads its own (lazy) module first.
        const loaded: string[] = [];
        const server = await createServer({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'error',
          appType: 'custom',
          define: config.define,
          resolve: { alias: config.resolve.alias },
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
          optimizeDeps: { noDiscovery: true, include: [] },
          plugins: [
            react(),
            {
              name: 'prerender-module-log',
              transform(_code, id) {
                loaded.push(id);
                return null;
              },
            },
          ],
        });
        try {
          const shared = (await server.ssrLoadModule('/src/shared/prerendered-pages.ts')) as SharedModule;
          const entry = (await server.ssrLoadModule(options.entry)) as RenderEntry;
          const origin = new URL(options.publicUrl).origin;
          for (const page of entry.prerenderedPages) {
            const from = loaded.length;
            const body = await entry.renderPage(page.path);
            const lazy = loaded.slice(from).map((id) => lazyFilesOf(written, id, initialChunks));
            const unique = (files: string[]) => files.filter((file, index) => files.indexOf(file) === index);
            const modulePreloads = unique(lazy.flatMap((files) => files.scripts));
            const stylesheets = unique(lazy.flatMap((files) => files.styles)).filter(
              (file) => !template.includes(`/${file}"`),
            );
            const file = join(outDir, shared.prerenderedFileOf(page.path));
            await mkdir(dirname(file), { recursive: true });
            await writeFile(
              file,
              pageDocument(template, {
                title: page.title,
                description: page.description,
                canonicalUrl: `${origin}${page.path}`,
                routeKey: page.key,
                body,
                modulePreloads,
                stylesheets,
                inlineCss,
                bootScript,
              }),
            );
          }
          // The app shell paints the dashboard's reopen snapshot before the app's code runs, from a classic inline
          // script right after the root, which then starts the app (its entry scripts, taken out of the head). Nothing
          // holds that paint back: the shell's CSS is written inline (a stylesheet link would block the script and the
          // paint until the service worker answers it), and the app's modules are fetched and run after the painted
          // frame.
          const modules: string[] = [];
          const shell = template
            .replace(MODULE_SCRIPT, (_tag, src: string) => {
              modules.push(src);
              // No modulepreload: measured, fetching and compiling them from the head delays the painted frame.
              return '';
            })
            .replace(STYLESHEET_LINK, (tag, href: string) => {
              const css = inlineCss.get(href.slice(1));
              // A disabled link (never fetched) keeps Vite's preload helper from loading the stylesheet again.
              return css === undefined
                ? tag
                : `<style>${css}</style>\n    <link rel="stylesheet" href="${href}" disabled />\n    `;
            });
          if (modules.length === 0) throw new Error('prerender: index.html has no module script');
          if (!shell.includes(ROOT_ELEMENT)) throw new Error(`prerender: index.html has no ${ROOT_ELEMENT}`);
          const reopen = (await server.ssrLoadModule('/src/features/dashboard/reopen-snapshot.ts')) as ReopenModule;
          const reopenMinified = await minify('reopen.js', reopen.reopenSnapshotScript(modules), {
            compress: true,
            mangle: true,
            module: false,
          });
          if (reopenMinified.errors.length > 0)
            throw new Error(`prerender: the reopen script does not minify: ${reopenMinified.errors[0]?.message}`);
          const reopenScript = reopenMinified.code.trim();
          await writeFile(
            join(outDir, shared.APP_SHELL_FILE),
            shell.replace(ROOT_ELEMENT, () => `${ROOT_ELEMENT}<script>${reopenScript}</script>`),
          );
          await writeFile(
            join(outDir, shared.INLINE_SCRIPT_HASHES_FILE),
            `${JSON.stringify({ 'script-src': [inlineScriptHash(bootScript), inlineScriptHash(reopenScript)] })}\n`,
          );
          logger?.info(
            `prerender: ${entry.prerenderedPages.length} pages and ${shared.APP_SHELL_FILE} in ${relative(config.root, outDir) || '.'} (${Math.round(performance.now() - started)} ms)`,
          );
        } finally {
          await server.close();
        }
      },
    },
  };
}
