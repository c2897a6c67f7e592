import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso } from '../../src/shared/calendar.ts';
import { todayInMadrid } from '../../src/shared/dates.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/connect.ts';
import {
  cards,
  directTransferOrders,
  installments,
  loanRollovers,
  loans,
  payments,
  sandboxProviderOperations,
} from '../../src/server/db/schema/index.ts';
import type { FaultPointName } from '../../src/server/fault-points.ts';
import { sandboxCharges } from '../../src/server/providers/sandbox-card-gateway.ts';
import { createTestApp, openTestDatabase } from './helpers/app.ts';
import { send, sendUntilNot409, startServerProcess, type ServerProcessOptions } from './helpers/crash-harness.ts';
import { cardForm, SANDBOX_TEST_CARDS } from './helpers/cards.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { storeCard } from './helpers/payments.ts';
import { createRunningLoan, INSTALLMENT_CENTS, type TestLoan } from './helpers/running-loans.ts';
import { DEFAULT_LOAN_DEFINITION } from '../../src/shared/loan/loan-definition.ts';
import { firstRepaymentWindow } from '../../src/shared/loan/repayment-window.ts';
import { holidaysAround } from '../../src/server/modules/misc/index.ts';
import { borrower, requestBody } from './helpers/loan-request.ts';

/**
 * Money exactly once through crashes (issue 22 items 1–3): real server processes on one database (PGlite folder, or
 * PostgreSQL with DATABASE_URL), killed with SIGKILL at each step of a card payment — after its intent is committed,
 * after the gateway charged, after the answer was made but before it was stored with the key — then a new process
 * on the same data, the same Idempotency-Key again: one charge at the gateway's ledger, one payment, the right
 * instalment status, and the first answer stored for good. The same for a card entry, a rollover's fee and a
 * direct-transfer order (one order at the provider's ledger and in the database). And without any retry: the
 * restarted server's recovery job ends the dead process's payment by asking the gateway, so the loan can be paid
 * again within seconds.
 */

let handle: DatabaseHandle | null = null;
let database: ServerProcessOptions['database'];
const DUE = INSTALLMENT_CENTS / 100;

beforeAll(async () => {
  const opened = await openTestDatabase();
  handle = opened.handle;
  database = opened.dataDir ? { dataDir: opened.dataDir } : { databaseUrl: process.env['DATABASE_URL']! };
});
afterAll(async () => {
  await handle?.close();
});

/** The test's own connection (PGlite: one process at a time, so closed while a server process runs). */
async function db() {
  if (!handle) handle = await connectDatabase('dataDir' in database ? { dataDir: database.dataDir } : database);
  return handle.db;
}
async function releaseForServers() {
  if (handle && 'dataDir' in database) {
    await handle.close();
    handle = null;
  }
}

interface Payer {
  who: LoggedIn;
  loan: TestLoan;
  cardId: number;
}

/** A customer with a running loan (next instalment due in 5 days) and a valid sandbox card. */
async function payer(): Promise<Payer> {
  await db();
  const t = await createTestApp({ rateLimit: false, database: handle! });
  try {
    const who = await login(t, { status: 'securityChecked', creditLimitCents: 250_000 });
    const loan = await createRunningLoan(t, who.customer.id, {
      nextDue: addDaysIso(todayInMadrid(new Date()), 5),
      paid: 1,
    });
    const cardId = await storeCard(t, who.customer.id);
    return { who, loan, cardId };
  } finally {
    await t.app.close();
  }
}

const payRequest = (p: Payer, key: string) => ({
  path: '/api/loan/payloan',
  headers: { ...p.who.headers, 'idempotency-key': key },
  body: {
    loanId: p.loan.loanId,
    paymentOption: 'firstNotPaidInstallment',
    installmentId: p.loan.next.id,
    amount: DUE,
    cardId: p.cardId,
  },
});

/** What the gateway's ledger and the database hold for the payer after the processes stopped. */
async function outcomeOf(p: Payer) {
  const rows = await (await db()).select().from(payments).where(eq(payments.customerId, p.who.customer.id));
  const keys = new Set(rows.map((row) => `payment:${row.id}`));
  const charges = (await sandboxCharges(await db())).filter((charge) => keys.has(charge.key));
  const [next] = await (await db()).select().from(installments).where(eq(installments.id, p.loan.next.id));
  return { payments: rows, charges, installment: next! };
}

