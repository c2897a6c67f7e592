import { describe, expect, it } from 'vitest';
import type { PaymentStatusAnswer } from '../../../../src/lib/api/calls/payment-status.ts';
import { PAYMENT_POLL, pollPayment } from '../../../../src/lib/card-payment/poll-payment.ts';
import { toCents } from '../../../../src/shared/money.ts';

const answer = (status: PaymentStatusAnswer['status']): PaymentStatusAnswer => ({
  paymentId: 1,
  loanId: 2,
  status,
  amount: toCents(100),
  message: '',
});

describe('pollPayment (PaymentStatusGet while pending)', () => {
  it('polls every second for about a minute', () => {
    expect(PAYMENT_POLL).toEqual({ intervalMs: 1000, timeoutMs: 60_000 });
  });

  it('stops at the first answer that is not pending; a failed check is tried again', async () => {
    const answers: Array<() => Promise<PaymentStatusAnswer>> = [
      () => Promise.resolve(answer('pending')),
      () => Promise.reject(new Error('network')),
      () => Promise.resolve(answer('success')),
    ];
    let calls = 0;
    const polled = await pollPayment(1, {
      get: () => answers[calls++]!(),
      signal: new AbortController().signal,
      intervalMs: 1,
    });
    expect(polled).toEqual({ status: 'success', answer: answer('success') });
    expect(calls).toBe(3);
  });

  it('gives up after the time limit', async () => {
    let clock = 0;
    let calls = 0;
    const polled = await pollPayment(1, {
      get: () => {
        calls += 1;
        clock += 20_000;
        return Promise.resolve(answer('pending'));
      },
      signal: new AbortController().signal,
      intervalMs: 1,
      timeoutMs: 60_000,
      now: () => clock,
    });
    expect(polled).toEqual({ status: 'timeout' });
    expect(calls).toBe(3);
  });

  it('an aborted signal ends it', async () => {
    const controller = new AbortController();
    const polled = pollPayment(1, {
      get: () => {
        controller.abort();
        return Promise.resolve(answer('pending'));
      },
      signal: controller.signal,
      intervalMs: 1000,
    });
    await expect(polled).resolves.toEqual({ status: 'cancelled' });
  });
});
