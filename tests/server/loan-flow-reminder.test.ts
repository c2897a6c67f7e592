import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanFlowDrafts } from '../../src/server/db/schema/index.ts';
import { startOfDayInMadrid } from '../../src/shared/dates.ts';
import { defaultFlow } from '../../src/shared/loan/payment-dates.ts';
import { LOAN_FLOW_REMINDER_TEXTS } from '../../src/shared/push.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { borrower, requestBody, requestLoan } from './helpers/loan-request.ts';
import { startLocalPushService, type FakeSubscription, type LocalPushService } from './helpers/push-service.ts';

/**
 * The unfinished loan flow's reminder, end to end: a saved flow left for 2 hours → one web push (real encryption,
 * a local push service) opening the flow's step with `?l=<flowId>`; never twice, never in the night, never without a
 * subscription, never after a loan request.
 */

const HOUR = 3_600_000;
/** `hour`:00 in Madrid on 24/11/2026. */
const at = (hour: number, minutes = 0) =>
  new Date(startOfDayInMadrid('2026-11-24').getTime() + hour * HOUR + minutes * 60_000);

let t: TestApp;
let service: LocalPushService;
beforeAll(async () => {
  [t, service] = await Promise.all([
    createTestApp({ rateLimit: false, ownDatabase: true, now: at(10) }),
    startLocalPushService(),
  ]);
});
afterAll(async () => {
  await t.close();
  await service.close();
});

async function subscribe(who: LoggedIn): Promise<FakeSubscription> {
  const subscription = service.subscription();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/communication/push/subscription',
    headers: who.headers,
    payload: subscription.json,
  });
  expect(response.statusCode).toBe(200);
  return subscription;
}

async function saveFlow(who: LoggedIn, flowId: string, step = 'loanRequest') {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/loan/makeLoanApplication',
    headers: who.headers,
    payload: { flowId, step, dto: defaultFlow('2026-11-24'), formValues: { product: 2500 } },
  });
  expect(response.statusCode).toBe(200);
}

async function runAt(instant: Date) {
  t.clock.set(instant);
  return t.app.pushReminders.runOnce();
}

describe('unfinished loan flow reminder', () => {
  it('goes out once, 2 hours after the last save, opening the step with ?l=<flowId>', async () => {
    const who = await login(t, { status: 'systemApproved' });
    const sub = await subscribe(who);
    t.clock.set(at(10));
    await saveFlow(who, 'flow-remind-me-1');
    await runAt(at(11, 59));
    expect(sub.received()).toHaveLength(0);

    await runAt(at(12));
    expect(sub.messages()).toEqual([
      {
        kind: 'loanFlowUnfinished',
        title: LOAN_FLOW_REMINDER_TEXTS.title,
        body: LOAN_FLOW_REMINDER_TEXTS.body,
        tag: 'loan-flow',
        url: '/loan-request?l=flow-remind-me-1',
        dashboardUrl: '/dashboard',
        flowId: 'flow-remind-me-1',
      },
    ]);
    const [row] = await t.db.select().from(loanFlowDrafts).where(eq(loanFlowDrafts.customerId, who.customer.id));
    expect(row!.remindedAt).toEqual(at(12));

    // Never again for this flow, even when it is saved again and left again.
    await runAt(at(13));
    await saveFlow(who, 'flow-remind-me-1');
    await runAt(at(16));
    expect(sub.received()).toHaveLength(1);
  });

  it('waits for the morning: nothing between 21:00 and 09:00 in Madrid', async () => {
    const who = await login(t, { status: 'systemApproved' });
    const sub = await subscribe(who);
    t.clock.set(at(19, 30));
    await saveFlow(who, 'flow-evening-01');
    await runAt(at(21, 30));
    await runAt(at(23));
    await runAt(at(24 + 8, 59));
    expect(sub.received()).toHaveLength(0);
    await runAt(at(24 + 9));
    expect(sub.messages()).toHaveLength(1);
  });

  it('is not sent without a subscription (reminders off), nor after a loan request (the draft is gone)', async () => {
    const off = await login(t, { status: 'systemApproved' });
    t.clock.set(at(10));
    await saveFlow(off, 'flow-no-subscription');
    await runAt(at(13));
    const [row] = await t.db.select().from(loanFlowDrafts).where(eq(loanFlowDrafts.customerId, off.customer.id));
    expect(row!.remindedAt).toBeNull();

    const requested = await borrower(t);
    const sub = await subscribe(requested);
    t.clock.set(at(10));
    await saveFlow(requested, 'flow-requested-01');
    expect(
      (await requestLoan(t, requested, requestBody(requested, { firstRepaymentDate: '2026-12-01' }))).statusCode,
    ).toBe(200);
    await runAt(at(13));
    expect(sub.received()).toHaveLength(0);
  });

  it('two instances running together send it once (FOR UPDATE SKIP LOCKED, reminded_at)', async () => {
    const other = await createTestApp({ rateLimit: false, now: at(10), database: t.handle });
    try {
      const who = await login(t, { status: 'systemApproved' });
      const sub = await subscribe(who);
      t.clock.set(at(10));
      await saveFlow(who, 'flow-two-instances');
      t.clock.set(at(12, 30));
      other.clock.set(at(12, 30));
      await Promise.all([t.app.pushReminders.runOnce(), other.app.pushReminders.runOnce()]);
      expect(sub.received()).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
