import { loadOnFirstUse } from '../../load-on-first-use.ts';
import type { Block, LegalDocument } from './document.ts';

/**
 * A legal document as a PDF (AgreementPdfGetByLoanId), drawn with pdfkit on A4 in the standard Helvetica fonts.
 * Their WinAnsi encoding holds every character of the Spanish texts (á é í ó ú ü ñ Á É Í Ó Ú Ü Ñ ¿ ¡ « » € º ª),
 * so the PDF needs no embedded font and stays small; a character outside WinAnsi (a name in another script) would
 * print as a substitute, never break the document. Tables are drawn cell by cell, a row never split across pages,
 * the column headers repeated on each new page.
 */

/** pdfkit (and fontkit under it) take ~170 ms to load: loaded with the first PDF, not at the server's start. */
const loadPdfKit = loadOnFirstUse(async () => (await import('pdfkit')).default);

const MARGIN = 50;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const TEXT_SIZE = 9.5;
const CELL_PADDING = 4;
const BORDER = '#c4cad4';

type Doc = PDFKit.PDFDocument;

export interface PdfMeta {
  readonly author: string;
  /** The PDF's creation date (the server clock): the same document renders to the same bytes. */
  readonly createdAt: Date;
}

const contentWidth = (doc: Doc) => doc.page.width - MARGIN * 2;
const bottom = (doc: Doc) => doc.page.height - MARGIN;

function ensureSpace(doc: Doc, height: number): boolean {
  if (doc.y + height <= bottom(doc)) return false;
  doc.addPage();
  return true;
}

interface Cell {
  readonly text: string;
  readonly bold?: boolean;
  readonly fill?: string;
}

function rowHeight(doc: Doc, cells: readonly Cell[], widths: readonly number[]): number {
  let height = 0;
  cells.forEach((cell, index) => {
    doc.font(cell.bold ? BOLD : FONT).fontSize(TEXT_SIZE);
    height = Math.max(height, doc.heightOfString(cell.text, { width: widths[index]! - CELL_PADDING * 2 }));
  });
  return height + CELL_PADDING * 2;
}

function drawRow(doc: Doc, cells: readonly Cell[], widths: readonly number[], height: number): void {
  const top = doc.y;
  let x = MARGIN;
  cells.forEach((cell, index) => {
    const width = widths[index]!;
    if (cell.fill) doc.rect(x, top, width, height).fill(cell.fill);
    doc.rect(x, top, width, height).lineWidth(0.5).strokeColor(BORDER).stroke();
    doc
      .fillColor('#1a2233')
      .font(cell.bold ? BOLD : FONT)
      .fontSize(TEXT_SIZE)
      .text(cell.text, x + CELL_PADDING, top + CELL_PADDING, { width: width - CELL_PADDING * 2 });
    x += width;
  });
  doc.x = MARGIN;
  doc.y = top + height;
}

/** Rows of cells, each row kept on one page; `header` is drawn first and again at the top of each new page. */
function drawTable(
  doc: Doc,
  widths: readonly number[],
  rows: ReadonlyArray<readonly Cell[]>,
  header?: readonly Cell[],
) {
  doc.moveDown(0.3);
  if (header) {
    const height = rowHeight(doc, header, widths);
    ensureSpace(doc, height * 2);
    drawRow(doc, header, widths, height);
  }
  for (const row of rows) {
    const height = rowHeight(doc, row, widths);
    if (ensureSpace(doc, height) && header) drawRow(doc, header, widths, rowHeight(doc, header, widths));
    drawRow(doc, row, widths, height);
  }
  doc.moveDown(0.6);
}

function drawBlock(doc: Doc, block: Block): void {
  const width = contentWidth(doc);
  switch (block.kind) {
    case 'heading':
      ensureSpace(doc, 40);
      doc.moveDown(0.5).font(BOLD).fontSize(12).fillColor('#1a2233').text(block.text, MARGIN, doc.y, { width });
      doc.moveDown(0.3);
      return;
    case 'paragraph': {
      doc
        .font(FONT)
        .fontSize(TEXT_SIZE + 0.5)
        .fillColor('#1a2233');
      block.content.forEach((item, index) => {
        const last = index === block.content.length - 1;
        const options = { width, continued: !last };
        if (typeof item === 'string') doc.font(FONT).text(item, index === 0 ? MARGIN : undefined, undefined, options);
        else doc.font(BOLD).text(item.strong, index === 0 ? MARGIN : undefined, undefined, options);
      });
      if (block.content.length === 0) doc.text('', MARGIN);
      doc.moveDown(0.5);
      return;
    }
    case 'list':
      doc
        .font(FONT)
        .fontSize(TEXT_SIZE + 0.5)
        .fillColor('#1a2233');
      doc.list([...block.items], MARGIN, doc.y, { width, bulletRadius: 1.5, textIndent: 10 });
      doc.moveDown(0.5);
      return;
    case 'facts':
      drawTable(
        doc,
        [width * 0.4, width * 0.6],
        block.rows.map(([label, value]) => [{ text: label, bold: true, fill: '#f5f7fa' }, { text: value }]),
      );
      return;
    case 'table': {
      const columns = block.head.length;
      const widths = Array.from({ length: columns }, () => width / columns);
      const rows: Cell[][] = block.rows.map((row) => row.map((cell) => ({ text: cell })));
      if (block.foot) {
        const { label, labelSpan, cells } = block.foot;
        const blanks = Array.from({ length: labelSpan - 1 }, () => ({ text: '' }));
        rows.push([{ text: label, bold: true }, ...blanks, ...cells.map((cell) => ({ text: cell, bold: true }))]);
      }
      drawTable(
        doc,
        widths,
        rows,
        block.head.map((cell) => ({ text: cell, bold: true, fill: '#f5f7fa' })),
      );
      return;
    }
  }
}

/** The document as PDF bytes. */
export async function renderPdf(document: LegalDocument, meta: PdfMeta): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'es-ES',
    info: { Title: document.title, Author: meta.author, Creator: meta.author, CreationDate: meta.createdAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc
    .font(BOLD)
    .fontSize(16)
    .fillColor('#1a2233')
    .text(document.title, { width: contentWidth(doc) });
  doc.moveDown(0.6);
  for (const block of document.blocks) drawBlock(doc, block);
  doc.end();
  return done;
}
