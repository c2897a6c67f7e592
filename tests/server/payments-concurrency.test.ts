import { request as httpRequest, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { paymentsOfLoan, storeCard, type PayBody } from './helpers/payments.ts';
import { createRunningLoan, INSTALLMENT_CENTS } from './helpers/running-loans.ts';

/**
 * PayLoanPost under concurrency over real HTTP (issue 13): 1,000 retries of one press (one Idempotency-Key) over 20
 * connections make one payment and one card charge; two presses with different keys at once make one payment (the
 * other is 409 RequestInProgress, or sees the instalment already paid). PGlite and, with DATABASE_URL, PostgreSQL.
 */

const NOW = '2026-11-24T10:00:00.000Z';
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

async function burst(who: LoggedIn, body: PayBody, keys: readonly string[], connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const payload = JSON.stringify(body);
  try {
    return await Promise.all(
      keys.map(
        (key) =>
          new Promise<{ status: number; body: string }>((resolve, reject) => {
            const req = httpRequest(
              `${baseUrl}/api/loan/payloan`,
              {
                method: 'POST',
                agent,
                headers: {
                  ...who.headers,
                  'idempotency-key': key,
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                },
              },
              (res) => {
                let text = '';
                res.setEncoding('utf8');
                res.on('data', (chunk: string) => (text += chunk));
                res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
                res.on('error', reject);
              },
            );
            req.on('error', reject);
            req.end(payload);
          }),
      ),
    );
  } finally {
    agent.destroy();
  }
}

const codeOf = (body: string) =>
  (JSON.parse(body) as { errors?: Array<{ code: { name: string } }> }).errors?.[0]?.code.name;

async function payer() {
  const who = await login(t, { status: 'securityChecked' });
  const loan = await createRunningLoan(t, who.customer.id, { nextDue: '2026-11-23', paid: 1 });
  const cardId = await storeCard(t, who.customer.id);
  const body: PayBody = {
    loanId: loan.loanId,
    paymentOption: 'firstNotPaidInstallment',
    installmentId: loan.next.id,
    amount: INSTALLMENT_CENTS / 100,
    cardId,
  };
  return { who, loan, body };
}

describe('PayLoanPost under concurrency (real HTTP)', () => {
  it('1,000 retries with one key over 20 connections: one payment, one charge, every answer the first or 409', async () => {
    const { who, loan, body } = await payer();
    const charge = vi.spyOn(t.app.providers.cardGateway, 'charge');
    try {
      const answers = await burst(
        who,
        body,
        Array.from({ length: 1000 }, () => 'one-press'),
        20,
      );
      const ok = answers.filter((answer) => answer.status === 200);
      const other = answers.filter((answer) => answer.status !== 200);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(new Set(ok.map((answer) => answer.body)).size).toBe(1);
      expect(JSON.parse(ok[0]!.body).data.status).toBe('success');
      expect(new Set(other.map((answer) => `${answer.status} ${codeOf(answer.body)}`))).toEqual(
        new Set(other.length > 0 ? ['409 RequestInProgress'] : []),
      );
      expect(charge).toHaveBeenCalledTimes(1);
      const rows = await paymentsOfLoan(t, loan.loanId);
      expect(rows.map((row) => row.status)).toEqual(['success']);
    } finally {
      charge.mockRestore();
    }
  }, 120_000);

  it('two presses with different keys at once: one payment; the other 409 or the instalment already paid', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { who, loan, body } = await payer();
      const answers = await burst(who, body, [`a-${round}`, `b-${round}`], 2);
      const outcomes = answers.map((answer) =>
        answer.status === 200
          ? `200 ${JSON.parse(answer.body).data.status}`
          : `${answer.status} ${codeOf(answer.body)}`,
      );
      expect(outcomes.filter((outcome) => outcome === '200 success')).toHaveLength(1);
      expect(['409 RequestInProgress', '422 InstallmentNotFound']).toContain(
        outcomes.find((outcome) => outcome !== '200 success'),
      );
      const rows = await paymentsOfLoan(t, loan.loanId);
      expect(rows.filter((row) => row.status === 'success')).toHaveLength(1);
    }
  }, 60_000);
});
