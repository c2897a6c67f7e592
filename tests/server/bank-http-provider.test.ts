import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpOpenBankingProvider } from '../../src/server/providers/http-open-banking.ts';

/** The generic HTTP open-banking adapter (SANDBOX off) against a fake provider. */

let server: Server;
let base: string;
const seen: Array<{ method: string; url: string; auth: string | undefined; body: unknown }> = [];

const bodyOf = async (request: IncomingMessage) => {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text ? (JSON.parse(text) as unknown) : null;
};

beforeAll(async () => {
  server = createServer(async (request, response) => {
    seen.push({
      method: request.method!,
      url: request.url!,
      auth: request.headers.authorization,
      body: await bodyOf(request),
    });
    response.setHeader('content-type', 'application/json');
    if (request.method === 'POST' && request.url === '/ob/widget-sessions') {
      response.end(JSON.stringify({ sessionId: 'prov-1', widgetUrl: 'https://widget.example/s/prov-1' }));
    } else if (request.url === '/ob/widget-sessions/prov-1') {
      response.end(
        JSON.stringify({
          status: 'succeeded',
          accounts: [
            {
              iban: 'ES9121000418450200051332',
              bankName: 'CaixaBank',
              holderName: 'Ana',
              balanceCents: 100,
              transactions: [{ date: '2026-11-01', amountCents: 210_000, description: 'NOMINA X', isSalary: true }],
            },
          ],
        }),
      );
    } else {
      response.statusCode = 500;
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ob/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('createHttpOpenBankingProvider', () => {
  const provider = () => createHttpOpenBankingProvider({ url: base, apiKey: 'secret-key' });

  it('starts a widget session with the allowed origin and a bearer key', async () => {
    const started = await provider().initWidget({
      flavour: 'unnax',
      customerId: 7,
      holderName: 'Ana Prueba',
      appOrigin: 'https://app.example',
      serverOrigin: 'https://api.example',
    });
    expect(started).toEqual({ sessionId: 'prov-1', widgetUrl: 'https://widget.example/s/prov-1', providerState: null });
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: '/ob/widget-sessions',
      auth: 'Bearer secret-key',
      body: { widget: 'unnax', customerReference: '7', holderName: 'Ana Prueba', allowedOrigin: 'https://app.example' },
    });
  });

  it('names the bank chosen in the app, so the provider opens at its login', async () => {
    await provider().initWidget({
      flavour: 'tink',
      customerId: 7,
      holderName: 'Ana Prueba',
      appOrigin: 'https://app.example',
      serverOrigin: 'https://api.example',
      bankCode: '2100',
    });
    expect(seen.at(-1)?.body).toEqual({
      widget: 'tink',
      customerReference: '7',
      holderName: 'Ana Prueba',
      allowedOrigin: 'https://app.example',
      bank: '2100',
    });
  });

  it('reads a session result, and rejects a provider error', async () => {
    const session = { id: 'prov-1', customerId: 7, providerState: null, polls: 1, createdAt: new Date() };
    const result = await provider().sessionResult(session, new Date());
    expect(result.status).toBe('succeeded');
    expect(result.accounts[0]!.transactions[0]!.isSalary).toBe(true);
    await expect(provider().sessionResult({ ...session, id: 'other' }, new Date())).rejects.toThrow(/answered 500/);
  });
});
