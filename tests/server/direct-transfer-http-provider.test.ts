import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpDirectTransferProvider } from '../../src/server/providers/http-direct-transfer.ts';

/** The real-provider seam (SANDBOX off): the request it sends and how it reads the provider's answers. */

let server: Server;
let base: string;
let answer: { status: number; body: unknown } = { status: 200, body: {} };
const seen: Array<{
  method: string;
  url: string;
  authorization: string;
  idempotencyKey: string | undefined;
  body: unknown;
}> = [];

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => resolve(text));
  });

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((text) => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization ?? '',
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
        body: JSON.parse(text || 'null'),
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const input = {
  customerId: 7,
  loanId: 42,
  amountCents: 29_999,
  successPage: '/payment/success',
  errorPage: '/dashboard',
  doneMessage: 'Pago recibido',
  appOrigin: 'https://app.prestamo.example',
  serverOrigin: 'https://api.prestamo.example',
  now: new Date('2026-11-24T10:00:00Z'),
};

describe('the HTTP direct-transfer provider', () => {
  it('posts the order with the bearer key and its idempotency key, and returns its id and widget url', async () => {
    answer = { status: 200, body: { orderId: 'ord_1', widgetUrl: 'https://widget.example/o/ord_1' } };
    const provider = createHttpDirectTransferProvider({ url: base, apiKey: 'secret-key' });
    const created = await provider.initTransfer({ ...input, idempotencyKey: 'transfer:7:k1' });
    expect(created).toEqual({
      result: 'created',
      providerOrderId: 'ord_1',
      widgetUrl: 'https://widget.example/o/ord_1',
      providerState: JSON.stringify({ widgetUrl: 'https://widget.example/o/ord_1' }),
    });
    // A retry whose first answer was lost reads the widget url from what the app kept; nothing is sent.
    const origins = { appOrigin: input.appOrigin, serverOrigin: input.serverOrigin };
    if (created.result === 'created') expect(provider.widgetUrlOf(created, origins)).toBe(created.widgetUrl);
    expect(provider.widgetUrlOf({ providerOrderId: 'ord_1', providerState: null }, origins)).toBeNull();
    expect(seen).toHaveLength(1);
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: '/api/orders',
      authorization: 'Bearer secret-key',
      idempotencyKey: 'transfer:7:k1',
      body: {
        customerReference: '7',
        loanReference: '42',
        amountCents: 29_999,
        allowedOrigin: 'https://app.prestamo.example',
        successPage: '/payment/success',
        errorPage: '/dashboard',
        doneMessage: 'Pago recibido',
      },
    });
  });

  it('reads a block, and throws on an error status or an answer of another shape', async () => {
    const provider = createHttpDirectTransferProvider({ url: base, apiKey: 'k' });
    answer = { status: 200, body: { blocked: true } };
    await expect(provider.initTransfer(input)).resolves.toEqual({ result: 'blocked' });
    answer = { status: 503, body: {} };
    await expect(provider.initTransfer(input)).rejects.toThrow('503');
    answer = { status: 200, body: { orderId: 'x', widgetUrl: 'javascript:alert(1)' } };
    await expect(provider.initTransfer(input)).rejects.toThrow();
  });
});
