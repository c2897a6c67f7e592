import { createHash, randomUUID } from 'node:crypto';
import { plain } from '../unit/helpers/plain-text.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customers,
  installmentStatusHistory,
  installments,
  loanRestructures,
  loanStatusHistory,
  loans,
  reminderDeliveries,
} from '../../src/server/db/schema/index.ts';
import { addDaysIso, todayInMadrid } from '../../src/shared/dates.ts';
import { restructurePlan } from '../../src/shared/loan/restructure.ts';
import { centsToEuros, formatMoney, formatPercent, toCents } from '../../src/shared/money.ts';
import { formatDate } from '../../src/shared/dates.ts';
import type { CustomerStatus } from '../../src/shared/statuses.ts';
import type { LoanStatus } from '../../src/shared/loan-statuses.ts';
import { holidaysAround } from '../../src/server/modules/misc/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { pdfText } from './helpers/agreement.ts';
import { errorName } from './helpers/payments.ts';
import { createRunningLoan } from './helpers/running-loans.ts';

/**
 * 'Pago Flexible' (issue 14; docs/rules/payments.md "Restructure"): RestructurePlanGet and RestructureLoanPost through
 * the real app on PGlite — eligibility at the −60/−35 edges, the restructured branch and the §6 statuses, ownership
 * (404, never data), what a restructure writes (instalments, history, loan, loan_restructures, reminders, collection
 * status), and idempotency (one key twice → one run; two keys at once → one restructure).
 */

const NOW = '2026-11-24T10:00:00.000Z';
const TODAY = todayInMadrid(new Date(NOW));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
});
afterAll(async () => t?.close());

/** A customer with a running loan of `count` instalments whose first unpaid one is `daysLate` days late. */
async function borrower(
  daysLate: number,
  options: { status?: CustomerStatus; loanStatus?: LoanStatus; count?: number; isRestructured?: boolean } = {},
) {
  const who = await login(t, { status: options.status ?? 'securityChecked' });
  const loan = await createRunningLoan(t, who.customer.id, {
    nextDue: addDaysIso(TODAY, -daysLate),
    count: options.count ?? 3,
    status: options.loanStatus ?? 'issued',
  });
  if (options.isRestructured) await t.db.update(loans).set({ isRestructured: true }).where(eq(loans.id, loan.loanId));
  return { who, loan };
}

const getPlan = (who: LoggedIn, loanId: number | string) =>
  t.app.inject({ url: `/api/loan/restructureLoan?loanId=${loanId}`, headers: who.headers });

/** The digest of the plan's pre-contract information as RestructurePlanGet shows it now (a placeholder when refused). */
async function shownDigest(who: LoggedIn, loanId: number): Promise<string> {
  const plan = await getPlan(who, loanId);
  return plan.statusCode === 200 ? (plan.json().data.preContractInformation.digest as string) : '0'.repeat(64);
}

/** RestructureLoanPost accepting the pre-contract information the customer was shown (or `digest`). */
const restructure = async (who: LoggedIn, loanId: number, key: string = randomUUID(), digest?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/loan/restructureLoan',
    headers: { ...who.headers, 'idempotency-key': key },
    payload: { loanId, acceptPreContract: true, preContractDigest: digest ?? (await shownDigest(who, loanId)) },
  });

const restructuresOf = (loanId: number) =>
  t.db.select().from(loanRestructures).where(eq(loanRestructures.loanId, loanId));

const rowsOf = (loanId: number) =>
  t.db.select().from(installments).where(eq(installments.loanId, loanId)).orderBy(installments.number);

