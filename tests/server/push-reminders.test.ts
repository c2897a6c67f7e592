import { eq } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, endOfDayInMadrid, startOfDayInMadrid, type IsoDate } from '../../src/shared/dates.ts';
import { bankStatementLines, calendarDays, installments, loans } from '../../src/server/db/schema/index.ts';
import { MINI_LOAN_DEFINITION } from '../../src/shared/loan/loan-definition.ts';
import { buildReminderNotification, type ReminderKind, type ReminderNotification } from '../../src/shared/push.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';
import { createRunningLoan, INSTALLMENT_CENTS, markInstallmentPaid } from './helpers/running-loans.ts';
import { deleteCustomers, deliveriesOf, storedSubscriptions } from './helpers/push-loans.ts';
import { payLoan, storeCard } from './helpers/payments.ts';
import { dataOf, send } from './helpers/customer-file.ts';
import { staffSession } from './helpers/staff.ts';
import {
  startLocalPushService,
  verifyVapidHeader,
  type FakeSubscription,
  type LocalPushService,
} from './helpers/push-service.ts';

/**
 * The payment-reminder scheduler end to end: real app, real database (PGlite, or PostgreSQL with DATABASE_URL),
 * real web-push encryption and VAPID signing, delivered over HTTP to a local push service, decrypted here.
 * Time is the app's fake clock; "D" is the instalment's due date, reminders go out at 10:00 in Madrid.
 */

let t: TestApp;
let service: LocalPushService;
let created: number[] = [];

const DUE: IsoDate = '2026-12-30';
const day = (offset: number) => addDaysIso(DUE, offset);
/** `hour`:00 in Madrid on the date. */
const at = (date: IsoDate, hour = 10) => new Date(startOfDayInMadrid(date).getTime() + hour * 3_600_000);

beforeAll(async () => {
  [t, service] = await Promise.all([
    createTestApp({ rateLimit: false, ownDatabase: true, now: at(day(-3)) }),
    startLocalPushService(),
  ]);
});
afterEach(async () => {
  await deleteCustomers(t, created);
  created = [];
});
afterAll(async () => {
  await t.close();
  await service.close();
});

/** A logged-in customer with `subscriptions` browsers subscribed (through the API) and a loan due on `nextDue`. */
async function customerWithLoan(options: { nextDue?: IsoDate; subscriptions?: number; paid?: number } = {}) {
  const { nextDue = DUE, subscriptions = 1, paid = 3 } = options;
  const session = await login(t);
  created.push(session.customer.id);
  const subs: FakeSubscription[] = [];
  for (let index = 0; index < subscriptions; index += 1) {
    const subscription = service.subscription();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/communication/push/subscription',
      headers: session.headers,
      payload: subscription.json,
    });
    expect(response.statusCode).toBe(200);
    subs.push(subscription);
  }
  const loan = await createRunningLoan(t, session.customer.id, { nextDue, paid });
  return { session, subs, loan, sub: subs[0]! };
}

const expected = (kind: ReminderKind, loan: { loanId: number; next: { id: number } }): ReminderNotification =>
  buildReminderNotification({
    kind,
    amountCents: INSTALLMENT_CENTS,
    dueDate: DUE,
    loanId: loan.loanId,
    installmentId: loan.next.id,
  });

const kindsOf = (subscription: FakeSubscription) =>
  subscription.messages().map((message) => (message as ReminderNotification).kind);

async function runAt(instant: Date, app: TestApp = t) {
  app.clock.set(instant);
  return app.app.pushReminders.runOnce();
}

