import { createHash } from 'node:crypto';

/**
 * The HTML document of one pre-rendered page (scripts/vite-prerender.ts): the built index.html with the page in it.
 * Pure string work, so it is unit-tested on its own.
 */

const ROOT_ELEMENT = '<div id="root"></div>';
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>\s*/;
const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface PageDocument {
  readonly title: string;
  readonly description: string | null;
  readonly canonicalUrl: string;
  readonly routeKey: string;
  /** The markup of the root element's content. */
  readonly body: string;
  /** Chunks to fetch in parallel with the entry (the page's lazy chunk and what it imports). */
  readonly modulePreloads: readonly string[];
  /** The stylesheets of those chunks: without them the page would show unstyled until the app loads them. */
  readonly stylesheets: readonly string[];
  /**
   * Paint from the HTML: the text of every stylesheet the page uses (the shell's and `stylesheets`), by
   * file. With it, the document carries its CSS in a `<style>` instead of render-blocking `<link>`s, and its scripts
   * load through `bootScript` after the first paint.
   */
  readonly inlineCss?: ReadonlyMap<string, string>;
  /**
   * The minified loader of the app for a pre-rendered page (`bootScriptSource`), written inline in the page; required
   * with `inlineCss`. The server's CSP allows exactly this text by its hash (`inlineScriptHash`).
   */
  readonly bootScript?: string;
}

const STYLESHEET_LINK = /<link\s+rel="stylesheet"[^>]*\shref="\/([^"]+)"[^>]*>\s*/g;
const MODULE_SCRIPT = /<script\s+type="module"[^>]*\ssrc="\/([^"]+)"[^>]*><\/script>\s*/g;
const MANIFEST_LINK = /<link\s+rel="manifest"[^>]*\shref="([^"]+)"[^>]*>\s*/;

/**
 * The CSP source that allows one inline script: `'sha256-…'` of its exact text (CSP Level 2). The build lists the
 * hashes of the scripts it writes inline (scripts/vite-prerender.ts); the server adds them to `script-src`.
 */
export function inlineScriptHash(code: string): string {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
}

/**
 * The loader a pre-rendered page starts the app with, written inline in the page (the CSP allows it by its hash
 * only). It waits for the page's first paint to be on screen (its paint timing entry, then a task), then adds the
 * web app manifest link and the modulepreloads and imports the entry scripts listed on its own tag. The page reads
 * and paints from its HTML and inline CSS alone and requests nothing else before that paint: the app's code, which
 * hydrates or renders the same markup over it, and the manifest arrive after it instead of competing with it (a
 * loader file or a manifest fetched during the first paint is one more round trip before the largest paint on a slow
 * mobile network).
 *
 * Until the app has taken the page over (hydrated it, or replaced the build's markup by its own), a press of one of
 * the page's buttons (`type="button"`: the header's menu button; they do nothing without the app) is kept and, once
 * the app is in charge, given to the same button of the app (same name, same rank among the buttons of that name), so
 * a tap during start-up is not lost; so is a press that began on the build's button and ended on the app's (no click
 * at all for the browser). Links and native controls work without the app and are left alone.
 */
export const bootScriptSource = `// Starts the app on a pre-rendered page after its first paint (scripts/prerender-document.ts).
const tag = document.querySelector('script[data-app-modules]');
const list = (name) => (tag?.getAttribute(name) ?? '').split(' ').filter(Boolean);
const root = document.getElementById('root');
const built = root?.firstElementChild ?? null;
let takenOver = false;
let pressed = null;
let down = null;
// A button is known by its name (aria-label or text) and its rank among the root's buttons of that name: the app's
// markup around it may differ from the build's (the header's install action and offer banner, the account area),
// so its place in the tree is no key.
const nameOf = (button) => button.getAttribute('aria-label') ?? button.textContent;
const buttonsNamed = (name) => [...root.querySelectorAll('button[type="button"]')].filter((b) => nameOf(b) === name);
const pressOf = (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
  if (button === null || !root.contains(button)) return null;
  const name = nameOf(button);
  return { name, rank: buttonsNamed(name).indexOf(button) };
};
const appButton = (press) => buttonsNamed(press.name)[press.rank] ?? null;
const keepDown = (event) => {
  if (!takenOver) down = pressOf(event);
};
const keepClick = (event) => {
  const press = pressOf(event);
  if (press === null) return;
  event.preventDefault();
  pressed = press;
  down = null;
};
// A press that began on the build's button and ends after the app replaced it is no click at all: the app's button
// gets it.
const endPress = (event) => {
  if (!takenOver) return;
  document.removeEventListener('pointerup', endPress, true);
  const button = down === null ? null : appButton(down);
  down = null;
  if (button !== null && event.target instanceof Node && button.contains(event.target)) button.click();
};
// The kept press goes to the app's button as soon as it is there: the app's first markup may still lack it (a
// part that loads its code first); after 10 s without it the press is dropped.
const replay = () => {
  const press = pressed;
  pressed = null;
  if (press === null) return;
  const button = appButton(press);
  if (button !== null) {
    button.click();
    return;
  }
  const waiting = new MutationObserver(() => {
    const found = appButton(press);
    if (found === null) return;
    waiting.disconnect();
    clearTimeout(timer);
    found.click();
  });
  const timer = setTimeout(() => waiting.disconnect(), 10000);
  waiting.observe(root, { childList: true, subtree: true });
};
if (built !== null) {
  document.addEventListener('pointerdown', keepDown, true);
  document.addEventListener('click', keepClick, true);
  document.addEventListener('pointerup', endPress, true);
  // The app is in charge once it has marked the root (src/app/shell/TakeoverSignal.tsx) or replaced the build's markup.
  new MutationObserver((_, observer) => {
    if (built.isConnected && !root.hasAttribute('data-taken-over')) return;
    observer.disconnect();
    takenOver = true;
    document.removeEventListener('pointerdown', keepDown, true);
    document.removeEventListener('click', keepClick, true);
    if (down === null) document.removeEventListener('pointerup', endPress, true);
    replay();
  }).observe(root, { childList: true, attributes: true, attributeFilter: ['data-taken-over'] });
}
const start = () => {
  const manifest = tag?.getAttribute('data-app-manifest');
  if (manifest) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = manifest;
    document.head.append(link);
  }
  for (const href of list('data-app-preloads')) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  for (const src of list('data-app-modules')) void import(src);
};
// Once the first paint is on screen (its first-contentful-paint entry), in a task of its own; without paint timing,
// two frames later. A request started before that paint is presented would compete with it (and a lab's page-load
// model counts such a request into the first paint).
let started = false;
const startOnce = () => {
  if (started) return;
  started = true;
  setTimeout(start, 0);
};
if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    startOnce();
  }).observe({ type: 'paint', buffered: true });
} else requestAnimationFrame(() => requestAnimationFrame(startOnce));
`;

