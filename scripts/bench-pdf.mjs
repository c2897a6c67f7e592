// The agreement PDF's generation time, for `npm run bench` (scripts/bench.mjs): AgreementPdfGetByLoanId renders the
// contract from the loan with pdfkit on every download, so its cost is measured directly, in process, on the built
// server code (`renderAgreementPdf` below: 2.500 € in 12 instalments, the document built from the plan by
// modules/agreement's agreementDocument and drawn to PDF bytes by its renderPdf; no HTTP, no database). Warm-up renders first, then `count` measured ones, one
// after the other; p50 aim ≤ 200 ms.
//
//   node scripts/bench-pdf.mjs [--count 50]   (standalone: builds the server when stale, prints the figures)
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfStale, root } from './build-if-stale.mjs';

export const PDF_AIM_P50_MS = 200;

/** The built module `relative` (under build/node), imported. */
const built = (relative) => import(pathToFileURL(join(root, 'build', 'node', relative)).href);

/**
 * One agreement PDF as AgreementPdfGetByLoanId renders it (2.500 € in 12 monthly instalments, a customer name): the
 * document built from the plan and drawn by pdfkit, nothing else. Bench code stays here, out of the product.
 */
async function pdfRenderer(issueDate = '2026-11-24') {
  const [
    { SANDBOX_LENDER },
    { DEFAULT_LOAN_DEFINITION },
    { monthlyPaymentDates },
    { buildPaymentPlan },
    loan,
    doc,
    pdf,
  ] = await Promise.all([
    built('shared/lender.js'),
    built('shared/loan/loan-definition.js'),
    built('shared/loan/payment-dates.js'),
    built('shared/loan/plan.js'),
    built('server/modules/loan/index.js'),
    built('server/modules/agreement/agreement-document.js'),
    built('server/modules/agreement/pdf.js'),
  ]);
  const definition = DEFAULT_LOAN_DEFINITION;
  return () => {
    const plan = buildPaymentPlan({
      amountCents: 250_000,
      issueDate,
      paymentDates: monthlyPaymentDates(issueDate, 12),
      definition,
    });
    const document = doc.agreementDocument({
      customerName: 'María José Rodríguez Núñez',
      amountCents: 250_000,
      issueDate,
      plan,
      tae: loan.roundedTae(plan, issueDate),
      definition,
      lender: SANDBOX_LENDER,
      loanId: 1,
    });
    return pdf.renderPdf(document, { author: SANDBOX_LENDER.legalName, createdAt: new Date(`${issueDate}T10:00:00Z`) });
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** `{ count, p50, p99, minMs, bytes, aimMs, met }`, or `{ error }` when the built code cannot render. */
export async function benchAgreementPdf({ count = 50, warmup = 5 } = {}) {
  try {
    const renderAgreementPdf = await pdfRenderer();
    let bytes = 0;
    for (let i = 0; i < warmup; i += 1) bytes = (await renderAgreementPdf()).length;
    const times = [];
    for (let i = 0; i < count; i += 1) {
      const started = performance.now();
      const pdf = await renderAgreementPdf();
      times.push(performance.now() - started);
      if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('the render is not a PDF');
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    return {
      count,
      p50,
      p99: percentile(times, 99),
      minMs: times[0],
      bytes,
      aimMs: PDF_AIM_P50_MS,
      met: p50 <= PDF_AIM_P50_MS,
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error), met: false };
  }
}

export const pdfLine = (pdf) =>
  pdf.error
    ? `Agreement PDF generation: ERROR ${pdf.error}`
    : `Agreement PDF generation (pdfkit, in process, one contract of 12 instalments, ${Math.round(pdf.bytes / 1024)} kB; ${pdf.count} renders): p50 ${pdf.p50.toFixed(1)} ms, p99 ${pdf.p99.toFixed(1)} ms — aim p50 ≤ ${pdf.aimMs} ms: ${pdf.met ? 'met' : 'MISSED'}`;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const countAt = process.argv.indexOf('--count');
  const count = countAt > 0 ? Number(process.argv[countAt + 1]) : 50;
  if ((await buildIfStale({ client: false, log: (line) => console.error(line), stdio: ['ignore', 2, 2] })) !== 0)
    process.exit(1);
  const pdf = await benchAgreementPdf({ count });
  console.log(pdfLine(pdf));
  if (!pdf.met) process.exitCode = 1;
}
