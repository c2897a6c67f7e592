import { SANDBOX_LENDER } from '../../../shared/lender.ts';
import { DEFAULT_LOAN_DEFINITION } from '../../../shared/loan/loan-definition.ts';
import { monthlyPaymentDates } from '../../../shared/loan/payment-dates.ts';
import { buildPaymentPlan } from '../../../shared/loan/plan.ts';
import { roundedTae } from '../loan/index.ts';
import { agreementDocument } from './agreement-document.ts';
import { renderPdf } from './pdf.ts';

/**
 * One agreement PDF as AgreementPdfGetByLoanId renders it (2.500 € in 12 monthly instalments, a customer name),
 * for `npm run bench`'s PDF line: the document built from the plan and drawn by pdfkit, nothing else.
 */
export function renderAgreementPdfForBench(issueDate = '2026-11-24'): Promise<Buffer> {
  const definition = DEFAULT_LOAN_DEFINITION;
  const plan = buildPaymentPlan({
    amountCents: 250_000,
    issueDate,
    paymentDates: monthlyPaymentDates(issueDate, 12),
    definition,
  });
  const document = agreementDocument({
    customerName: 'María José Rodríguez Núñez',
    amountCents: 250_000,
    issueDate,
    plan,
    tae: roundedTae(plan, issueDate),
    definition,
    lender: SANDBOX_LENDER,
    loanId: 1,
  });
  return renderPdf(document, { author: SANDBOX_LENDER.legalName, createdAt: new Date(`${issueDate}T10:00:00Z`) });
}
