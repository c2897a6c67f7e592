import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProposalsGet, type Proposal } from '../../src/shared/api/approvals.ts';
import { StaffCreditLimitGet } from '../../src/shared/api/loan-staff.ts';
import { auditRecords, creditDecisions, customers, staffProposals } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createCustomer, login } from './helpers/customers.ts';
import { errorsOf } from './helpers/membership-login.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * Maker-checker for the credit limit (docs/backoffice.md §4): an administrator proposes, another approves or
 * rejects, the proposer may cancel. The limit changes only on approval, in one transaction with a credit decision
 * (`staffLimitChange`) and two audit records (the proposal's status, the customer's limits with the proposal's id);
 * the proposer never decides; one pending proposal per customer, decided by the unique index between two instances;
 * an approval on limits that changed since is refused. Agents and collection companies get 403.
 */

const NOW = '2026-12-01T10:00:00.000Z';
const UNKNOWN = 2_000_000_000;

let t: TestApp;
let maker: StaffLoggedIn;
let checker: StaffLoggedIn;
let agent: StaffLoggedIn;
let company: StaffLoggedIn;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
  maker = await staffSession(t, 'administrator');
  checker = await staffSession(t, 'alladmins');
  agent = await staffSession(t, 'cam');
  company = await staffSession(t, 'collectioncompany');
});
afterAll(() => t.close());

type Action = 'approve' | 'reject' | 'cancel';

