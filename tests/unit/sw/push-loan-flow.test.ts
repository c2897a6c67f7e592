import { describe, expect, it } from 'vitest';
import { buildLoanFlowNotification, LOAN_FLOW_REMINDER_TEXTS } from '../../../src/shared/push.ts';
import { clickTarget, notificationFor, readReminder } from '../../../sw/push.ts';

/** The unfinished loan flow's push in the service worker: shown with its Spanish text, a click opens the flow. */

const ORIGIN = 'https://app.prestamorapido.example';
const flow = buildLoanFlowNotification({
  flowId: 'flow-abc-123',
  step: 'loanRequest',
  texts: LOAN_FLOW_REMINDER_TEXTS,
});

describe('service worker: the unfinished loan flow reminder', () => {
  it('is read and shown as sent, without the payment buttons', () => {
    const read = readReminder({ text: () => JSON.stringify(flow) });
    expect(read).toEqual(flow);
    const { title, options } = notificationFor(read);
    expect(title).toBe('Continúa tu solicitud');
    expect(options).toMatchObject({
      body: LOAN_FLOW_REMINDER_TEXTS.body,
      tag: 'loan-flow',
      data: { url: '/loan-request?l=flow-abc-123', dashboardUrl: '/dashboard' },
    });
    expect(options.actions).toBeUndefined();
  });

  it('a click opens the flow at its step with ?l=<flowId>, on this origin only', () => {
    const { options } = notificationFor(readReminder({ text: () => JSON.stringify(flow) }));
    expect(clickTarget('', options.data, ORIGIN)).toBe(`${ORIGIN}/loan-request?l=flow-abc-123`);
    const evil = readReminder({ text: () => JSON.stringify({ ...flow, url: '//evil.example/' }) });
    expect(evil).toBeNull();
  });
});
