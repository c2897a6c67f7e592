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
