import { markup, type SafeHtml } from './html.ts';

/**
 * A legal document (the contract, the pre-contract information, the terms, the loan explanation) as structured
 * content, written once and rendered twice: to HTML here (AgreementPost, AgreementByTypeGet,
 * LoanAgreementGetByLoanId; every text escaped by `markup`) and to PDF by `pdf.ts` (AgreementPdfGetByLoanId). So the
 * PDF a customer downloads says exactly what the modal showed.
 */

/** Inline text: plain, or bold (a party's name). */
export type Inline = string | { readonly strong: string };

export type Block =
  | { readonly kind: 'heading'; readonly text: string }
  | { readonly kind: 'paragraph'; readonly content: readonly Inline[] }
  | { readonly kind: 'list'; readonly items: readonly string[] }
  /** Label → value rows (a two-column table with the labels as row headers). */
  | { readonly kind: 'facts'; readonly className: string; readonly rows: ReadonlyArray<readonly [string, string]> }
  /** A table with column headers, body rows and an optional total row (its label spans `labelSpan` columns). */
  | {
      readonly kind: 'table';
      readonly className: string;
      readonly head: readonly string[];
      readonly rows: ReadonlyArray<readonly string[]>;
      readonly foot?: { readonly label: string; readonly labelSpan: number; readonly cells: readonly string[] };
    };

export interface LegalDocument {
  /** The `<section>`'s class, e.g. `loan-agreement`. */
  readonly className: string;
  /** The `<h1>`. */
  readonly title: string;
  readonly blocks: readonly Block[];
}

export const heading = (text: string): Block => ({ kind: 'heading', text });
export const paragraph = (...content: Inline[]): Block => ({ kind: 'paragraph', content });
export const list = (...items: string[]): Block => ({ kind: 'list', items });
export const facts = (className: string, rows: ReadonlyArray<readonly [string, string]>): Block => ({
  kind: 'facts',
  className,
  rows,
});

function inlineHtml(content: readonly Inline[]): SafeHtml {
  return markup`${content.map((item) => (typeof item === 'string' ? markup`${item}` : markup`<strong>${item.strong}</strong>`))}`;
}

function blockHtml(block: Block): SafeHtml {
  switch (block.kind) {
    case 'heading':
      return markup`
  <h2>${block.text}</h2>`;
    case 'paragraph':
      return markup`
  <p>${inlineHtml(block.content)}</p>`;
    case 'list':
      return markup`
  <ul>${block.items.map(
    (item) => markup`
    <li>${item}</li>`,
  )}
  </ul>`;
    case 'facts':
      return markup`
  <table class="${block.className}">
    <tbody>${block.rows.map(
      ([label, value]) => markup`
      <tr><th scope="row">${label}</th><td>${value}</td></tr>`,
    )}
    </tbody>
  </table>`;
    case 'table': {
      const foot = block.foot
        ? markup`
    <tfoot>
      <tr><th scope="row" colspan="${block.foot.labelSpan}">${block.foot.label}</th>${block.foot.cells.map((cell) => markup`<td>${cell}</td>`)}</tr>
    </tfoot>`
        : markup``;
      return markup`
  <table class="${block.className}">
    <thead>
      <tr>${block.head.map((cell) => markup`<th scope="col">${cell}</th>`)}</tr>
    </thead>
    <tbody>${block.rows.map(
      (row) => markup`
      <tr>${row.map((cell) => markup`<td>${cell}</td>`)}</tr>`,
    )}
    </tbody>${foot}
  </table>`;
    }
  }
}

/** The document as an HTML fragment: `<section class lang="es"><h1>…</h1>…</section>`, every text escaped. */
export function documentHtml(document: LegalDocument): string {
  return markup`<section class="${document.className}" lang="es">
  <h1>${document.title}</h1>${document.blocks.map(blockHtml)}
</section>
`.value;
}