describe('eligibility (canFlexiblePayment and the §6 statuses)', () => {
  it.each([
    [35, 422],
    [36, 200],
    [59, 200],
    [60, 422],
    [10, 422],
  ])('first unpaid instalment %i days late → %i', async (daysLate, status) => {
    const { who, loan } = await borrower(daysLate);
    const response = await getPlan(who, loan.loanId);
    expect(response.statusCode).toBe(status);
    if (status === 422) {
      expect(errorName(response)).toBe('RestructureNotAllowed');
      expect(response.json().errors[0].message).toBe('El pago flexible no está disponible para este préstamo.');
      const post = await restructure(who, loan.loanId);
      expect(post.statusCode).toBe(422);
      expect(await restructuresOf(loan.loanId)).toHaveLength(0);
    }
  });

  it('the restructured branch: an issued restructured loan not late, the only running loan → allowed; with another running loan → refused', async () => {
    const { who, loan } = await borrower(-10, { isRestructured: true });
    expect((await getPlan(who, loan.loanId)).statusCode).toBe(200);
    await createRunningLoan(t, who.customer.id, { nextDue: addDaysIso(TODAY, 10), count: 1 });
    const refused = await getPlan(who, loan.loanId);
    expect(refused.statusCode).toBe(422);
    expect(errorName(refused)).toBe('RestructureNotAllowed');
  });

  it('an arranged restructured loan is not the restructured branch (issued only)', async () => {
    const { who, loan } = await borrower(-10, { isRestructured: true, loanStatus: 'arranged' });
    expect((await getPlan(who, loan.loanId)).statusCode).toBe(422);
  });

  it('customer statuses: systemApproved refused; collection, legal and fraud allowed', async () => {
    const refused = await borrower(40, { status: 'systemApproved' });
    expect((await getPlan(refused.who, refused.loan.loanId)).statusCode).toBe(422);
    expect((await restructure(refused.who, refused.loan.loanId)).statusCode).toBe(422);
    for (const status of ['internalCollection', 'externalCollection', 'legal', 'fraud'] as const) {
      const allowed = await borrower(40, { status });
      expect((await getPlan(allowed.who, allowed.loan.loanId)).statusCode, status).toBe(200);
    }
  });

  it('a repaid loan is refused', async () => {
    const { who, loan } = await borrower(40, { loanStatus: 'repaid' });
    expect((await getPlan(who, loan.loanId)).statusCode).toBe(422);
  });
});

describe('ownership', () => {
  it('another customer’s loan or a missing one → 404 LoanNotFound, never data, nothing changed', async () => {
    const { loan } = await borrower(40);
    const stranger = await login(t, { status: 'securityChecked' });
    for (const id of [loan.loanId, 2_000_000_000]) {
      const plan = await getPlan(stranger, id);
      expect(plan.statusCode).toBe(404);
      expect(errorName(plan)).toBe('LoanNotFound');
      expect(plan.body).not.toContain('installments');
      const post = await restructure(stranger, id);
      expect(post.statusCode).toBe(404);
      expect(errorName(post)).toBe('LoanNotFound');
    }
    expect(await restructuresOf(loan.loanId)).toHaveLength(0);
    expect((await rowsOf(loan.loanId)).map((row) => row.status)).toEqual(['notPaid', 'notPaid', 'notPaid']);
  });

  it('bad input → 400, not logged in → 401', async () => {
    const { who } = await borrower(40);
    expect((await getPlan(who, 'abc')).statusCode).toBe(400);
    const noAuth = await t.app.inject({ url: '/api/loan/restructureLoan?loanId=1' });
    expect(noAuth.statusCode).toBe(401);
  });
});

describe('the plan (RestructurePlanGet)', () => {
  it('answers the shared rule’s plan in euros, and changes nothing', async () => {
    const { who, loan } = await borrower(40);
    const response = await getPlan(who, loan.loanId);
    expect(response.statusCode).toBe(200);
    const rows = await rowsOf(loan.loanId);
    const [issued] = await t.db.select().from(loans).where(eq(loans.id, loan.loanId));
    const expected = restructurePlan(
      {
        issueDate: issued!.issueDate,
        installments: rows.map((row) => ({
          number: row.number,
          expectedDate: row.expectedDate,
          status: row.status,
          base: toCents(row.baseCents),
          interest: toCents(row.interestCents),
          totalPayment: toCents(row.totalCents),
          paid: toCents(row.paidCents),
        })),
      },
      TODAY,
      await holidaysAround(TODAY),
    )!;
    const euros = (cents: number) => centsToEuros(cents);
    const { preContractInformation, ...plan } = response.json().data;
    expect(preContractInformation.digest).toBe(
      createHash('sha256').update(preContractInformation.agreement).digest('hex'),
    );
    expect(plan).toEqual({
      loanId: loan.loanId,
      debt: euros(expected.debt),
      principal: euros(expected.principal),
      totalCost: euros(expected.totalCost),
      totalPayment: euros(expected.totalPayment),
      tae: expected.tae,
      installments: expected.installments.map((item) => ({
        number: item.number,
        expectedDate: item.expectedDate,
        base: euros(item.base),
        interest: euros(item.interest),
        totalPayment: euros(item.totalPayment),
      })),
    });
    expect(expected.installments.map((item) => item.number)).toEqual([4, 5, 6]);
    expect(expected.installments[0]!.expectedDate > TODAY).toBe(true);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await restructuresOf(loan.loanId)).toHaveLength(0);
  });
});