const post = (app: TestApp, url: string, who: StaffLoggedIn, payload: unknown) =>
  app.app.inject({
    method: 'POST',
    url,
    headers: { ...who.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

const propose = (
  customerId: number,
  body: { limit: number; miniLimit: number; reason?: string } = { limit: 3000, miniLimit: 400 },
  who = maker,
  app = t,
) => post(app, `/api/customer/creditlimit/${customerId}`, who, { reason: 'Nómina nueva verificada', ...body });

/** A transition with its note (`null`: the body without one). */
const act = (
  proposalId: number,
  action: Action,
  who: StaffLoggedIn,
  note: string | null = 'Revisado con el extracto',
) => post(t, `/api/membership/proposals/${proposalId}/${action}`, who, note === null ? {} : { note });

function dataOf(response: Awaited<ReturnType<typeof post>>): Proposal {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: Proposal }).data;
}

async function proposed(customerId: number, body?: Parameters<typeof propose>[1]): Promise<Proposal> {
  return dataOf(await propose(customerId, body));
}

const errorName = (response: Awaited<ReturnType<typeof post>>, status = 422) =>
  errorsOf(response, status)[0]!.code.name;

const limitsOf = async (customerId: number) =>
  (
    await t.db
      .select({ creditLimitCents: customers.creditLimitCents, miniLimitCents: customers.miniLimitCents })
      .from(customers)
      .where(eq(customers.id, customerId))
  )[0];

const auditOf = (entityType: string, entityId: number) =>
  t.db
    .select()
    .from(auditRecords)
    .where(and(eq(auditRecords.entityType, entityType), eq(auditRecords.entityId, String(entityId))))
    .orderBy(auditRecords.id);

const proposalRow = async (id: number) =>
  (await t.db.select().from(staffProposals).where(eq(staffProposals.id, id)))[0]!;

const limited = (overrides: Parameters<typeof createCustomer>[1] = {}) =>
  createCustomer(t, { status: 'systemApproved', creditLimitCents: 250_000, miniLimitCents: 30_000, ...overrides });

describe('CreditLimitProposalPost and the inbox', () => {
  it('records a pending proposal with the limits it replaces, changes nothing yet, and lists it in the inbox', async () => {
    const customer = await limited();
    const proposal = await proposed(customer.id);
    expect(proposal).toMatchObject({
      kind: 'creditLimitChange',
      customerId: customer.id,
      customerName: 'Ana Prueba Test',
      proposed: { limit: 3000, miniLimit: 400 },
      current: { limit: 2500, miniLimit: 300 },
      reason: 'Nómina nueva verificada',
      status: 'pending',
      proposedBy: { id: maker.staff.id, fullName: 'Empleada de Prueba' },
      proposedAt: NOW,
      decidedBy: null,
      decidedAt: null,
      decisionNote: null,
    });
    expect(await limitsOf(customer.id)).toEqual({ creditLimitCents: 250_000, miniLimitCents: 30_000 });
    expect(await proposalRow(proposal.id)).toMatchObject({
      payload: { limitCents: 300_000, miniLimitCents: 40_000 },
      current: { limitCents: 250_000, miniLimitCents: 30_000 },
    });

    const [record, ...more] = await auditOf('proposal', proposal.id);
    expect(more).toEqual([]);
    expect(record).toMatchObject({
      staffUserId: maker.staff.id,
      callName: 'CreditLimitProposalPost',
      customerId: customer.id,
      before: null,
      after: { status: 'pending', proposed: { limitCents: 300_000, miniLimitCents: 40_000 } },
      reason: 'Nómina nueva verificada',
    });

    const inbox = await t.app.inject({
      method: 'GET',
      url: '/api/membership/proposals?status=pending&pageSize=100',
      headers: checker.headers,
    });
    expect(inbox.statusCode, inbox.body).toBe(200);
    const page = ProposalsGet.response.parse(inbox.json().data);
    expect(page.items.every((item) => item.status === 'pending')).toBe(true);
    expect(page.items.find((item) => item.id === proposal.id)).toMatchObject({ proposed: { limit: 300_000 } });
    const approved = await t.app.inject({
      method: 'GET',
      url: '/api/membership/proposals?status=approved&pageSize=100',
      headers: checker.headers,
    });
    expect(ProposalsGet.response.parse(approved.json().data).items.map((item) => item.id)).not.toContain(proposal.id);
  });

  it('refuses a second pending proposal for the customer, naming the first and its proposer', async () => {
    const customer = await limited();
    const first = await proposed(customer.id);
    const second = await propose(customer.id, { limit: 3500, miniLimit: 400 }, checker);
    const [error] = errorsOf(second, 422);
    expect(error!.code).toEqual({ name: 'ProposalAlreadyPending', value: 2050 });
    expect(error!.message).toBe(
      `Ya hay una propuesta pendiente para este cliente (nº ${first.id}, de Empleada de Prueba).`,
    );
    const rows = await t.db.select().from(staffProposals).where(eq(staffProposals.subjectId, customer.id));
    expect(rows.map((row) => row.id)).toEqual([first.id]);
    // Once the first is decided, a new one may be made.
    dataOf(await act(first.id, 'reject', checker));
    expect((await proposed(customer.id, { limit: 3500, miniLimit: 400 })).status).toBe('pending');
  });

  it('two instances proposing at once leave exactly one pending proposal; the others are ProposalAlreadyPending', async () => {
    const other = await createTestApp({ rateLimit: false, now: NOW, database: t.handle });
    try {
      const customer = await limited();
      const responses = await Promise.all(
        [t, other, t, other].map((app, index) =>
          propose(customer.id, { limit: 3000 + index * 100, miniLimit: 400 }, index % 2 ? checker : maker, app),
        ),
      );
      const ok = responses.filter((response) => response.statusCode === 200);
      expect(ok, responses.map((response) => `${response.statusCode} ${response.body}`).join('\n')).toHaveLength(1);
      for (const response of responses.filter((item) => item.statusCode !== 200)) {
        expect(errorName(response)).toBe('ProposalAlreadyPending');
      }
      const rows = await t.db.select().from(staffProposals).where(eq(staffProposals.subjectId, customer.id));
      expect(rows.map((row) => [row.id, row.status])).toEqual([[dataOf(ok[0]!).id, 'pending']]);
    } finally {
      await other.close();
    }
  });

  it('refuses limits out of bounds (400) and answers 404 for an unknown customer or another company’s', async () => {
    const customer = await limited();
    expect((await propose(customer.id, { limit: -1, miniLimit: 0 })).statusCode).toBe(400);
    const above = await propose(customer.id, { limit: 4500.01, miniLimit: 400 });
    expect(errorsOf(above, 400)[0]!.message).toContain('El límite no puede pasar de 4.500\u00a0€');
    expect((await propose(customer.id, { limit: 3000, miniLimit: 601 })).statusCode).toBe(400);
    expect((await propose(customer.id, { limit: 3000, miniLimit: 400, reason: 'x' })).statusCode).toBe(400);
    expect(errorName(await propose(UNKNOWN), 404)).toBe('StaffCustomerNotFound');
    expect(await t.db.select().from(staffProposals).where(eq(staffProposals.subjectId, customer.id))).toEqual([]);
  });
});

describe('ProposalApprovePost', () => {
  it('the proposer cannot approve or reject their own proposal (OwnProposal); it stays pending', async () => {
    const customer = await limited();
    const proposal = await proposed(customer.id);
    for (const action of ['approve', 'reject'] as const) {
      const [error] = errorsOf(await act(proposal.id, action, maker), 422);
      expect(error).toMatchObject({
        code: { name: 'OwnProposal', value: 2051 },
        message: 'No puedes aprobar ni rechazar tu propia propuesta.',
      });
    }
    expect((await proposalRow(proposal.id)).status).toBe('pending');
    expect(await limitsOf(customer.id)).toEqual({ creditLimitCents: 250_000, miniLimitCents: 30_000 });
    expect(await auditOf('proposal', proposal.id)).toHaveLength(1);
  });

  it('another administrator approves: the limits change with a staffLimitChange decision and both audit records', async () => {
    const session = await login(t, { status: 'systemApproved', creditLimitCents: 250_000, miniLimitCents: 30_000 });
    const customerId = session.customer.id;
    const proposal = await proposed(customerId);
    t.clock.advance(60_000);
    const decided = dataOf(await act(proposal.id, 'approve', checker, 'Comprobado con el extracto'));
    t.clock.set(NOW);
    expect(decided).toMatchObject({
      status: 'approved',
      decidedBy: { id: checker.staff.id, fullName: 'Empleada de Prueba' },
      decidedAt: '2026-12-01T10:01:00.000Z',
      decisionNote: 'Comprobado con el extracto',
    });
    expect(await limitsOf(customerId)).toEqual({ creditLimitCents: 300_000, miniLimitCents: 40_000 });

    const [decision] = await t.db
      .select()
      .from(creditDecisions)
      .where(eq(creditDecisions.customerId, customerId))
      .orderBy(desc(creditDecisions.id))
      .limit(1);
    expect(decision).toMatchObject({
      trigger: 'staffLimitChange',
      outcome: 'systemApproved',
      limitCents: 300_000,
      miniLimitCents: 40_000,
      inputs: {
        proposalId: proposal.id,
        proposedBy: maker.staff.id,
        approvedBy: checker.staff.id,
        previousLimitCents: 250_000,
        previousMiniLimitCents: 30_000,
      },
      reasons: [
        { rule: 'staffProposal', passed: true, detail: 'Nómina nueva verificada' },
        { rule: 'staffApproval', passed: true, detail: 'Comprobado con el extracto' },
      ],
    });

    const proposalRecords = await auditOf('proposal', proposal.id);
    expect(proposalRecords.map((record) => [record.callName, record.before, record.after])).toEqual([
      ['CreditLimitProposalPost', null, expect.objectContaining({ status: 'pending' })],
      ['ProposalApprovePost', { status: 'pending' }, { status: 'approved' }],
    ]);
    expect(proposalRecords[1]).toMatchObject({
      staffUserId: checker.staff.id,
      customerId,
      proposalId: proposal.id,
      reason: 'Comprobado con el extracto',
    });
    const customerRecords = (await auditOf('customer', customerId)).filter((record) => record.proposalId !== null);
    expect(customerRecords).toHaveLength(1);
    expect(customerRecords[0]).toMatchObject({
      callName: 'ProposalApprovePost',
      staffUserId: checker.staff.id,
      customerId,
      proposalId: proposal.id,
      before: { creditLimitCents: 250_000, miniLimitCents: 30_000 },
      after: {
        creditLimitCents: 300_000,
        miniLimitCents: 40_000,
        creditDecisionId: decision!.id,
        approvalNote: 'Comprobado con el extracto',
      },
      reason: 'Nómina nueva verificada',
    });

    // The customer's own call and the staff tab read the new limits at once.
    const own = await t.app.inject({ method: 'GET', url: '/api/customer/creditlimit', headers: session.headers });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toEqual({ availableLimit: 3000, miniAvailableLimit: 400 });
    const tab = await t.app.inject({
      method: 'GET',
      url: `/api/customer/creditlimit/${customerId}`,
      headers: checker.headers,
    });
    expect(tab.statusCode, tab.body).toBe(200);
    const parsed = StaffCreditLimitGet.response.parse(tab.json().data);
    expect(parsed).toMatchObject({ creditLimit: 300_000, miniLimit: 40_000, availableLimit: 300_000 });
    expect(parsed.items[0]).toMatchObject({ id: decision!.id, trigger: 'staffLimitChange' });

    // Final: neither a second approval nor a rejection moves it.
    expect(errorName(await act(proposal.id, 'approve', checker))).toBe('ProposalNotPending');
    const other = await staffSession(t, 'administrator');
    expect(errorName(await act(proposal.id, 'reject', other))).toBe('ProposalNotPending');
    expect(errorName(await act(proposal.id, 'cancel', maker))).toBe('ProposalNotPending');
    expect(await auditOf('proposal', proposal.id)).toHaveLength(2);
  });

  it('refuses an approval when the limits changed since the proposal (ProposalOutdated), changing nothing', async () => {
    const customer = await limited();
    const proposal = await proposed(customer.id);
    // The limit grew meanwhile (as a repaid loan's growth does).
    await t.db.update(customers).set({ creditLimitCents: 350_000 }).where(eq(customers.id, customer.id));
    const [error] = errorsOf(await act(proposal.id, 'approve', checker), 422);
    expect(error).toMatchObject({
      code: { name: 'ProposalOutdated', value: 2053 },
      message: 'El límite del cliente ha cambiado desde la propuesta: recházala y crea otra.',
    });
    expect(await limitsOf(customer.id)).toEqual({ creditLimitCents: 350_000, miniLimitCents: 30_000 });
    expect((await proposalRow(proposal.id)).status).toBe('pending');
    expect(await t.db.select().from(creditDecisions).where(eq(creditDecisions.customerId, customer.id))).toEqual([]);
    expect(await auditOf('proposal', proposal.id)).toHaveLength(1);
    expect(dataOf(await act(proposal.id, 'reject', checker)).status).toBe('rejected');
  });
});

describe('ProposalRejectPost and ProposalCancelPost', () => {
  it('another administrator rejects with a note: the limits stay, the proposal is final, its record says so', async () => {
    const customer = await limited();
    const proposal = await proposed(customer.id);
    const rejected = dataOf(await act(proposal.id, 'reject', checker, 'Faltan nóminas recientes'));
    expect(rejected).toMatchObject({
      status: 'rejected',
      decidedBy: { id: checker.staff.id },
      decisionNote: 'Faltan nóminas recientes',
    });
    expect(await limitsOf(customer.id)).toEqual({ creditLimitCents: 250_000, miniLimitCents: 30_000 });
    const records = await auditOf('proposal', proposal.id);
    expect(records[1]).toMatchObject({
      callName: 'ProposalRejectPost',
      staffUserId: checker.staff.id,
      before: { status: 'pending' },
      after: { status: 'rejected' },
      reason: 'Faltan nóminas recientes',
      proposalId: proposal.id,
    });
    expect(errorName(await act(proposal.id, 'approve', checker))).toBe('ProposalNotPending');
  });

  it('only the proposer cancels (NotProposer for another); a cancelled proposal is final', async () => {
    const customer = await limited();
    const proposal = await proposed(customer.id);
    expect(errorName(await act(proposal.id, 'cancel', checker))).toBe('NotProposer');
    const cancelled = dataOf(await act(proposal.id, 'cancel', maker, null));
    expect(cancelled).toMatchObject({ status: 'cancelled', decidedBy: null, decidedAt: NOW, decisionNote: null });
    const records = await auditOf('proposal', proposal.id);
    expect(records.map((record) => [record.callName, record.staffUserId, record.after])).toEqual([
      ['CreditLimitProposalPost', maker.staff.id, expect.objectContaining({ status: 'pending' })],
      ['ProposalCancelPost', maker.staff.id, { status: 'cancelled' }],
    ]);
    expect(errorName(await act(proposal.id, 'approve', checker))).toBe('ProposalNotPending');
    expect(await limitsOf(customer.id)).toEqual({ creditLimitCents: 250_000, miniLimitCents: 30_000 });
  });

  it('the database itself refuses a decider who is the proposer', async () => {
    const customer = await limited();
    const proposal = await proposed(customer.id);
    await expect(
      t.db
        .update(staffProposals)
        .set({ status: 'approved', decidedBy: maker.staff.id })
        .where(eq(staffProposals.id, proposal.id)),
    ).rejects.toThrow();
  });
});

describe('who may call', () => {
  it('an agent and a collection company get 403 on every limit call; an unknown proposal is 404 StaffProposalNotFound', async () => {
    const customer = await limited({ collectionCompanyId: company.staff.collectionCompanyId });
    const proposal = await proposed(customer.id);
    for (const who of [agent, company]) {
      const responses = [
        await propose(customer.id, undefined, who),
        await t.app.inject({ method: 'GET', url: '/api/membership/proposals', headers: who.headers }),
        ...(await Promise.all((['approve', 'reject'] as const).map((action) => act(proposal.id, action, who)))),
      ];
      for (const response of responses) expect(errorName(response, 403)).toBe('Forbidden');
    }
    // An agent may withdraw their own proposal about a payment (payment-reversal.test.ts): another's is not theirs.
    expect(errorName(await act(proposal.id, 'cancel', agent))).toBe('NotProposer');
    expect(errorName(await act(proposal.id, 'cancel', company), 403)).toBe('Forbidden');
    for (const action of ['approve', 'reject', 'cancel'] as const) {
      const [error] = errorsOf(await act(UNKNOWN, action, checker), 404);
      expect(error).toMatchObject({
        code: { name: 'StaffProposalNotFound', value: 2054 },
        message: 'No hemos encontrado esa propuesta.',
      });
    }
    expect((await proposalRow(proposal.id)).status).toBe('pending');
  });
});