/** Kills a server process at `fault` during a payment of key K; returns the payer and K. */
async function paymentKilledAt(fault: FaultPointName, env: Record<string, string> = {}) {
  const p = await payer();
  await releaseForServers();
  const key = `crash-${fault}-${p.who.customer.id}`;
  const doomed = await startServerProcess({ database, faultPoints: [fault], env });
  const cut = await send(doomed, payRequest(p, key));
  expect(cut.status).toBe(0);
  expect(await doomed.exited).toBe('SIGKILL');
  return { p, key };
}

describe('a card payment killed at each step, then its key retried on a new process', () => {
  // The recovery job stays off here: the retry alone must end it right.
  const noJob = { PAYMENT_RECOVERY_JOB: 'false' };

  it.each<FaultPointName>(['payment:afterIntent', 'payment:afterCharge', 'idempotency:beforeStore'])(
    'killed at %s: the retry answers success; one payment, one charge, the instalment paid; the answer is kept',
    async (fault) => {
      const { p, key } = await paymentKilledAt(fault, noJob);
      const server = await startServerProcess({ database, env: noJob });
      try {
        const retry = await sendUntilNot409(server, payRequest(p, key));
        expect(retry.status).toBe(200);
        expect(retry.body?.data).toMatchObject({ status: 'success', amount: DUE });
        const again = await send(server, payRequest(p, key));
        expect(again).toEqual({ status: 200, body: retry.body });
      } finally {
        await server.stop();
      }
      const outcome = await outcomeOf(p);
      expect(outcome.payments).toHaveLength(1);
      expect(outcome.payments[0]).toMatchObject({
        status: 'success',
        idempotencyKey: key,
        amountCents: INSTALLMENT_CENTS,
      });
      expect(outcome.charges).toEqual([
        { key: `payment:${outcome.payments[0]!.id}`, status: 'succeeded', amountCents: INSTALLMENT_CENTS },
      ]);
      expect(outcome.installment).toMatchObject({ status: 'paid', paidCents: INSTALLMENT_CENTS });
    },
    60_000,
  );
});

describe('a card entry killed mid-way, then its key retried on a new process', () => {
  it.each<FaultPointName>(['card:afterValidation', 'idempotency:beforeStore'])(
    'killed at %s: the retry answers success with one card; the gateway validated it once',
    async (fault) => {
      await db();
      const t = await createTestApp({ rateLimit: false, database: handle! });
      const who = await login(t, { status: 'systemApproved' }).finally(() => t.app.close());
      await releaseForServers();
      const key = `card-${fault}-${who.customer.id}`;
      const request = {
        path: '/api/card/createAndValidate',
        headers: { ...who.headers, 'idempotency-key': key },
        body: cardForm(SANDBOX_TEST_CARDS.frictionless),
      };
      const doomed = await startServerProcess({ database, faultPoints: [fault] });
      expect((await send(doomed, request)).status).toBe(0);
      expect(await doomed.exited).toBe('SIGKILL');
      const server = await startServerProcess({ database });
      try {
        const retry = await sendUntilNot409(server, request);
        expect(retry.status).toBe(200);
        expect(retry.body?.data).toMatchObject({ result: 'success', cardId: expect.any(Number) });
      } finally {
        await server.stop();
      }
      const rows = await (await db()).select().from(cards).where(eq(cards.customerId, who.customer.id));
      expect(rows.map((row) => [row.cardStatus, row.idempotencyKey])).toEqual([['Valid', key]]);
      const validations = await (
        await db()
      )
        .select()
        .from(sandboxProviderOperations)
        .where(eq(sandboxProviderOperations.idempotencyKey, `card:${who.customer.id}:${key}`));
      expect(validations).toHaveLength(1);
      expect(rows[0]!.providerToken).toBe(JSON.parse(validations[0]!.outcome).cardToken);
    },
    60_000,
  );
});

