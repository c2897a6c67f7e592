import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import type { TestApp } from './app.ts';
import { borrower, requestBody, requestLoan, type Borrower } from './loan-request.ts';

/** A borrower with a `requested` loan (RequestLoanPost through the real app) and its id. */
export async function requestedLoan(
  t: Pick<TestApp, 'app' | 'db' | 'clock' | 'secrets'>,
  options: Parameters<typeof borrower>[1] = {},
): Promise<Borrower & { loanId: number }> {
  const who = await borrower(t, options);
  const response = await requestLoan(t, who, requestBody(who));
  if (response.statusCode !== 200) throw new Error(`loan request failed: ${response.body}`);
  const loanId = (response.json() as { data: { journey: { loanDetails: { loanId: number } } } }).data.journey
    .loanDetails.loanId;
  return { ...who, loanId };
}

export const assign = (
  t: Pick<TestApp, 'app'>,
  who: { headers: Record<string, string> },
  body: Record<string, unknown>,
  key: string = randomUUID(),
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/loan/assignAgreement',
    headers: { ...who.headers, 'idempotency-key': key },
    payload: body,
  });

/** WinAnsi (Windows-1252) bytes as text: Latin-1, except 0x80–0x9F (the euro sign, quotes, dashes …). */
const WIN_ANSI_HIGH: Record<number, string> = {
  0x80: '€',
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x96: '–',
  0x97: '—',
};
const fromWinAnsi = (bytes: Buffer) =>
  [...bytes].map((byte) => WIN_ANSI_HIGH[byte] ?? String.fromCharCode(byte)).join('');

/**
 * The text a PDF shows: every FlateDecode stream inflated, the hex strings of each `TJ` decoded from WinAnsi
 * (pdfkit's encoding of the standard fonts), one text run per line, joined with spaces.
 */
export function pdfText(pdf: Buffer): string {
  const latin = pdf.toString('latin1');
  const runs: string[] = [];
  for (const match of latin.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = latin.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(array[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((piece) => piece[1]).join('');
      runs.push(fromWinAnsi(Buffer.from(hex, 'hex')));
    }
  }
  return runs.join(' ').replace(/\s+/g, ' ');
}
