import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, sanitizeUrl } from '../../src/server/logger.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';
import { probeRoutes } from './helpers/probe.ts';

const lines: Array<Record<string, unknown>> = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean))
      lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extraRoutes: [probeRoutes],
    logger: { ...(loggerOptions('info') as object), stream: sink },
  });
});
afterAll(() => t.close());

describe('structured logs', () => {
  it('log the spec client headers with the request id, never the Authorization header', async () => {
    const user = await login(t);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/me',
      headers: {
        ...user.headers,
        application: 'prestamo-rapido-web',
        'x-app-version': '1.2.3',
        'x-member-role': 'user',
        'client-unique': 'device-123',
        'accept-language': 'es-ES',
        'x-correlation-id': 'log-test-0001',
      },
    });
    expect(response.statusCode).toBe(200);
    const incoming = lines.find((line) => line['reqId'] === 'log-test-0001' && line['msg'] === 'incoming request');
    expect(incoming?.['req']).toMatchObject({
      method: 'GET',
      url: '/api/test/me',
      client: {
        application: 'prestamo-rapido-web',
        appVersion: '1.2.3',
        memberRole: 'user',
        memberId: String(user.customer.id),
        clientUnique: 'device-123',
        language: 'es-ES',
      },
    });
    expect(JSON.stringify(lines)).not.toContain(user.token);
  });

  it('redact secrets in logged objects and URLs', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    expect(sanitizeUrl(`/api/membership/token/${token}`)).toBe('/api/membership/token/[redacted]');
    expect(sanitizeUrl(`/api/membership/loginWithRepayToken/${'a'.repeat(32)}`)).toBe(
      '/api/membership/loginWithRepayToken/[redacted]',
    );
    expect(sanitizeUrl(`/?jwt=${token}&utm_campaign=x`)).toBe('/?jwt=%5Bredacted%5D&utm_campaign=x');
    expect(sanitizeUrl('/api/loan/loans/12')).toBe('/api/loan/loans/12');

    t.app.log.info(
      { body: { phoneNumber: '612345678', password: '1234' }, pin: '9999', nested: { token: 'abc' } },
      'redaction check',
    );
    const line = lines.find((entry) => entry['msg'] === 'redaction check');
    expect(line).toMatchObject({
      body: { phoneNumber: '612345678', password: '[redacted]' },
      pin: '[redacted]',
      nested: { token: '[redacted]' },
    });
  });
});

describe('request loggers', () => {
  it('at warn a quiet request writes nothing; a failing one writes its lines with its request id', async () => {
    const quiet: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          quiet.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const warn = await createTestApp({
      database: t.handle,
      extraRoutes: [probeRoutes],
      logger: { ...(loggerOptions('warn') as object), stream },
    });
    quiet.length = 0; // the start's own lines (no client build here)
    try {
      const ok = await warn.app.inject({ method: 'GET', url: '/api/test/optional' });
      expect(ok.statusCode).toBe(200);
      const refused = await warn.app.inject({ method: 'GET', url: '/api/test/fail/business' });
      expect(refused.statusCode).toBe(422);
      expect(quiet).toEqual([]);
      const crash = await warn.app.inject({
        method: 'GET',
        url: '/api/test/fail/crash',
        headers: { 'x-correlation-id': 'log-test-crash-1' },
      });
      expect(crash.statusCode).toBe(500);
      expect(quiet.length).toBeGreaterThan(0);
      expect(quiet.every((line) => line['reqId'] === 'log-test-crash-1' && line['level'] === 50)).toBe(true);
    } finally {
      await warn.close();
    }
  });
});