describe('a rollover killed after its fee was charged, then its key retried on a new process', () => {
  it('killed at payment:afterCharge: the retry answers success; one fee payment, one charge, the rollover applied', async () => {
    // rollover.test.ts's borrower on today's Madrid date (the child server runs on the real clock): one instalment
    // of 300 € + 18,33 €, due three days ago, and a valid card.
    const BASE = 30_000;
    const INTEREST = 1_833;
    await db();
    const t = await createTestApp({ rateLimit: false, database: handle! });
    let who: LoggedIn;
    let loanId: number;
    let cardId: number;
    try {
      who = await login(t, { status: 'securityChecked', creditLimitCents: 250_000 });
      const due = addDaysIso(todayInMadrid(new Date()), -3);
      const [loan] = await t.db
        .insert(loans)
        .values({
          customerId: who.customer.id,
          status: 'issued',
          amountCents: BASE,
          loanDefinitionId: DEFAULT_LOAN_DEFINITION.id,
          installmentCount: 1,
          issueDate: addDaysIso(due, -30),
          firstRepaymentDate: due,
        })
        .returning({ id: loans.id });
      loanId = loan!.id;
      await t.db.insert(installments).values({
        loanId,
        number: 1,
        expectedDate: due,
        baseCents: BASE,
        interestCents: INTEREST,
        totalCents: BASE + INTEREST,
        paidCents: 0,
        status: 'notPaid',
      });
      cardId = await storeCard(t, who.customer.id);
    } finally {
      await t.app.close();
    }
    await releaseForServers();
    const noJob = { PAYMENT_RECOVERY_JOB: 'false' };
    const doomed = await startServerProcess({ database, faultPoints: ['payment:afterCharge'], env: noJob });
    const dates = await send(doomed, {
      path: `/api/loan/rolloverAvailableDates?fromDate=${todayInMadrid(new Date())}&loanId=${loanId}`,
      headers: who.headers,
    });
    expect(dates.status).toBe(200);
    const rolloverDate = (dates.body?.data as string[])[0]!;
    const key = `rollover-crash-${who.customer.id}`;
    const request = {
      path: '/api/loan/rollover',
      headers: { ...who.headers, 'idempotency-key': key },
      body: { loanId, rolloverDate, cardId },
    };
    expect((await send(doomed, request)).status).toBe(0);
    expect(await doomed.exited).toBe('SIGKILL');
    const server = await startServerProcess({ database, env: noJob });
    try {
      const retry = await sendUntilNot409(server, request);
      expect(retry.status).toBe(200);
      expect(retry.body?.data).toMatchObject({ status: 'success', amount: INTEREST / 100 });
      expect(await send(server, request)).toEqual({ status: 200, body: retry.body });
    } finally {
      await server.stop();
    }
    const rows = await (await db()).select().from(payments).where(eq(payments.loanId, loanId));
    expect(rows).toEqual([
      expect.objectContaining({
        paymentOption: 'rolloverFee',
        status: 'success',
        amountCents: INTEREST,
        idempotencyKey: key,
      }),
    ]);
    const charges = (await sandboxCharges(await db())).filter((charge) => charge.key === `payment:${rows[0]!.id}`);
    expect(charges).toEqual([{ key: `payment:${rows[0]!.id}`, status: 'succeeded', amountCents: INTEREST }]);
    const applied = await (await db()).select().from(loanRollovers).where(eq(loanRollovers.loanId, loanId));
    expect(applied).toEqual([
      expect.objectContaining({ status: 'applied', paymentId: rows[0]!.id, toDate: rolloverDate }),
    ]);
  }, 60_000);
});

describe('a direct-transfer init killed mid-way, then its key retried on a new process', () => {
  it.each<FaultPointName>(['transfer:afterInit', 'idempotency:beforeStore'])(
    'killed at %s: the retry answers the order the provider recorded; one order with the key, one provider operation',
    async (fault) => {
      await db();
      const t = await createTestApp({ rateLimit: false, database: handle! });
      let who: LoggedIn;
      let loan: TestLoan;
      try {
        who = await login(t, { status: 'securityChecked', creditLimitCents: 250_000 });
        loan = await createRunningLoan(t, who.customer.id, {
          nextDue: addDaysIso(todayInMadrid(new Date()), 5),
          paid: 1,
        });
      } finally {
        await t.app.close();
      }
      await releaseForServers();
      const key = `transfer-${fault}-${who.customer.id}`;
      const request = {
        path: '/api/inboundpayment/init/unnax',
        headers: { ...who.headers, 'idempotency-key': key },
        body: {
          amount: DUE,
          loanId: loan.loanId,
          successPage: '/payment/success/firstNotPaidInstallment',
          errorPage: '/dashboard',
          doneMessage: 'Pago recibido',
        },
      };
      const doomed = await startServerProcess({ database, faultPoints: [fault] });
      expect((await send(doomed, request)).status).toBe(0);
      expect(await doomed.exited).toBe('SIGKILL');
      const server = await startServerProcess({ database });
      let orderId: string | null;
      try {
        const retry = await sendUntilNot409(server, request);
        expect(retry.status).toBe(200);
        const { widgetUrl } = retry.body?.data as { widgetUrl: string };
        expect(widgetUrl.startsWith(`${server.url}/sandbox/direct-transfer/widget?order=`)).toBe(true);
        orderId = new URL(widgetUrl).searchParams.get('order');
        expect(await send(server, request)).toEqual({ status: 200, body: retry.body });
      } finally {
        await server.stop();
      }
      const orders = await (
        await db()
      )
        .select()
        .from(directTransferOrders)
        .where(eq(directTransferOrders.customerId, who.customer.id));
      expect(orders.map((row) => [row.providerOrderId, row.idempotencyKey, row.status, row.amountCents])).toEqual([
        [orderId, key, 'pending', INSTALLMENT_CENTS],
      ]);
      const operations = await (
        await db()
      )
        .select()
        .from(sandboxProviderOperations)
        .where(eq(sandboxProviderOperations.idempotencyKey, `transfer:${who.customer.id}:${key}`));
      expect(operations.map((row) => [row.kind, row.amountCents])).toEqual([['transfer', INSTALLMENT_CENTS]]);
      expect(JSON.parse(operations[0]!.outcome)).toMatchObject({ result: 'created', providerOrderId: orderId });
    },
    60_000,
  );
});

