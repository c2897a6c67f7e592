import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cards,
  customerStatusHistory,
  customers,
  documents,
  installmentStatusHistory,
  installments,
  loanStatusHistory,
  loans,
} from '../../src/server/db/schema/index.ts';
import { createPayoutJob, type PayoutJob } from '../../src/server/modules/payout/index.ts';
import { createPushSender } from '../../src/server/modules/push/index.ts';
import { PAYOUT_NOTIFICATION_TEXTS } from '../../src/shared/push.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { borrower, NOW, requestBody, requestLoan, type Borrower } from './helpers/loan-request.ts';
import { createRunningLoan } from './helpers/running-loans.ts';
import { startLocalPushService, type FakeSubscription, type LocalPushService } from './helpers/push-service.ts';

/**
 * The payout job (modules/payout): PAYOUT_DELAY_MS after the agreement, a loan whose customer has a validated card
 * is issued once — with two jobs on the same database, and across a restart — with its history rows, the
 * customer's move to securityChecked on a first loan with the DNI, and one push 'Tu dinero está en camino'.
 */

const DELAY_MS = 600_000;
let t: TestApp;
let service: LocalPushService;
beforeAll(async () => {
  [t, service] = await Promise.all([
    createTestApp({ rateLimit: false, ownDatabase: true, now: NOW }),
    startLocalPushService(),
  ]);
});
afterAll(async () => {
  await t.close();
  await service.close();
});

const jobs: PayoutJob[] = [];
const newJob = () => {
  const job = createPayoutJob({
    db: t.db,
    clock: t.clock,
    log: t.app.log,
    send: createPushSender(t.secrets.vapid),
  });
  jobs.push(job);
  return job;
};
afterAll(async () => {
  await Promise.all(jobs.map((job) => job.stop()));
});

/** A requested loan whose agreement was accepted now (what AssignAgreementPost does): due after DELAY_MS. */
async function acceptedLoan(who: Borrower): Promise<{ loanId: number; dueAt: Date }> {
  const response = await requestLoan(t, who, requestBody(who, who.cardId === null ? { cardId: null } : {}));
  expect(response.statusCode, response.body).toBe(200);
  const loanId = response.json().data.journey.loanDetails.loanId as number;
  const now = t.clock.now();
  const dueAt = new Date(now.getTime() + DELAY_MS);
  await t.db
    .update(loans)
    .set({ status: 'agreementAssigned', agreementAcceptedAt: now, payoutDueAt: dueAt })
    .where(eq(loans.id, loanId));
  return { loanId, dueAt };
}

const loanOf = async (loanId: number) => (await t.db.select().from(loans).where(eq(loans.id, loanId)))[0]!;
const issuedRows = (loanId: number) =>
  t.db
    .select()
    .from(loanStatusHistory)
    .where(and(eq(loanStatusHistory.loanId, loanId), eq(loanStatusHistory.toStatus, 'issued')));

