// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { agreementDocument } from '../../../src/server/modules/agreement/agreement-document.ts';
import { documentHtml } from '../../../src/server/modules/agreement/document.ts';
import { SANDBOX_LENDER } from '../../../src/shared/lender.ts';
import { DEFAULT_LOAN_DEFINITION } from '../../../src/shared/loan/loan-definition.ts';
import { monthlyPaymentDates } from '../../../src/shared/loan/payment-dates.ts';
import { buildPaymentPlan } from '../../../src/shared/loan/plan.ts';
import { taeForPlan } from '../../../src/shared/loan/tae.ts';

const issueDate = '2026-01-15';
const plan = buildPaymentPlan({ amountCents: 250000, issueDate, paymentDates: monthlyPaymentDates(issueDate, 12) });
const tae = taeForPlan(plan, issueDate);

function render(customerName?: string, lender = SANDBOX_LENDER): string {
  return documentHtml(
    agreementDocument({
      customerName,
      amountCents: 250000,
      issueDate,
      plan,
      tae,
      definition: DEFAULT_LOAN_DEFINITION,
      lender,
    }),
  );
}

/** The text of each row of the instalment table body, cells joined by '|'. */
function planRows(html: string): string[] {
  const body = /<table class="loan-agreement-plan">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<td>([\s\S]*?)<\/td>/g)].map((cell) => cell[1]).join('|'),
  );
}

describe('the agreement document as HTML', () => {
  it('states amount, number of instalments, TIN, TAE, total cost and total owed in es-ES', () => {
    const html = render('Ana García');
    expect(html).toContain('Contrato de préstamo al consumo');
    expect(html).toContain('<td>2.500,00\u00a0€</td>');
    expect(html).toContain('<th scope="row">Número de cuotas</th><td>12</td>');
    expect(html).toContain('73,32 % anual (6,11 % mensual)');
    expect(html).toContain('<td>103,7 %</td>');
    expect(html).toContain('<th scope="row">Coste total del crédito (intereses)</th><td>1.099,88\u00a0€</td>');
    expect(html).toContain('<th scope="row">Importe total adeudado</th><td>3.599,88\u00a0€</td>');
    expect(html).toContain('15/01/2026');
  });

  it('names the parties', () => {
    const html = render('Ana García');
    // The lender as the configured identity names it: company, CIF, registered office, registries.
    expect(html).toContain(
      `De una parte, ${SANDBOX_LENDER.legalName}, con CIF ${SANDBOX_LENDER.taxId} y domicilio social en ${SANDBOX_LENDER.registeredAddress}, inscrita en el ${SANDBOX_LENDER.commercialRegistry}`,
    );
    expect(html).toContain('<strong>Ana García</strong>');
    expect(render()).toContain('la persona titular de la solicitud');
  });

  it('lists every instalment with date, capital, interest and total', () => {
    const rows = planRows(render('Ana García'));
    expect(rows).toHaveLength(12);
    expect(rows[0]).toBe('1|15/02/2026|147,24\u00a0€|152,75\u00a0€|299,99\u00a0€');
    expect(rows[11]).toMatch(/^12\|15\/01\/2027\|[\d.]+,\d{2}\u00a0€\|[\d.]+,\d{2}\u00a0€\|299,99\u00a0€$/);
    expect(render()).toContain('<td>2.500,00\u00a0€</td><td>1.099,88\u00a0€</td><td>3.599,88\u00a0€</td>');
  });

  it('includes the right of withdrawal, early repayment and the Annex I note', () => {
    const html = render();
    expect(html).toContain('14 días naturales');
    expect(html).toContain('Ley 16/2011');
    expect(html).toContain('Reembolso anticipado');
    expect(html).toContain('Anexo I');
  });

  it('escapes HTML in the customer name and the brand', () => {
    const html = render(`<script>alert("x")</script> & O'Brien`, { ...SANDBOX_LENDER, legalName: 'Marca <b>' });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; O&#39;Brien');
    expect(html).not.toContain('Marca <b>');
    expect(html).toContain('Marca &lt;b&gt;');
  });
});
