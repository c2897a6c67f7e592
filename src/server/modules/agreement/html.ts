import { escapeHtml } from '../../http/html.ts';

/**
 * Safe HTML for the agreement texts: every interpolated value is escaped unless it is a fragment built with
 * `markup` itself.
 */

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type HtmlValue = SafeHtml | string | number | readonly SafeHtml[];

/** Template tag: interpolated strings and numbers are escaped; fragments built with `markup` are kept as they are. */
export function markup(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map((item: SafeHtml) => item.value).join('');
  return escapeHtml(String(value));
}