/**
 * The built shell with one page in it. The template is the built index.html (scripts, stylesheet, manifest); the
 * `<noscript>` notice is dropped, since the page reads without JavaScript.
 */
export function pageDocument(template: string, page: PageDocument): string {
  if (!template.includes(ROOT_ELEMENT) || !TITLE.test(template)) {
    throw new Error(`prerender: the built index.html has no ${ROOT_ELEMENT} or <title>`);
  }
  // React puts the resource hints it collects (e.g. the header logo's image preload) before the markup: they
  // belong in the head.
  const hints = /^(?:<link\b[^>]*>)+/.exec(page.body)?.[0] ?? '';
  const body = page.body.slice(hints.length);
  let shell = template;
  let inlined = '';
  const scripts: string[] = [];
  let manifest: string | null = null;
  if (page.inlineCss) {
    const css = page.inlineCss;
    if (!page.bootScript) throw new Error('prerender: inline CSS needs the boot script');
    const files: string[] = [];
    shell = shell.replace(STYLESHEET_LINK, (_link: string, file: string) => {
      files.push(file);
      return '';
    });
    files.push(...page.stylesheets.filter((file) => !files.includes(file)));
    const text = files.map((file) => {
      const content = css.get(file);
      if (content === undefined) throw new Error(`prerender: no CSS text for ${file}`);
      if (/<\/style/i.test(content)) throw new Error(`prerender: ${file} contains "</style"`);
      return content.trim();
    });
    // The app's CSS loader (Vite's preload helper) skips a stylesheet that has a link: a disabled one is never
    // fetched nor applied, so the inline copy is the only one.
    inlined = [
      `<style>${text.join('\n')}</style>`,
      ...files.map((file) => `<link rel="stylesheet" href="/${escapeHtml(file)}" disabled />`),
    ].join('\n    ');
    shell = shell.replace(MODULE_SCRIPT, (_tag: string, file: string) => {
      scripts.push(file);
      return '';
    });
    if (scripts.length === 0) throw new Error('prerender: the built index.html has no module script');
    // The manifest is linked by the loader after the first paint (nothing but the page is fetched before it).
    const manifestLink = MANIFEST_LINK.exec(shell);
    if (manifestLink) {
      manifest = manifestLink[1] ?? null;
      shell = shell.replace(manifestLink[0], '');
    }
    if (/<\/script|<!--/i.test(page.bootScript)) throw new Error('prerender: the boot script cannot be written inline');
  }
  const boot =
    page.inlineCss && page.bootScript
      ? `<script type="module" data-app-modules="${escapeHtml(scripts.map((file) => `/${file}`).join(' '))}"` +
        ` data-app-preloads="${escapeHtml(page.modulePreloads.map((file) => `/${file}`).join(' '))}"` +
        `${manifest === null ? '' : ` data-app-manifest="${manifest}"`}>${page.bootScript}</script>`
      : null;
  const head = [
    `<link rel="canonical" href="${escapeHtml(page.canonicalUrl)}" />`,
    ...(hints === '' ? [] : [hints]),
    ...(boot === null
      ? [
          ...page.stylesheets.map((file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" />`),
          ...page.modulePreloads.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`),
        ]
      : [inlined, boot]),
  ].join('\n    ');
  let html = shell
    .replace(TITLE, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(NOSCRIPT, '')
    .replace('</head>', () => `\n    ${head}\n  </head>`)
    .replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered="${escapeHtml(page.routeKey)}">${body}</div>`);
  if (page.description !== null) {
    if (!DESCRIPTION.test(html)) throw new Error('prerender: the built index.html has no meta description');
    html = html.replace(
      DESCRIPTION,
      () => `<meta name="description" content="${escapeHtml(page.description ?? '')}" />`,
    );
  }
  return html;
}