async function subscribe(who: Borrower): Promise<FakeSubscription> {
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

/**
 * The device's payout pushes. On PostgreSQL every test file shares one database, so another file's reminder run
 * (its clock on a due date) may also remind this file's customers of an instalment: those are not this job's.
 */
const payoutPushes = (device: FakeSubscription) =>
  device.messages().filter((message) => (message as { kind?: unknown }).kind === 'loanIssued');

async function addIdentityDocuments(customerId: number, count: number) {
  for (let index = 0; index < count; index += 1) {
    await t.db.insert(documents).values({
      customerId,
      type: 'identity',
      subType: index === 0 ? 'front' : 'back',
      name: `dni-${index}.jpg`,
      mimeType: 'image/jpeg',
      sizeBytes: 10,
      sha256: '0'.repeat(64),
      storageKey: `${index}`.padStart(32, 'a'),
      channel: 'website',
    });
  }
}

describe('the payout job', () => {
  it('issues the loan once its delay has passed, not before: status, issued_at, history, instalments, push', async () => {
    t.clock.set(NOW);
    const who = await borrower(t);
    const device = await subscribe(who);
    const { loanId, dueAt } = await acceptedLoan(who);
    const job = newJob();

    t.clock.set(new Date(dueAt.getTime() - 1));
    expect((await job.runOnce()).issued).not.toContain(loanId);
    expect((await loanOf(loanId)).status).toBe('agreementAssigned');

    t.clock.set(dueAt);
    const run = await job.runOnce();
    expect(run.issued).toContain(loanId);
    const loan = await loanOf(loanId);
    expect(loan).toMatchObject({ status: 'issued', issuedAt: dueAt });
    expect(await issuedRows(loanId)).toMatchObject([{ fromStatus: 'agreementAssigned', changedBy: 'payout' }]);
    const plan = await t.db.select().from(installments).where(eq(installments.loanId, loanId));
    expect(plan).toHaveLength(12);
    const history = await t.db
      .select()
      .from(installmentStatusHistory)
      .where(
        inArray(
          installmentStatusHistory.installmentId,
          plan.map((item) => item.id),
        ),
      );
    expect(history).toHaveLength(12);
    expect(history.every((row) => row.toStatus === 'notPaid' && row.changedBy === 'payout')).toBe(true);

    expect(payoutPushes(device)).toEqual([
      {
        kind: 'loanIssued',
        title: PAYOUT_NOTIFICATION_TEXTS.title,
        body: 'Hemos enviado 2.500,00\u00a0€ a tu cuenta. Llegará en unos 10 minutos.',
        tag: `loan-issued-${loanId}`,
        url: '/dashboard',
        dashboardUrl: '/dashboard',
        loanId,
        amountCents: 250_000,
      },
    ]);

    // Later runs change nothing and send nothing more.
    t.clock.advance(DELAY_MS);
    expect((await job.runOnce()).issued).not.toContain(loanId);
    expect(await issuedRows(loanId)).toHaveLength(1);
    expect(payoutPushes(device)).toHaveLength(1);
  });

  it('waits for a validated card (identity documents are not required), then pays out', async () => {
    t.clock.set(NOW);
    const who = await borrower(t, { card: null });
    const { loanId, dueAt } = await acceptedLoan(who);
    const job = newJob();
    t.clock.set(new Date(dueAt.getTime() + 60_000));
    await job.runOnce();
    expect((await loanOf(loanId)).status).toBe('agreementAssigned');

    const [card] = await t.db
      .insert(cards)
      .values({
        customerId: who.customer.id,
        maskedCardNumber: '411111******1111',
        brand: 'visa',
        expiryMonth: 12,
        expiryYear: 2030,
        cardStatus: 'NotValidatedYet',
      })
      .returning({ id: cards.id });
    await job.runOnce();
    expect((await loanOf(loanId)).status).toBe('agreementAssigned');

    await t.db.update(cards).set({ cardStatus: 'Valid' }).where(eq(cards.id, card!.id));
    expect((await job.runOnce()).issued).toContain(loanId);
    expect((await loanOf(loanId)).status).toBe('issued');
    // Without the DNI the customer stays systemApproved.
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, who.customer.id));
    expect(customer?.status).toBe('systemApproved');
  });

  it('pays each loan exactly once with two jobs running at the same time on the same database', async () => {
    t.clock.set(NOW);
    const loanIds: number[] = [];
    const devices: FakeSubscription[] = [];
    let dueAt = new Date(0);
    for (let index = 0; index < 6; index += 1) {
      const who = await borrower(t);
      devices.push(await subscribe(who));
      const accepted = await acceptedLoan(who);
      loanIds.push(accepted.loanId);
      dueAt = accepted.dueAt;
    }
    const [first, second] = [newJob(), newJob()];
    t.clock.set(new Date(dueAt.getTime() + 1));
    const runs = await Promise.all([first.runOnce(), second.runOnce(), first.runOnce(), second.runOnce()]);
    const issued = runs.flatMap((run) => run.issued).filter((id) => loanIds.includes(id));
    expect([...issued].sort((a, b) => a - b)).toEqual([...loanIds].sort((a, b) => a - b));
    for (const loanId of loanIds) {
      expect(await issuedRows(loanId), String(loanId)).toHaveLength(1);
      expect((await loanOf(loanId)).status).toBe('issued');
    }
    for (const device of devices) expect(payoutPushes(device)).toHaveLength(1);
  });

  it('a restart during the delay still pays out once, after the delay', async () => {
    t.clock.set(NOW);
    const who = await borrower(t);
    const device = await subscribe(who);
    const { loanId, dueAt } = await acceptedLoan(who);
    const before = newJob();
    before.start(60_000, 60_000);
    t.clock.set(new Date(dueAt.getTime() - DELAY_MS / 2));
    await before.runOnce();
    await before.stop();
    expect((await loanOf(loanId)).status).toBe('agreementAssigned');

    // The new process: a new job on the same database.
    const after = newJob();
    t.clock.set(new Date(dueAt.getTime() - 1));
    await after.runOnce();
    expect((await loanOf(loanId)).status).toBe('agreementAssigned');
    t.clock.set(dueAt);
    expect((await after.runOnce()).issued).toContain(loanId);
    await before.runOnce();
    await after.runOnce();
    expect(await issuedRows(loanId)).toHaveLength(1);
    expect(payoutPushes(device)).toHaveLength(1);
  });

  it('moves the customer to securityChecked on the first issued loan with 2 identity documents and a card', async () => {
    t.clock.set(NOW);
    const who = await borrower(t);
    await addIdentityDocuments(who.customer.id, 2);
    const { loanId, dueAt } = await acceptedLoan(who);
    t.clock.set(dueAt);
    expect((await newJob().runOnce()).issued).toContain(loanId);
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, who.customer.id));
    expect(customer?.status).toBe('securityChecked');
    expect(
      await t.db
        .select()
        .from(customerStatusHistory)
        .where(eq(customerStatusHistory.customerId, who.customer.id))
        .orderBy(asc(customerStatusHistory.id)),
    ).toMatchObject([{ fromStatus: 'systemApproved', toStatus: 'securityChecked', changedBy: 'payout' }]);
  });

  it('does not move the customer on a loan that is not their first', async () => {
    t.clock.set(NOW);
    const who = await borrower(t, { limitEuros: 10_000 });
    await createRunningLoan(t, who.customer.id, { nextDue: '2026-06-10', status: 'repaid' });
    await addIdentityDocuments(who.customer.id, 2);
    const { loanId, dueAt } = await acceptedLoan(who);
    t.clock.set(dueAt);
    expect((await newJob().runOnce()).issued).toContain(loanId);
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, who.customer.id));
    expect(customer?.status).toBe('systemApproved');
  });

  it('creates the instalments from the plan when the loan has none', async () => {
    t.clock.set(NOW);
    const who = await borrower(t);
    const { loanId, dueAt } = await acceptedLoan(who);
    const expected = await t.db
      .select({ expectedDate: installments.expectedDate, totalCents: installments.totalCents })
      .from(installments)
      .where(eq(installments.loanId, loanId))
      .orderBy(asc(installments.number));
    await t.db.delete(installments).where(eq(installments.loanId, loanId));
    t.clock.set(dueAt);
    await newJob().runOnce();
    const created = await t.db
      .select({ expectedDate: installments.expectedDate, totalCents: installments.totalCents })
      .from(installments)
      .where(eq(installments.loanId, loanId))
      .orderBy(asc(installments.number));
    expect(created).toEqual(expected);
  });

  it('nudge() runs at once while the job is started (PAYOUT_DELAY_MS=0 pays out within a second)', async () => {
    t.clock.set(NOW);
    const who = await borrower(t);
    const { loanId } = await acceptedLoan(who);
    await t.db.update(loans).set({ payoutDueAt: t.clock.now() }).where(eq(loans.id, loanId));
    const job = newJob();
    job.nudge();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await loanOf(loanId)).status).toBe('agreementAssigned');

    job.start(60_000, 60_000);
    job.nudge();
    const deadline = Date.now() + 2_000;
    while ((await loanOf(loanId)).status !== 'issued' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect((await loanOf(loanId)).status).toBe('issued');
    await job.stop();
  });
});
