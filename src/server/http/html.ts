/**
 * Text the server writes into HTML it serves (the sandbox providers' pages, the SMS outbox page, the review page,
 * the agreement documents): one escaping rule, and one way to hand a page its settings in a
 * `<script type="application/json">` block (no inline script; CSP `script-src 'self'`).
 */

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** The text as HTML text or attribute value: `&`, `<`, `>`, `"` and `'` escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** JSON that cannot end or open markup inside a `<script type="application/json">` block. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export interface HtmlPage {
  /** The page's title, as text (escaped here). */
  title: string;
  /** The page's stylesheet (inline: the pages' CSP allows inline styles only). */
  css: string;
  /** More markup for `<head>` (settings blocks, scripts), already escaped. */
  head?: string;
  /** Attributes of `<body>`, already escaped, with a leading space (` data-flavour="bank"`). */
  bodyAttributes?: string;
  /** The body's markup, already escaped. */
  body: string;
}

/**
 * The shell of every page this server writes itself (the sandbox providers' pages, the SMS outbox, the review page):
 * Spanish, mobile viewport, not indexed, one inline stylesheet.
 */
export function htmlPage({ title, css, head = '', bodyAttributes = '', body }: HtmlPage): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${css}</style>
${head}</head>
<body${bodyAttributes}>
${body}
</body>
</html>
`;
}
