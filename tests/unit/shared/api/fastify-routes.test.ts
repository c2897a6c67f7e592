// @vitest-environment node
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataEnvelope } from '../../../../src/shared/api/define.ts';
import { contractCalls } from '../../../../src/shared/api/index.ts';

/** The server registers its routes from the contract: every entry must be a valid Fastify + zod route. */
describe('the contract as Fastify routes', () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  beforeAll(async () => {
    for (const call of contractCalls) {
      app.route({
        method: call.method,
        url: call.path,
        schema: {
          params: call.params,
          querystring: call.query,
          ...(call.hasBody ? { body: call.body } : {}),
          response: { 200: dataEnvelope(call.response) },
        },
        handler: async (request) => ({ data: call.name === 'CustomerLoansByStatusGet' ? [] : { echo: request.query } }),
      });
    }
    await app.ready();
  });
  afterAll(() => app.close());

  it('registers every call', () => {
    for (const call of contractCalls)
      expect(app.hasRoute({ method: call.method, url: call.path }), call.name).toBe(true);
  });

  it('passes a body-less POST and answers 400 on a wrong body', async () => {
    const logout = await app.inject({ method: 'POST', url: '/api/membership/logout' });
    expect(logout.statusCode).not.toBe(400);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/membership/login',
      payload: { phoneNumber: 612345678 },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('parses repeated query parameters and answers through the response schema', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/loan/customerLoansByStatus?statuses=issued&statuses=arranged',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
    const unknown = await app.inject({ method: 'GET', url: '/api/loan/customerLoansByStatus?statuses=issued&v=1' });
    expect(unknown.statusCode).toBe(400);
  });
});
