import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, startOfDayInMadrid, type IsoDate } from '../../src/shared/dates.ts';
import type { ReminderNotification } from '../../src/shared/push.ts';
import {
  credentials,
  installmentStatusHistory,
  installments,
  loanStatusHistory,
  loans,
} from '../../src/server/db/schema/index.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/connect.ts';
import { sandboxCharges } from '../../src/server/providers/sandbox-card-gateway.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { borrower, NOW, requestBody, requestLoan } from './helpers/loan-request.ts';
import { businessCodesOf, createMember, errorsOf, postLogin } from './helpers/membership-login.ts';
import { errorName, payLoan, paymentsOfLoan, storeCard } from './helpers/payments.ts';
import { createRunningLoan, INSTALLMENT_CENTS } from './helpers/running-loans.ts';
import { deliveriesOf } from './helpers/push-loans.ts';
import { startLocalPushService, type FakeSubscription, type LocalPushService } from './helpers/push-service.ts';

/**
 * Three server instances on one database (issue 22, «Tests»): three apps built on one PGlite, or one PostgreSQL with
 * DATABASE_URL, as three servers behind a load balancer. One Idempotency-Key sent to all three at once charges the
 * card once; wrong PINs spread over the three block the member after 5 in total; the payout and reminder jobs, run by
 * all three at the same moment, issue a loan once and send one push per instalment and kind.
 */

let apps: TestApp[];
let service: LocalPushService;
const pools: DatabaseHandle[] = [];
/** On PostgreSQL each instance has its own pool, as each server has; a PGlite database lives in one process: shared. */
async function instanceDatabase(first: TestApp): Promise<DatabaseHandle> {
  const { databaseUrl } = first;
  if (!databaseUrl) return first.handle;
  const handle = await connectDatabase({ databaseUrl, poolSize: 4 });
  pools.push(handle);
  return handle;
}
beforeAll(async () => {
  service = await startLocalPushService();
  const first = await createTestApp({ rateLimit: false, ownDatabase: true, now: NOW });
  apps = [first];
  for (let i = 0; i < 2; i++)
    apps.push(await createTestApp({ rateLimit: false, now: NOW, database: await instanceDatabase(first) }));
}, 60_000);
afterAll(async () => {
  for (const t of apps.slice(1)) await t.close();
  await Promise.all(pools.map((pool) => pool.close()));
  await apps[0]!.close();
  await service.close();
});

const appOf = (index: number) => apps[index % apps.length]!;
/** Each instance has its own clock, as each server has; they all tell the same time. */
const setClocks = (instant: Date | string) => apps.forEach((t) => t.clock.set(instant));
/** Every instance runs the job at the same moment, twice. */
async function runOnAll<T>(run: (t: TestApp) => Promise<T>): Promise<T[]> {
  return [...(await Promise.all(apps.map(run))), ...(await Promise.all(apps.map(run)))];
}

async function subscribe(who: LoggedIn, index: number): Promise<FakeSubscription> {
  const subscription = service.subscription();
  const response = await appOf(index).app.inject({
    method: 'POST',
    url: '/api/communication/push/subscription',
    headers: who.headers,
    payload: subscription.json,
  });
  expect(response.statusCode, response.body).toBe(200);
  return subscription;
}