describe('restructuring (RestructureLoanPost)', () => {
  it('replaces the payable instalments by the plan, with history rows, the loan marked and the figures kept', async () => {
    const { who, loan } = await borrower(40);
    const plan = (await getPlan(who, loan.loanId)).json().data;
    const response = await restructure(who, loan.loanId);
    expect(response.statusCode).toBe(200);
    const answered = response.json().data.loan;
    expect(answered.id).toBe(loan.loanId);
    expect(answered.isRestructured).toBe(true);
    expect(answered.status).toBe('issued');
    expect(answered.overdueDay).toBeGreaterThan(0);
    expect(answered.installments.map((item: { status: string }) => item.status)).toEqual([
      'restructured',
      'restructured',
      'restructured',
      'notPaid',
      'notPaid',
      'notPaid',
    ]);
    expect(answered.earlyClosureAmount).toBe(plan.principal);

    const rows = await rowsOf(loan.loanId);
    const created = rows.slice(3);
    expect(
      created.map((row) => ({
        number: row.number,
        expectedDate: row.expectedDate,
        base: centsToEuros(row.baseCents),
        interest: centsToEuros(row.interestCents),
        totalPayment: centsToEuros(row.totalCents),
      })),
    ).toEqual(plan.installments);

    const history = await t.db
      .select()
      .from(installmentStatusHistory)
      .where(
        inArray(
          installmentStatusHistory.installmentId,
          rows.map((row) => row.id),
        ),
      );
    expect(history.filter((row) => row.toStatus === 'restructured' && row.fromStatus === 'notPaid')).toHaveLength(3);
    expect(history.filter((row) => row.toStatus === 'notPaid' && row.fromStatus === null)).toHaveLength(3);
    expect(history.every((row) => row.changedBy === 'customer')).toBe(true);

    const [record] = await restructuresOf(loan.loanId);
    expect(record).toMatchObject({
      customerId: who.customer.id,
      debtCents: Math.round(plan.debt * 100),
      principalCents: Math.round(plan.principal * 100),
      interestCents: Math.round(plan.totalCost * 100),
      totalCents: Math.round(plan.totalPayment * 100),
      installmentCount: 3,
      taeBasisPoints: Math.round(plan.tae * 100),
      firstInstallmentNumber: 4,
      lastInstallmentNumber: 6,
    });
    const [marked] = await t.db.select().from(loans).where(eq(loans.id, loan.loanId));
    expect(marked!.isRestructured).toBe(true);
  });

  it('an arranged loan becomes issued, with its history row', async () => {
    const { who, loan } = await borrower(45, { loanStatus: 'arranged' });
    const response = await restructure(who, loan.loanId);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.loan.status).toBe('issued');
    const history = await t.db.select().from(loanStatusHistory).where(eq(loanStatusHistory.loanId, loan.loanId));
    expect(history.map((row) => [row.fromStatus, row.toStatus])).toEqual([['arranged', 'issued']]);
  });

  it('cancels the unsent reminders of the old instalments (skipped "rescheduled"), leaves sent ones alone', async () => {
    const { who, loan } = await borrower(40);
    const at = new Date(NOW);
    await t.db.insert(reminderDeliveries).values([
      ...loan.installmentIds.map((installmentId) => ({
        installmentId,
        customerId: who.customer.id,
        kind: 'dueToday',
        dueDate: TODAY,
        status: 'pending',
        nextAttemptAt: at,
        createdAt: at,
        updatedAt: at,
      })),
      {
        installmentId: loan.installmentIds[0]!,
        customerId: who.customer.id,
        kind: 'dueTomorrow',
        dueDate: TODAY,
        status: 'sent',
        nextAttemptAt: at,
        createdAt: at,
        updatedAt: at,
      },
    ]);
    expect((await restructure(who, loan.loanId)).statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(reminderDeliveries)
      .where(inArray(reminderDeliveries.installmentId, loan.installmentIds))
      .orderBy(reminderDeliveries.id);
    expect(rows.map((row) => [row.status, row.lastError])).toEqual([
      ['skipped', 'rescheduled'],
      ['skipped', 'rescheduled'],
      ['skipped', 'rescheduled'],
      ['sent', null],
    ]);
  });

  it('brings the collection status in line: nothing late any more → back to securityChecked', async () => {
    const { who, loan } = await borrower(40, { status: 'internalCollection' });
    expect((await restructure(who, loan.loanId)).statusCode).toBe(200);
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, who.customer.id));
    expect(customer!.status).toBe('securityChecked');
  });

  it('partly paid instalments: their payments stay, the plan carries what is left', async () => {
    const { who, loan } = await borrower(40);
    await t.db
      .update(installments)
      .set({ paidCents: 5_000 })
      .where(and(eq(installments.id, loan.installmentIds[0]!)));
    const before = (await getPlan(who, loan.loanId)).json().data;
    const response = await restructure(who, loan.loanId);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.loan.earlyClosureAmount).toBe(before.principal);
    const [first] = await rowsOf(loan.loanId);
    expect(first).toMatchObject({ status: 'restructured', paidCents: 5_000 });
  });
});