describe('payment reminders over web push', () => {
  it('sends "Tu cuota de 299,99\u00a0€ vence el 30/12/2026." 3 days before, encrypted for the browser and signed with the server’s VAPID key', async () => {
    const { sub, loan } = await customerWithLoan();
    const now = at(day(-3));
    await runAt(now);

    const [push] = sub.received();
    expect(sub.received()).toHaveLength(1);
    expect(sub.messages()).toEqual([expected('dueIn3Days', loan)]);
    const message = sub.messages()[0] as ReminderNotification;
    expect(message.title).toBe('Tu cuota vence en 3 días');
    expect(message.body).toBe('Tu cuota de 299,99\u00a0€ vence el 30/12/2026.');
    expect(message.url).toBe(
      `/payment/pay/debit-card/${loan.loanId}/${loan.next.id}?paymentOption=firstNotPaidInstallment`,
    );
    expect(message.tag).toBe(`installment-${loan.next.id}`);

    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers['urgency']).toBe('normal');
    expect(push!.headers['topic']).toBe(`installment-${loan.next.id}`);
    // Kept by the push service until the end of the day in Madrid, when tomorrow's reminder takes over.
    expect(Number(push!.headers['ttl'])).toBe(Math.floor((endOfDayInMadrid(day(-3)).getTime() - now.getTime()) / 1000));

    const claims = await verifyVapidHeader(push!.headers.authorization, {
      publicKey: t.secrets.vapid.publicKey,
      audience: service.origin,
      subject: t.config.vapidSubject,
    });
    const nowSeconds = Date.now() / 1000;
    expect(claims.exp).toBeGreaterThan(nowSeconds);
    expect(claims.exp).toBeLessThanOrEqual(nowSeconds + 24 * 3600);

    const [delivery] = await deliveriesOf(t, [loan.next.id]);
    expect(delivery).toMatchObject({ kind: 'dueIn3Days', status: 'sent', attempts: 1, dueDate: DUE });
  });

  it('sends each kind on its own day only — 3 days before, the day before, the day itself, the day after — once each', async () => {
    const { sub, loan } = await customerWithLoan();
    const byDay: Record<string, string[]> = {};
    for (let offset = -5; offset <= 3; offset += 1) {
      const before = sub.received().length;
      await runAt(at(day(offset), 9));
      await runAt(at(day(offset), 18));
      byDay[offset] = sub
        .received()
        .slice(before)
        .map((push) => `${(sub.decrypt(push) as ReminderNotification).kind}/${String(push.headers['urgency'])}`);
    }
    expect(byDay).toEqual({
      '-5': [],
      '-4': [],
      '-3': ['dueIn3Days/normal'],
      '-2': [],
      '-1': ['dueTomorrow/normal'],
      '0': ['dueToday/high'],
      '1': ['overdue1Day/high'],
      '2': [],
      '3': [],
    });
    expect(sub.messages()).toEqual(
      (['dueIn3Days', 'dueTomorrow', 'dueToday', 'overdue1Day'] as const).map((kind) => expected(kind, loan)),
    );
    expect((sub.messages() as ReminderNotification[]).map((message) => [message.title, message.body])).toEqual([
      ['Tu cuota vence en 3 días', 'Tu cuota de 299,99\u00a0€ vence el 30/12/2026.'],
      ['Tu cuota vence mañana', 'Tu cuota de 299,99\u00a0€ vence mañana, el 30/12/2026.'],
      ['Tu cuota vence hoy', 'Tu cuota de 299,99\u00a0€ vence hoy, el 30/12/2026.'],
      ['Tienes una cuota vencida', 'Tu cuota de 299,99\u00a0€ venció el 30/12/2026. Págala cuanto antes.'],
    ]);
  });

  it('never notifies an instalment twice, even with two instances running at the same moment on one database', async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, () => customerWithLoan()));
    const other = await createTestApp({ database: t.handle, rateLimit: false });
    try {
      for (const offset of [-3, -1]) {
        t.clock.set(at(day(offset)));
        other.clock.set(at(day(offset)));
        await Promise.all([t.app.pushReminders.runOnce(), other.app.pushReminders.runOnce()]);
        // And again on the next runs of both.
        await Promise.all([t.app.pushReminders.runOnce(), other.app.pushReminders.runOnce()]);
      }
    } finally {
      await other.close();
    }
    for (const { sub, loan } of customers) {
      expect(sub.received()).toHaveLength(2);
      expect(kindsOf(sub)).toEqual(['dueIn3Days', 'dueTomorrow']);
      const deliveries = await deliveriesOf(t, [loan.next.id]);
      expect(deliveries.map((row) => [row.kind, row.status, row.attempts])).toEqual([
        ['dueIn3Days', 'sent', 1],
        ['dueTomorrow', 'sent', 1],
      ]);
    }
  });

  it('deletes the subscriptions the push service answers 404 or 410 for, and still reaches the customer’s other device', async () => {
    const { subs, session, loan } = await customerWithLoan({ subscriptions: 3 });
    const [notFound, gone, alive] = subs as [FakeSubscription, FakeSubscription, FakeSubscription];
    notFound.answerNext(404);
    gone.answerNext(410);
    await runAt(at(day(-3)));
    expect(kindsOf(alive)).toEqual(['dueIn3Days']);
    expect((await storedSubscriptions(t, session.customer.id)).map((row) => row.endpoint)).toEqual([alive.endpoint]);
    expect((await deliveriesOf(t, [loan.next.id]))[0]).toMatchObject({ status: 'sent' });

    await runAt(at(day(-1)));
    expect(kindsOf(alive)).toEqual(['dueIn3Days', 'dueTomorrow']);
    expect(notFound.received()).toHaveLength(1);
    expect(gone.received()).toHaveLength(1);
  });

  it('stops reminding a customer whose only subscription is gone: nothing is left to retry', async () => {
    const { sub, session, loan } = await customerWithLoan();
    sub.answerNext(410);
    await runAt(at(day(-3)));
    expect(await storedSubscriptions(t, session.customer.id)).toEqual([]);
    for (const offset of [-3, -1, 0, 1]) await runAt(at(day(offset), 12));
    expect(sub.received()).toHaveLength(1);
    const deliveries = await deliveriesOf(t, [loan.next.id]);
    expect(deliveries.map((row) => [row.kind, row.status, row.lastError])).toEqual([
      ['dueIn3Days', 'skipped', 'noSubscription'],
    ]);
  });

  it('plans no reminder at all for a customer without a subscription', async () => {
    const session = await login(t);
    created.push(session.customer.id);
    const loan = await createRunningLoan(t, session.customer.id, { nextDue: DUE, paid: 1 });
    for (const offset of [-3, -1, 0, 1]) await runAt(at(day(offset)));
    expect(await deliveriesOf(t, loan.installmentIds)).toEqual([]);
  });

  it('retries a 500 answer later with backoff, then sends the reminder once', async () => {
    const { sub, loan } = await customerWithLoan();
    sub.answerNext(500);
    const first = at(day(-3));
    await runAt(first);
    expect(sub.received().map((push) => push.status)).toEqual([500]);
    const [pending] = await deliveriesOf(t, [loan.next.id]);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, lastError: 'push service answered 500' });
    expect(pending!.nextAttemptAt.getTime()).toBe(first.getTime() + 60_000);

    await runAt(new Date(first.getTime() + 30_000));
    expect(sub.received()).toHaveLength(1);

    await runAt(new Date(first.getTime() + 61_000));
    expect(sub.received().map((push) => push.status)).toEqual([500, 201]);
    expect(sub.messages()).toEqual([expected('dueIn3Days', loan)]);

    await runAt(new Date(first.getTime() + 3_600_000));
    expect(sub.received()).toHaveLength(2);
    expect((await deliveriesOf(t, [loan.next.id]))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('gives up after 5 failed attempts (5xx or an unreachable push service), with growing waits', async () => {
    const { sub, loan } = await customerWithLoan();
    sub.answerNext(503, 500, 502, 500, 500, 500);
    let now = at(day(-3), 10);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      await runAt(now);
      const [row] = await deliveriesOf(t, [loan.next.id]);
      if (row!.status !== 'pending') break;
      waits.push(row!.nextAttemptAt.getTime() - now.getTime());
      now = row!.nextAttemptAt;
    }
    expect(waits).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(sub.received()).toHaveLength(5);
    const [row] = await deliveriesOf(t, [loan.next.id]);
    expect(row).toMatchObject({ status: 'failed', attempts: 5 });
    await runAt(new Date(now.getTime() + 3_600_000));
    expect(sub.received()).toHaveLength(5);

    // An endpoint nobody listens on fails like a 5xx: retried later.
    const unreachable = await startLocalPushService();
    const offline = unreachable.subscription();
    await unreachable.close();
    const customer = await login(t);
    created.push(customer.customer.id);
    await t.app.inject({
      method: 'POST',
      url: '/api/communication/push/subscription',
      headers: customer.headers,
      payload: offline.json,
    });
    const offlineLoan = await createRunningLoan(t, customer.customer.id, { nextDue: day(-3) });
    await runAt(at(day(-3), 12));
    const [retrying] = await deliveriesOf(t, [offlineLoan.next.id]);
    expect(retrying).toMatchObject({ kind: 'dueToday', status: 'pending', attempts: 1 });
    expect(retrying!.lastError).toMatch(/^network: /);
  });

  it('does not send a reminder late: a "due in 3 days" still failing at the end of its day is dropped', async () => {
    const { sub, loan } = await customerWithLoan();
    sub.answerNext(500);
    await runAt(at(day(-3), 20.9));
    await runAt(at(day(-3), 23)); // the retry waits: no push at night
    await runAt(at(day(-2), 10));
    expect(sub.received().map((push) => push.status)).toEqual([500]);
    expect((await deliveriesOf(t, [loan.next.id]))[0]).toMatchObject({ status: 'skipped', lastError: 'late' });

    await runAt(at(day(-1)));
    expect(kindsOf(sub)).toEqual(['dueTomorrow']);
  });

  it('sends only between 09:00 and 21:00 in Madrid: a reminder planned just after midnight waits for the morning', async () => {
    const { sub, loan } = await customerWithLoan();
    await runAt(at(day(-3), 0.5));
    await runAt(at(day(-3), 8.99));
    expect(sub.received()).toEqual([]);
    expect((await deliveriesOf(t, [loan.next.id]))[0]).toMatchObject({ kind: 'dueIn3Days', status: 'pending' });
    await runAt(at(day(-3), 9));
    expect(kindsOf(sub)).toEqual(['dueIn3Days']);
    await runAt(at(day(-2), 21));
    await runAt(at(day(-1), 6));
    expect(kindsOf(sub)).toEqual(['dueIn3Days']);
    await runAt(at(day(-1), 20.99));
    expect(kindsOf(sub)).toEqual(['dueIn3Days', 'dueTomorrow']);
  });

  it('does not send the "due in 3 days" reminder to a customer who subscribes two days before', async () => {
    const { sub, loan } = await customerWithLoan();
    await runAt(at(day(-2), 11));
    expect(sub.received()).toEqual([]);
    expect(await deliveriesOf(t, [loan.next.id])).toEqual([]);
  });

  it('does not remind paid instalments, also when the payment arrives between two attempts', async () => {
    const paidEarly = await customerWithLoan();
    await markInstallmentPaid(t, paidEarly.loan.next.id);
    const paidLate = await customerWithLoan();
    paidLate.sub.answerNext(500);
    const first = at(day(-3));
    await runAt(first);
    expect(paidEarly.sub.received()).toEqual([]);
    expect(await deliveriesOf(t, [paidEarly.loan.next.id])).toEqual([]);

    await markInstallmentPaid(t, paidLate.loan.next.id);
    await runAt(new Date(first.getTime() + 120_000));
    expect(paidLate.sub.received().map((push) => push.status)).toEqual([500]);
    expect((await deliveriesOf(t, [paidLate.loan.next.id]))[0]).toMatchObject({
      status: 'skipped',
      lastError: 'notDue',
    });
  });

  it('stops reminding an instalment once PayLoanPost paid it (issue 13)', async () => {
    const { session, sub, loan } = await customerWithLoan();
    await runAt(at(day(-3)));
    expect(kindsOf(sub)).toEqual(['dueIn3Days']);
    const cardId = await storeCard(t, session.customer.id);
    const paid = await payLoan(t, session, {
      loanId: loan.loanId,
      paymentOption: 'firstNotPaidInstallment',
      installmentId: loan.next.id,
      amount: INSTALLMENT_CENTS / 100,
      cardId,
    });
    expect(paid.json().data.status).toBe('success');
    for (const date of [day(-1), day(0), day(1)]) await runAt(at(date));
    expect(kindsOf(sub)).toEqual(['dueIn3Days']);
    expect((await deliveriesOf(t, [loan.next.id])).map((row) => row.kind)).toEqual(['dueIn3Days']);
  });

  it('reminds again an instalment whose transfer an administrator annulled (issue 27), and stops when it is put back', async () => {
    const { sub, loan } = await customerWithLoan();
    const [agent, admin] = await Promise.all([staffSession(t, 'cam'), staffSession(t, 'administrator')]);
    t.clock.set(at(day(-3), 8));
    const line = await t.app.inject({
      method: 'POST',
      url: '/sandbox/bank-statement/lines',
      payload: { amount: INSTALLMENT_CENTS / 100, description: 'cuota', externalId: `line-${loan.loanId}-reminder` },
    });
    const { paymentId } = dataOf(
      await send(t, 'POST', '/api/loan/payloanmanual', agent, {
        statementLineId: (line.json() as { data: { id: number } }).data.id,
        loanId: loan.loanId,
        installmentId: loan.next.id,
        reason: 'Concepto ilegible',
      }),
    ) as { paymentId: number };
    await runAt(at(day(-3)));
    expect(kindsOf(sub)).toEqual([]);

    const decide = async (path: string) => {
      const proposal = dataOf(
        await send(t, 'POST', `/api/loan/${path}/${paymentId}`, agent, { reason: 'Asignada por error' }),
      ) as { id: number };
      dataOf(await send(t, 'POST', `/api/membership/proposals/${proposal.id}/approve`, admin, { note: 'Revisado' }));
    };
    t.clock.set(at(day(-2)));
    await decide('deletePayment');
    await runAt(at(day(-1)));
    expect(kindsOf(sub)).toEqual(['dueTomorrow']);

    t.clock.set(at(day(-1), 12));
    await decide('undeletePayment');
    for (const date of [day(0), day(1)]) await runAt(at(date));
    expect(kindsOf(sub)).toEqual(['dueTomorrow']);
    // The bank's line outlives the customer's rows that afterEach deletes.
    await t.db.delete(bankStatementLines).where(eq(bankStatementLines.paymentId, paymentId));
  });

  it('sends nothing on a freeze day of the lender’s calendar; the next day’s reminder goes', async () => {
    const { sub, loan } = await customerWithLoan();
    const agent = await staffSession(t, 'cam');
    t.clock.set(at(day(-4)));
    const freeze = dataOf(
      await send(t, 'POST', '/api/loan/freezeDay', agent, {
        day: day(-3),
        name: 'Migración del sistema de pagos',
        reason: 'Aviso de sistemas',
      }),
    ) as { id: number };
    try {
      await runAt(at(day(-3)));
      expect(kindsOf(sub)).toEqual([]);
      expect(await deliveriesOf(t, [loan.next.id])).toEqual([]);
      await runAt(at(day(-1)));
      expect(kindsOf(sub)).toEqual(['dueTomorrow']);
    } finally {
      await t.db.delete(calendarDays).where(eq(calendarDays.id, freeze.id));
    }
  });

  it('runs by itself every PUSH_REMINDER_INTERVAL_MS when PUSH_REMINDERS is on, logging ids but no personal data', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const { sub, session, loan } = await customerWithLoan();
    const auto = await createTestApp({
      database: t.handle,
      rateLimit: false,
      now: at(day(-3)),
      env: { PUSH_REMINDERS: 'true', PUSH_REMINDER_INTERVAL_MS: '1000' },
      logger: { level: 'info', stream },
    });
    try {
      const deadline = Date.now() + 15_000;
      while (sub.received().length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await auto.close();
    }
    expect(kindsOf(sub)).toEqual(['dueIn3Days']);
    const delivered = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry['msg'] === 'push reminder delivered');
    expect(delivered).toMatchObject({
      installmentId: loan.next.id,
      loanId: loan.loanId,
      customerId: session.customer.id,
      kind: 'dueIn3Days',
      statusCode: 201,
    });
    const log = lines.join('\n');
    for (const secret of [sub.endpoint, sub.json.keys.p256dh, sub.json.keys.auth, session.customer.phone, '299,99']) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('payment reminders of the minipréstamo (issue 25)', () => {
  /** A subscribed customer with an issued 0 % minipréstamo of 300 € due on DUE, issued 20 days before it. */
  async function interestFreeBorrower() {
    const session = await login(t, { status: 'securityChecked' });
    created.push(session.customer.id);
    const sub = service.subscription();
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/communication/push/subscription',
      headers: session.headers,
      payload: sub.json,
    });
    expect(subscribed.statusCode).toBe(200);
    const [loan] = await t.db
      .insert(loans)
      .values({
        customerId: session.customer.id,
        status: 'issued',
        amountCents: 30_000,
        loanDefinitionId: MINI_LOAN_DEFINITION.id,
        interestFree: true,
        installmentCount: 1,
        issueDate: day(-20),
        firstRepaymentDate: DUE,
      })
      .returning({ id: loans.id });
    const [installment] = await t.db
      .insert(installments)
      .values({
        loanId: loan!.id,
        number: 1,
        expectedDate: DUE,
        baseCents: 30_000,
        interestCents: 0,
        totalCents: 30_000,
        paidCents: 0,
        status: 'notPaid',
      })
      .returning({ id: installments.id });
    return { sub, loanId: loan!.id, installmentId: installment!.id };
  }

  it('the 0 % loan is reminded at 300 € on its day; not repaid, the day after says what is owed once the 0 % lapsed (345 €), lapsed by the scheduler itself', async () => {
    const { sub, loanId, installmentId } = await interestFreeBorrower();
    const reminder = (kind: ReminderKind, amountCents: number) =>
      buildReminderNotification({ kind, amountCents, dueDate: DUE, loanId, installmentId });
    await runAt(at(DUE));
    expect(sub.messages()).toEqual([reminder('dueToday', 30_000)]);

    // No collection job runs here: the scheduler lapses the promotion before it plans the day's reminders.
    await runAt(at(day(1)));
    // 300 € × 0,75 % a day × 20 days, computed here.
    const lapsedInterest = Math.round(30_000 * 0.0075 * 20);
    expect(lapsedInterest).toBe(4_500);
    expect(sub.messages()).toEqual([reminder('dueToday', 30_000), reminder('overdue1Day', 30_000 + lapsedInterest)]);
    const [stored] = await t.db
      .select({ lapsedAt: loans.interestFreeLapsedAt })
      .from(loans)
      .where(eq(loans.id, loanId));
    expect(stored?.lapsedAt).not.toBeNull();
  });
});