describe('three server instances on one database', () => {
  it('PayLoanPost: one Idempotency-Key sent 60 times at once over the three → one payment, one charge, one answer, the rest 409', async () => {
    setClocks(NOW);
    const first = apps[0]!;
    const who = await login(first, { status: 'securityChecked', creditLimitCents: 250_000 });
    const loan = await createRunningLoan(first, who.customer.id, { nextDue: '2026-11-23', paid: 1 });
    const cardId = await storeCard(first, who.customer.id);
    const body = {
      loanId: loan.loanId,
      paymentOption: 'firstNotPaidInstallment' as const,
      installmentId: loan.next.id,
      amount: INSTALLMENT_CENTS / 100,
      cardId,
    };
    const key = `three-instances-${who.customer.id}`;
    const answers = await Promise.all(Array.from({ length: 60 }, (_, index) => payLoan(appOf(index), who, body, key)));

    const ok = answers.filter((answer) => answer.statusCode === 200);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((answer) => answer.body)).size).toBe(1);
    expect(ok[0]!.json().data).toMatchObject({ status: 'success', amount: body.amount });
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused.map((answer) => [answer.statusCode, errorName(answer)])).toEqual(
      refused.map(() => [409, 'RequestInProgress']),
    );

    const rows = await paymentsOfLoan(first, loan.loanId);
    expect(rows.map((row) => [row.status, row.amountCents])).toEqual([['success', INSTALLMENT_CENTS]]);
    const keys = new Set(rows.map((row) => `payment:${row.id}`));
    const charges = (await sandboxCharges(first.db)).filter((charge) => keys.has(charge.key));
    expect(charges).toEqual([{ key: `payment:${rows[0]!.id}`, status: 'succeeded', amountCents: INSTALLMENT_CENTS }]);
    const [paid] = await first.db.select().from(installments).where(eq(installments.id, loan.next.id));
    expect(paid).toMatchObject({ status: 'paid', paidCents: INSTALLMENT_CENTS });

    // Afterwards the key answers the same bytes on every instance, and charges nothing more.
    for (let index = 0; index < apps.length; index++) {
      const again = await payLoan(appOf(index), who, body, key);
      expect([again.statusCode, again.body]).toEqual([200, ok[0]!.body]);
    }
    expect(await paymentsOfLoan(first, loan.loanId)).toHaveLength(1);
  }, 60_000);

  it('LoginPost: wrong PINs spread over the three block the member after 5 in total, on every instance', async () => {
    setClocks(NOW);
    const first = apps[0]!;
    const credentialsOf = async (customerId: number) =>
      (await first.db.select().from(credentials).where(eq(credentials.customerId, customerId)))[0]!;
    const wrong = (phoneNumber: string, index: number) =>
      postLogin(appOf(index).app, { phoneNumber, password: '9999' }, { remoteAddress: `198.51.100.${index}` });
    const blockedEverywhere = async (phoneNumber: string) => {
      for (let index = 0; index < apps.length; index++) {
        expect(businessCodesOf(await wrong(phoneNumber, index))).toEqual(['MemberBlocked']);
        // The right PIN too.
        const right = await postLogin(appOf(index).app, { phoneNumber, password: '1234' });
        expect(businessCodesOf(right)).toEqual(['MemberBlocked']);
      }
    };

    // One after another, round-robin: each instance counts on from the others' failures.
    const member = await createMember(first);
    const firsts: string[] = [];
    for (let index = 0; index < 5; index++) firsts.push(errorsOf(await wrong(member.phone, index), 422)[0]!.code.name);
    expect(firsts).toEqual([...Array.from({ length: 4 }, () => 'WrongPasswordException'), 'MemberBlocked']);
    await blockedEverywhere(member.phone);
    expect(await credentialsOf(member.id)).toMatchObject({ blocked: true, consecutiveFailures: 5 });

    // All at once: 15 wrong PINs over the three → the countdown 4, 3, 2, 1 once each, then only MemberBlocked.
    const rushed = await createMember(first);
    const answers = await Promise.all(Array.from({ length: 15 }, (_, index) => wrong(rushed.phone, index)));
    const items = answers.map((answer) => errorsOf(answer, 422)[0]!);
    const countdown = items.filter((item) => item.code.name === 'WrongPasswordException');
    expect(countdown.map((item) => item.message).sort()).toEqual(
      [1, 2, 3, 4].map((remaining) => `La contraseña no es correcta. Intentos restantes: ${remaining}.`).sort(),
    );
    expect(items.filter((item) => item.code.name === 'MemberBlocked')).toHaveLength(11);
    await blockedEverywhere(rushed.phone);
    expect(await credentialsOf(rushed.id)).toMatchObject({ blocked: true, consecutiveFailures: 5 });
  }, 60_000);

  it('the payout job run by the three at the same moment issues each loan once: one history row, one plan, one push', async () => {
    setClocks(NOW);
    const first = apps[0]!;
    const delayMs = 600_000;
    const dueAt = new Date(new Date(NOW).getTime() + delayMs);
    const accepted: Array<{ loanId: number; device: FakeSubscription }> = [];
    for (let index = 0; index < 4; index++) {
      const who = await borrower(first);
      const device = await subscribe(who, index);
      const response = await requestLoan(appOf(index), who, requestBody(who));
      expect(response.statusCode, response.body).toBe(200);
      const loanId = response.json().data.journey.loanDetails.loanId as number;
      // What AssignAgreementPost does: the agreement accepted now, the payout due after the delay.
      await first.db
        .update(loans)
        .set({ status: 'agreementAssigned', agreementAcceptedAt: new Date(NOW), payoutDueAt: dueAt })
        .where(eq(loans.id, loanId));
      accepted.push({ loanId, device });
    }
    const loanIds = accepted.map((item) => item.loanId).sort((a, b) => a - b);

    setClocks(new Date(dueAt.getTime() + 1));
    const runs = await runOnAll((t) => t.app.payout.runOnce());
    const issued = runs.flatMap((run) => run.issued).filter((id) => loanIds.includes(id));
    expect(issued.sort((a, b) => a - b)).toEqual(loanIds);

    for (const { loanId, device } of accepted) {
      const [loan] = await first.db.select().from(loans).where(eq(loans.id, loanId));
      expect(loan).toMatchObject({ status: 'issued', issuedAt: new Date(dueAt.getTime() + 1) });
      const toIssued = await first.db
        .select()
        .from(loanStatusHistory)
        .where(and(eq(loanStatusHistory.loanId, loanId), eq(loanStatusHistory.toStatus, 'issued')));
      expect(toIssued, String(loanId)).toHaveLength(1);
      const plan = await first.db.select().from(installments).where(eq(installments.loanId, loanId));
      expect(plan.map((row) => row.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      const planHistory = await first.db
        .select()
        .from(installmentStatusHistory)
        .where(
          inArray(
            installmentStatusHistory.installmentId,
            plan.map((row) => row.id),
          ),
        );
      expect(planHistory).toHaveLength(12);
      // Only the payout's pushes: on PostgreSQL another test file's reminder run may remind this customer too.
      const payoutPushes = device.messages().filter((message) => (message as { kind?: unknown }).kind === 'loanIssued');
      expect(payoutPushes).toMatchObject([{ kind: 'loanIssued', loanId }]);
    }
  }, 60_000);

  it('the reminder job run by the three at the same moment sends one push per instalment and kind', async () => {
    const due: IsoDate = '2027-03-30';
    /** 10:00 in Madrid, `offset` days from the due date. */
    const at = (offset: number) => new Date(startOfDayInMadrid(addDaysIso(due, offset)).getTime() + 10 * 3_600_000);
    setClocks(at(-5));
    const first = apps[0]!;
    const customers = [];
    for (let index = 0; index < 6; index++) {
      const who = await login(first);
      const device = await subscribe(who, index);
      const loan = await createRunningLoan(first, who.customer.id, { nextDue: due, paid: 3 });
      customers.push({ device, loan });
    }

    const kinds = ['dueIn3Days', 'dueTomorrow', 'dueToday', 'overdue1Day'];
    for (const offset of [-3, -1, 0, 1]) {
      setClocks(at(offset));
      await runOnAll((t) => t.app.pushReminders.runOnce());
    }
    for (const { device, loan } of customers) {
      expect(device.received()).toHaveLength(kinds.length);
      expect((device.messages() as ReminderNotification[]).map((message) => [message.kind, message.tag])).toEqual(
        kinds.map((kind) => [kind, `installment-${loan.next.id}`]),
      );
      const deliveries = await deliveriesOf(first, [loan.next.id]);
      expect(deliveries.map((row) => [row.kind, row.status, row.attempts])).toEqual(
        kinds.map((kind) => [kind, 'sent', 1]),
      );
    }
  }, 60_000);
});
