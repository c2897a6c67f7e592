import { describe, expect, it } from 'vitest';
import { buildPayoutNotification } from '../../../src/shared/push.ts';
import { clickTarget, notificationFor, readReminder } from '../../../sw/push.ts';

/** The payout's push in the service worker: 'Tu dinero está en camino' with the amount, a click opens the dashboard. */

const ORIGIN = 'https://app.prestamorapido.example';

describe('service worker: the payout notification', () => {
  it('is read and shown with the amount, without the payment buttons; a click opens the customer area', () => {
    const payout = buildPayoutNotification({ loanId: 7, amountCents: 30_000 });
    const read = readReminder({ text: () => JSON.stringify(payout) });
    expect(read).toEqual(payout);
    const { title, options } = notificationFor(read);
    expect(title).toBe('Tu dinero está en camino');
    expect(options).toMatchObject({
      body: 'Hemos enviado 300,00\u00a0€ a tu cuenta. Llegará en unos 10 minutos.',
      tag: 'loan-issued-7',
      data: { url: '/dashboard', dashboardUrl: '/dashboard' },
    });
    expect(options.actions).toBeUndefined();
    expect(clickTarget('', options.data, ORIGIN)).toBe(`${ORIGIN}/dashboard`);
  });
});
