import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpCardGateway } from '../../src/server/providers/http-card-gateway.ts';

/** The generic HTTP card-gateway adapter (SANDBOX off) against a fake gateway. */

let server: Server;
let base: string;
const seen: Array<{ method: string; url: string; auth?: string; key?: string; body: unknown }> = [];
let validationAnswer: Record<string, unknown>;

const bodyOf = async (request: IncomingMessage) => {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text ? (JSON.parse(text) as unknown) : null;
};

const step = { state: 'iframe', transactionId: 'gw-tx-1', provider: 'credorax', url: 'https://gw.example/3ds/1' };

beforeAll(async () => {
  server = createServer(async (request, response) => {
    seen.push({
      method: request.method!,
      url: request.url!,
      auth: request.headers.authorization,
      key: request.headers['idempotency-key'] as string | undefined,
      body: await bodyOf(request),
    });
    response.setHeader('content-type', 'application/json');
    if (request.method === 'POST' && request.url === '/gw/cards') response.end(JSON.stringify(validationAnswer));
    else if (request.url === '/gw/three-ds/gw-tx-1')
      response.end(JSON.stringify({ step: { ...step, state: 'completed' }, providerState: 'p2' }));
    else if (request.method === 'POST' && request.url === '/gw/charges')
      response.end(JSON.stringify({ status: 'succeeded', transactionId: 'ch-1', threeDs: null, message: null }));
    else {
      response.statusCode = 500;
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gw/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('createHttpCardGateway', () => {
  const gateway = () => createHttpCardGateway({ url: base, apiKey: 'gw-key' });
  const card = { cardNumber: '4000000000003220', expiryMonth: '12', expiryYear: '2030', cv2: '987' };
  const origins = { appOrigin: 'https://app.example', serverOrigin: 'https://api.example' };

  it('sends the card only to the gateway and keeps what it answers: token, masked number, the 3-D Secure step', async () => {
    validationAnswer = {
      result: 'challengeNeeded',
      cardToken: 'tok-1',
      maskedCardNumber: '400000******3220',
      brand: 'visa',
      threeDs: step,
      providerState: 'p1',
      threeDsScenario: 'challenge',
      message: null,
    };
    const validation = await gateway().createAndValidate({ customerId: 7, card, origins });
    expect(validation).toEqual({ ...validationAnswer, threeDs: step });
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/gw/cards',
      auth: 'Bearer gw-key',
      body: { customerReference: '7', card, allowedOrigin: 'https://app.example', returnOrigin: 'https://api.example' },
    });
    expect(await gateway().threeDsState({ transactionId: 'gw-tx-1', providerState: 'p1' })).toEqual({
      step: { ...step, state: 'completed' },
      providerState: 'p2',
    });
    const charge = await gateway().charge({
      cardToken: 'tok-1',
      amountCents: 1000,
      reference: 'L1',
      idempotencyKey: 'k1',
    });
    expect(charge.status).toBe('succeeded');
    expect(seen.at(-1)).toMatchObject({ key: 'k1', body: { cardToken: 'tok-1', amountCents: 1000, reference: 'L1' } });
  });

  it('refuses an answer holding more than the first six and last four digits', async () => {
    validationAnswer = {
      result: 'success',
      cardToken: 'tok-2',
      maskedCardNumber: '4000000000003220',
      brand: 'visa',
      threeDs: null,
      providerState: null,
      threeDsScenario: null,
      message: null,
    };
    await expect(gateway().createAndValidate({ customerId: 7, card, origins })).rejects.toThrow();
  });

  it('fails on a gateway error', async () => {
    await expect(gateway().threeDsState({ transactionId: 'unknown', providerState: null })).rejects.toThrow(/500/);
  });
});
