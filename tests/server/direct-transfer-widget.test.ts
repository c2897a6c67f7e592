import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TRANSFER_WIDGET_SCRIPT } from '../../src/server/providers/sandbox-direct-transfer-page.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { loanPayments, NOW, orderRow, startOrder, transferBorrower } from './helpers/direct-transfer.ts';

/**
 * The sandbox widget as the app's iframe runs it: the served page and script in a DOM (jsdom), its requests
 * answered by the real server, `window.parent.postMessage` recorded. Each §4 event is the JSON string of
 * agreement 5, sent to the app's origin only.
 */

/** jsdom ships no types (the unit tests get it as their vitest environment); only its constructor is used here. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (
    html: string,
    options: { url: string; runScripts: 'outside-only' },
  ) => {
    window: Window & typeof globalThis;
  };
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
});
afterAll(async () => {
  await t?.close();
});

interface Posted {
  message: unknown;
  targetOrigin: string;
}

async function openWidget(path: string) {
  const page = await t.app.inject({ method: 'GET', url: path });
  expect(page.statusCode).toBe(200);
  const dom = new JSDOM(page.body, { url: `http://localhost${path}`, runScripts: 'outside-only' });
  const { window } = dom;
  const posted: Posted[] = [];
  Object.defineProperty(window, 'parent', {
    configurable: true,
    value: { postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }) },
  });
  // The page's requests go to the real server.
  Object.defineProperty(window, 'fetch', {
    configurable: true,
    value: async (url: string, init: { method: string; body: string }) => {
      const response = await t.app.inject({
        method: init.method as 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: init.body,
      });
      return { ok: response.statusCode < 300, json: async () => response.json() as unknown };
    },
  });
  window.eval(TRANSFER_WIDGET_SCRIPT);
  const $ = (selector: string) => window.document.querySelector(selector) as HTMLElement;
  const events = () => posted.map((entry) => JSON.parse(entry.message as string) as Record<string, unknown>);
  return { window, posted, $, events };
}

describe('the widget script in its page', () => {
  it("bank choice → bank_login; 'Pagar' without the terms → the Spanish notice; with them → payment success", async () => {
    const who = await transferBorrower(t);
    const { path, orderId } = await startOrder(t, who);
    const widget = await openWidget(path);

    widget.$('.bank[data-code="2100"]').click();
    expect(widget.$('#bank-title').textContent).toBe('CaixaBank');
    expect(widget.posted).toHaveLength(1);
    expect(typeof widget.posted[0]!.message).toBe('string');
    expect(widget.posted[0]!.targetOrigin).toBe('http://localhost');
    expect(widget.events()[0]).toEqual({ source: 'unnax', event: 'bank_login', status: null, orderId });

    widget.$('#pay').click();
    expect(widget.$('#pay-error').textContent).toBe('Debe aceptar los términos y condiciones.');
    expect(widget.$('#pay-error').hidden).toBe(false);
    expect(widget.posted).toHaveLength(1);

    (widget.$('#terms') as HTMLInputElement).checked = true;
    widget.$('#pay').click();
    await vi.waitFor(() => expect(widget.posted).toHaveLength(2));
    expect(widget.events()[1]).toEqual({ source: 'unnax', event: 'payment', status: 'success', orderId });
    expect(widget.posted.every((entry) => entry.targetOrigin === 'http://localhost')).toBe(true);
    expect(widget.$('#result-text').textContent).toBe('¡Pago realizado! Ya puedes volver a la aplicación.');
    expect((await orderRow(t, orderId)).status).toBe('completed');
    expect((await loanPayments(t, who.loan.loanId)).map((row) => row.status)).toEqual(['success']);
  });

  it.each([
    ['user_blocked', { event: 'user_blocked', status: null }, 'cancelled'],
    ['consents_denied', { event: 'consents_denied', status: null }, 'cancelled'],
    ['paymentFailed', { event: 'payment', status: 'failure' }, 'failed'],
  ] as const)('the sandbox button %s posts %o and ends the order %s', async (how, expected, orderStatus) => {
    const who = await transferBorrower(t);
    const { path, orderId } = await startOrder(t, who);
    const widget = await openWidget(path);
    widget.$(`[data-end="${how}"]`).click();
    await vi.waitFor(() => expect(widget.posted).toHaveLength(1));
    expect(widget.events()[0]).toEqual({ source: 'unnax', ...expected, orderId });
    expect(widget.posted[0]!.targetOrigin).toBe('http://localhost');
    await vi.waitFor(async () => expect((await orderRow(t, orderId)).status).toBe(orderStatus));
    expect(await loanPayments(t, who.loan.loanId)).toEqual([]);
  });
});
