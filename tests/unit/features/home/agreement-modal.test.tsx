import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { postPaymentDates } from '../../../../src/features/home/api/post-payment-dates.ts';
import { postPaymentPlan } from '../../../../src/features/home/api/post-payment-plans.ts';
import { agreementDocument } from '../../../../src/lib/ui/agreement-document.ts';
import { LoanCalculator } from '../../../../src/features/home/components/LoanCalculator.tsx';
import { createQuoteClient, paymentDateRequest } from '../../../../src/features/home/quotes/quote-client.ts';
import { configureTestApi } from '../../harness/api.ts';
import type { AgreementRequest } from '../../../../src/shared/api/agreement.ts';
import { computePaymentDates } from '../../../../src/shared/loan/payment-dates.ts';
import { json, startTestServer, type TestServer } from '../../lib/api/test-server.ts';
import { answerQuote, body, wirePlan, type WireItem } from './loan-server.ts';

/** 'Más Información' (first document §2, §8): the contract of the plan shown, safely framed; a failure closes it. */

const TODAY = '2026-03-10';
const AGREEMENT_HTML = '<h1>Contrato de préstamo al consumo</h1><img src="x" onerror="window.hacked = true">';
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
      return json(response, 200, {
        data: [
          { type: 'agreement', title: 'Contrato de préstamo', agreement: AGREEMENT_HTML },
          { type: 'termsAndConditions', title: 'Condiciones generales', agreement: '<p>…</p>' },
        ],
      });
    }
    json(response, 404, {});
  };
  configureTestApi(server);
});

async function openAgreement() {
  const client = createQuoteClient({ fetchDates: postPaymentDates, fetchPlan: postPaymentPlan, today: () => TODAY });
  await act(async () => {
    render(<LoanCalculator client={client} />);
  });
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
    expect(sent).toEqual({ installments: wirePlan(item).installments, loanAmount: 2500, createdDate: TODAY });
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