describe('idempotency and concurrency', () => {
  it('the same Idempotency-Key twice runs once and answers the same', async () => {
    const { who, loan } = await borrower(40);
    const key = randomUUID();
    const digest = await shownDigest(who, loan.loanId);
    const first = await restructure(who, loan.loanId, key, digest);
    const second = await restructure(who, loan.loanId, key, digest);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await restructuresOf(loan.loanId)).toHaveLength(1);
    expect(await rowsOf(loan.loanId)).toHaveLength(6);
  });

  it('two presses with different keys at once → one restructure, the other refused', async () => {
    const { who, loan } = await borrower(40);
    const answers = await Promise.all([restructure(who, loan.loanId), restructure(who, loan.loanId)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([409, 422]).toContain(statuses[1]);
    expect(await restructuresOf(loan.loanId)).toHaveLength(1);
    expect(await rowsOf(loan.loanId)).toHaveLength(6);
  });

  it('the same day a restructured loan cannot be restructured again (plan and post refused)', async () => {
    const { who, loan } = await borrower(40);
    expect((await restructure(who, loan.loanId)).statusCode).toBe(200);
    expect((await getPlan(who, loan.loanId)).statusCode).toBe(422);
    expect((await restructure(who, loan.loanId)).statusCode).toBe(422);
  });
});

describe('the pre-contract information of a Pago Flexible: shown, accepted, kept', () => {
  /** The visible text of the document's HTML. */
  // Plain whitespace only: money keeps its no-break space before '€' (MONEY_SPACE).
  const visible = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/[ \t\r\n]+/g, ' ');

  it("is the plan's own: what changes, the new instalments and dates, TIN, TAE, cost and total", async () => {
    const { who, loan } = await borrower(40);
    const { data } = (await getPlan(who, loan.loanId)).json();
    const text = visible(data.preContractInformation.agreement);
    expect(data.preContractInformation.title).toBe('Información precontractual del Pago Flexible');
    expect(text).toContain(`Préstamo número ${loan.loanId}. Fecha: ${formatDate(TODAY)}.`);
    expect(text).toContain('2. Qué cambia en su préstamo');
    expect(text).toContain(`adeuda por ellas ${formatMoney(Math.round(data.debt * 100))}`);
    const replaced = (await rowsOf(loan.loanId)).filter((row) => row.status === 'notPaid');
    for (const row of replaced) expect(text).toContain(formatDate(row.expectedDate));
    for (const item of data.installments) {
      expect(text).toContain(formatDate(item.expectedDate));
      expect(text).toContain(formatMoney(Math.round(item.totalPayment * 100)));
    }
    expect(text).toContain(`Tasa anual equivalente (TAE) del nuevo plan ${formatPercent(data.tae, 1)}`);
    expect(text).toContain(`Tipo deudor (TIN) 73,32 % anual, fijo`);
    expect(text).toContain(`Importe total que deberá pagar ${formatMoney(Math.round(data.totalPayment * 100))}`);
    expect(text).toContain(`${formatMoney(Math.round(data.totalCost * 100))}`);
    expect(text).not.toMatch(/\[[^\]]*\]/); // no placeholder
  });

  it('is required: without the acceptance → 400; a plan other than the one read → 422 RestructurePlanChanged, nothing changes', async () => {
    const { who, loan } = await borrower(40);
    const digest = await shownDigest(who, loan.loanId);
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/loan/restructureLoan',
        headers: { ...who.headers, 'idempotency-key': randomUUID() },
        payload,
      });
    expect((await post({ loanId: loan.loanId })).statusCode).toBe(400);
    expect((await post({ loanId: loan.loanId, acceptPreContract: false, preContractDigest: digest })).statusCode).toBe(
      400,
    );
    expect((await post({ loanId: loan.loanId, acceptPreContract: true, preContractDigest: 'x' })).statusCode).toBe(400);
    // A payment arrives after the customer read the plan: the debt, so the plan, changed.
    const [first] = await rowsOf(loan.loanId);
    await t.db.update(installments).set({ paidCents: 1_000 }).where(eq(installments.id, first!.id));
    const changed = await restructure(who, loan.loanId, randomUUID(), digest);
    expect(changed.statusCode).toBe(422);
    expect(errorName(changed)).toBe('RestructurePlanChanged');
    expect(changed.json().errors[0].message).toBe(
      'El plan del Pago Flexible ha cambiado desde que lo consultaste. No se ha cambiado nada: revisa el nuevo plan antes de aceptarlo.',
    );
    expect(await restructuresOf(loan.loanId)).toHaveLength(0);
    expect(await shownDigest(who, loan.loanId)).not.toBe(digest);
  });

  it('is kept with the restructure and downloadable as PDF, as it was accepted; 404 for another customer or none', async () => {
    const { who, loan } = await borrower(40);
    const { data } = (await getPlan(who, loan.loanId)).json();
    const pdfUrl = `/api/loan/restructureLoan/${loan.loanId}/preContractInformation`;
    const before = await t.app.inject({ url: pdfUrl, headers: who.headers });
    expect(before.statusCode).toBe(404);
    expect(errorName(before)).toBe('AgreementNotFound');

    expect((await restructure(who, loan.loanId, randomUUID(), data.preContractInformation.digest)).statusCode).toBe(
      200,
    );
    const [kept] = await restructuresOf(loan.loanId);
    expect(kept!.documentDigest).toBe(data.preContractInformation.digest);
    expect((kept!.document as { title: string }).title).toBe('Información precontractual del Pago Flexible');

    const response = await t.app.inject({ url: pdfUrl, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    const pdf = response.json().data as { filename: string; base64String: string };
    expect(pdf.filename).toBe(`PrestamoRapido-${loan.loanId}-pago-flexible-informacion-precontractual.pdf`);
    const bytes = Buffer.from(pdf.base64String, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain('Información precontractual del Pago Flexible');
    expect(text).toContain(formatPercent(data.tae, 1));
    // The PDF's text reads the no-break space before '€' as a space.
    expect(text).toContain(plain(formatMoney(Math.round(data.totalPayment * 100))));

    const stranger = await login(t, { status: 'securityChecked' });
    const other = await t.app.inject({ url: pdfUrl, headers: stranger.headers });
    expect(other.statusCode).toBe(404);
    expect(errorName(other)).toBe('LoanNotFound');
  });
});
