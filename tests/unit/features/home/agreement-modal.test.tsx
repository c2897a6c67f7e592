import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { postPaymentDates } from '../../../../src/features/home/api/post-payment-dates.ts';
import { postPaymentPlan } from '../../../../src/features/home/api/post-payment-plans.ts';
import { agreementDocument } from '../../../../src/lib/ui/agreement-document.ts';
import { LoanCalculator } from '../../../../src/features/home/components/LoanCalculator.tsx';
import type { CalculatorProduct } from '../../../../src/features/home/quotes/calculator-store.ts';
import { createQuoteClient, paymentDateRequest } from '../../../../src/features/home/quotes/quote-client.ts';
import { configureTestApi } from '../../harness/api.ts';
import type { AgreementRequest } from '../../../../src/shared/api/agreement.ts';
import { computePaymentDates } from '../../../../src/shared/loan/payment-dates.ts';
import { json, startTestServer, type TestServer } from '../../lib/api/test-server.ts';
import { answerQuote, body, wirePlan, type WireItem } from './loan-server.ts';

/**
 * 'Más Información' (first document §2, §8): the contract of the plan shown — the instalment loan's or the
 * minipréstamo's, as AgreementPost's `loanProduct` says — safely framed; a failure closes it.
 */

const TODAY = '2026-03-10';
const AGREEMENT_HTML = '<h1>Contrato de préstamo al consumo</h1><img src="x" onerror="window.hacked = true">';
/** What this server answers for a minipréstamo: its own contract, with the amount it was asked for. */
const miniAgreementHtml = (request: AgreementRequest) =>
  `<h1>Contrato de minipréstamo</h1><p>Importe: ${request.loanAmount} €, un solo pago</p>`;
let server: TestServer;
let agreementStatus: number;

beforeAll(async () => {
  server = await startTestServer();
  await import('../../../../src/features/home/agreement/AgreementModal.tsx');
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

beforeEach(() => {
  server.requests = [];
  agreementStatus = 200;
  server.handler = (request, response) => {
    if (answerQuote(request, response)) return;
    if (request.url === '/api/loan/agreements') {
      if (agreementStatus !== 200) {
        return json(response, agreementStatus, {
          errors: [{ code: { name: 'InvalidLoanAmount', value: 1 }, message: 'Importe no válido.', title: 'Aviso' }],
        });
      }
      const asked = body<AgreementRequest>(request);
      return json(response, 200, {
        data: [
          {
            type: 'agreement',
            title: 'Contrato de préstamo',
            agreement: asked.loanProduct === 'mini' ? miniAgreementHtml(asked) : AGREEMENT_HTML,
          },
          { type: 'termsAndConditions', title: 'Condiciones generales', agreement: '<p>…</p>' },
        ],
      });
    }
    json(response, 404, {});
  };
  configureTestApi(server);
});

async function openAgreement(initialProduct?: CalculatorProduct, choose?: () => void) {
  const client = createQuoteClient({ fetchDates: postPaymentDates, fetchPlan: postPaymentPlan, today: () => TODAY });
  await act(async () => {
    render(<LoanCalculator client={client} initialProduct={initialProduct} />);
  });
  choose?.();
  const more = screen.getByRole('button', { name: 'Más Información' });
  await waitFor(() => expect(more).toBeEnabled());
  await userEvent.setup().click(more);
}

describe('the agreement document of the frame', () => {
  it("escapes the title, which is text, and keeps the server's HTML as the main content", () => {
    const html = agreementDocument('<h1>Contrato</h1>', 'A <b> & "C"');
    expect(html).toContain('<title>A &lt;b&gt; &amp; &quot;C&quot;</title>');
    expect(html).toContain('<main><h1>Contrato</h1></main>');
    expect(html).toContain('<html lang="es">');
  });
});

describe("'Más Información' agreement modal", () => {
  it("asks AgreementPost with the calculator's plan and shows the contract in a sandboxed frame", async () => {
    await openAgreement();
    const dialog = await screen.findByRole('dialog', { name: 'Contrato de préstamo' });
    const frame = dialog.querySelector('iframe');
    expect(frame).not.toBeNull();
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('title', 'Contrato de préstamo');
    expect(frame?.getAttribute('srcdoc')).toContain(`<main>${AGREEMENT_HTML}</main>`);
    expect(frame?.getAttribute('srcdoc')).toContain('<title>Contrato de préstamo</title>');
    // The HTML never enters the page itself: nothing of it is in the app's DOM.
    expect(document.body.querySelector('img[onerror]')).toBeNull();

    const sent = body<AgreementRequest>(server.requests.find((r) => r.url === '/api/loan/agreements')!);
    const item: WireItem = {
      amount: 2500,
      issueDate: TODAY,
      paymentDates: computePaymentDates(paymentDateRequest(TODAY)).slice(0, 12),
    };
    expect(sent).toEqual({
      loanProduct: 'installment',
      installments: wirePlan(item).installments,
      loanAmount: 2500,
      createdDate: TODAY,
    });
  });

  it("the minipréstamo's: its contract for the amount and the repayment date on screen, as the server answers", async () => {
    await openAgreement('mini', () => {
      fireEvent.change(screen.getByRole('slider', { name: '¿Cuánto dinero necesitas?' }), { target: { value: '250' } });
      // 25 days from Tuesday 10/03 is Saturday 04/04: the calculator shows and prices Monday 06/04.
      fireEvent.change(screen.getByRole('slider', { name: '¿En cuántos días lo devuelves?' }), {
        target: { value: '25' },
      });
    });
    // The calculator behind the modal (hidden from assistive technology while it is open).
    expect(screen.getByRole('status', { hidden: true })).toHaveTextContent('Pagarás 250,00€ el 06/04/2026');
    const dialog = await screen.findByRole('dialog', { name: 'Contrato de préstamo' });
    const frame = dialog.querySelector('iframe');
    expect(frame?.getAttribute('srcdoc')).toContain(
      '<main><h1>Contrato de minipréstamo</h1><p>Importe: 250 €, un solo pago</p></main>',
    );

    const sent = server.requests.filter((r) => r.url === '/api/loan/agreements').map(body<AgreementRequest>);
    const item: WireItem = { product: 'mini', amount: 250, issueDate: TODAY, paymentDates: ['2026-04-06'] };
    expect(wirePlan(item).installments).toEqual([
      // A visitor's first loan up to 300 €: interest-free, as the quote said.
      { initialBase: 250, initialCalculatedInterest: 0, expectedDate: '2026-04-06', totalPayment: 250 },
    ]);
    expect(sent).toEqual([
      { loanProduct: 'mini', installments: wirePlan(item).installments, loanAmount: 250, createdDate: TODAY },
    ]);
  });

  it('closes with its close button', async () => {
    await openAgreement();
    const dialog = await screen.findByRole('dialog', { name: 'Contrato de préstamo' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('closes by itself when the agreement cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    agreementStatus = 422;
    await openAgreement();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('The document could not be loaded', expect.anything()));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Más Información' })).toBeEnabled();
  });
});