describe('a loan request killed after its commit, then its key retried on a new process', () => {
  it('killed at idempotency:beforeStore: the retry answers the answer kept with the loan (success), not ActiveLoanExists; one loan', async () => {
    await db();
    const t = await createTestApp({ rateLimit: false, database: handle! });
    let who: Awaited<ReturnType<typeof borrower>>;
    try {
      who = await borrower(t);
    } finally {
      await t.app.close();
    }
    await releaseForServers();
    const today = todayInMadrid(new Date());
    const { defaultDate } = firstRepaymentWindow(today, await holidaysAround(today));
    const body = requestBody(who, { firstRepaymentDate: defaultDate });
    const key = `loan-request-crash-${who.customer.id}`;
    const request = {
      path: `/api/loan/requestLoan?accountId=${who.accountId}`,
      headers: { ...who.headers, 'idempotency-key': key },
      body,
    };
    const doomed = await startServerProcess({ database, faultPoints: ['idempotency:beforeStore'] });
    expect((await send(doomed, request)).status).toBe(0);
    expect(await doomed.exited).toBe('SIGKILL');
    const server = await startServerProcess({ database });
    try {
      const retry = await sendUntilNot409(server, request);
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      expect((retry.body?.data as { result: string }).result).toBe('success');
      expect(await send(server, request)).toEqual({ status: 200, body: retry.body });
    } finally {
      await server.stop();
    }
    const rows = await (await db()).select().from(loans).where(eq(loans.customerId, who.customer.id));
    expect(rows.map((row) => [row.status, row.amountCents])).toEqual([['requested', 250_000]]);
  }, 60_000);
});

describe('the recovery job after a crash', () => {
  it('ends a dead process’s payment by asking the gateway (charged → settled, never charged → voided and failed); the loan can be paid again at once', async () => {
    const charged = await paymentKilledAt('payment:afterCharge', { PAYMENT_RECOVERY_JOB: 'false' });
    const never = await paymentKilledAt('payment:afterIntent', { PAYMENT_RECOVERY_JOB: 'false' });
    const server = await startServerProcess({ database, env: { PAYMENT_RECOVERY_INTERVAL_MS: '200' } });
    try {
      const started = Date.now();
      // The customer never retries the crashed key: the job alone ends both payments.
      let views: Array<{ status: string }> = [];
      for (;;) {
        views = [];
        for (const { p } of [charged, never]) {
          const answer = await send(server, {
            path: `/api/loan/customerAllLoans`,
            headers: p.who.headers,
          });
          const loan = (answer.body?.data as Array<{ installments: Array<{ id: number; status: string }> }>)[0]!;
          views.push(loan.installments.find((row) => row.id === p.loan.next.id)!);
        }
        if (views[0]!.status === 'paid' || Date.now() - started > 20_000) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(views[0]!.status).toBe('paid');
      // The never-charged one: a new press (a new key) pays now, instead of 409 for ten minutes.
      const fresh = await sendUntilNot409(server, payRequest(never.p, `after-recovery-${never.p.who.customer.id}`));
      expect(fresh.status).toBe(200);
      expect(fresh.body?.data).toMatchObject({ status: 'success' });
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      await server.stop();
    }
    const a = await outcomeOf(charged.p);
    expect(a.payments.map((row) => row.status)).toEqual(['success']);
    expect(a.charges.map((charge) => charge.status)).toEqual(['succeeded']);
    const b = await outcomeOf(never.p);
    expect(b.payments.map((row) => row.status).sort()).toEqual(['failed', 'success']);
    const failed = b.payments.find((row) => row.status === 'failed')!;
    expect(failed.message).toMatch(/no se ha cobrado nada/);
    expect(b.charges.find((charge) => charge.key === `payment:${failed.id}`)).toMatchObject({ status: 'voided' });
    expect(b.charges.filter((charge) => charge.status === 'succeeded')).toHaveLength(1);
  }, 90_000);
});
