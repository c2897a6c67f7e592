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
}

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
  const head = [
    `<link rel="canonical" href="${escapeHtml(page.canonicalUrl)}" />`,
    ...(hints === '' ? [] : [hints]),
    ...page.stylesheets.map((file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" />`),
    ...page.modulePreloads.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`),
  ].join('\n    ');
  let html = template
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
