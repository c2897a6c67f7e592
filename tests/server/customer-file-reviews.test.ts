import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema, type AuditRecord } from '../../src/shared/api/audit.ts';
import { errorResponseSchema } from '../../src/shared/api/define.ts';
import { JourneyGet } from '../../src/shared/api/document.ts';
import { documentReviewSchema } from '../../src/shared/api/document-staff.ts';
import { CardStatusHistoryGet } from '../../src/shared/api/card-staff.ts';
import { CustomerMiniGet } from '../../src/shared/api/card.ts';
import { CheckPermissionsPost, PermissionHistoryGet } from '../../src/shared/api/communication.ts';
import { staffPermissionsSchema } from '../../src/shared/api/communication-staff.ts';
import { CustomerForLoginRedirectionGet } from '../../src/shared/api/links.ts';
import { issueRepayToken } from '../../src/server/modules/links/index.ts';
import {
  cards,
  cardSubStatusHistory,
  customers,
  customerStatusHistory,
  documents,
} from '../../src/server/db/schema/index.ts';
import { identityDocumentCount, moveToSecurityCheckedWhenDue } from '../../src/server/modules/document/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { formDataBody, SAMPLE_FILES, type MultipartFields } from './helpers/multipart.ts';
import { storeCard } from './helpers/payments.ts';
import { createRunningLoan } from './helpers/running-loans.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * The customer file's review writes (docs/backoffice.md §5 'Documentos', 'Tarjetas', 'Comunicaciones'): each one
 * scoped (404 out of scope), refused by role (403) and on bad input (400), audited with before/after and the reason,
 * and read back as the customer's own app reads it. Documents and card proofs are uploaded through the customer's
 * real multipart calls.
 */

const NOW = '2026-11-24T10:00:00.000Z';

let t: TestApp;
let agent: StaffLoggedIn;
let admin: StaffLoggedIn;
let company: StaffLoggedIn;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
  [agent, admin, company] = [
    await staffSession(t, 'cam'),
    await staffSession(t, 'administrator'),
    await staffSession(t, 'collectioncompany'),
  ];
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, who: StaffLoggedIn = agent) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, payload: payload as Record<string, unknown> });

const errorNameOf = (response: { json(): unknown }) => errorResponseSchema.parse(response.json()).errors[0]!.code.name;

async function upload(who: LoggedIn, url: string, fields: MultipartFields) {
  const { payload, contentType } = await formDataBody({ channel: 'website', ...fields });
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...who.headers, 'content-type': contentType },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { id: number } }).data.id;
}

const uploadSide = (who: LoggedIn, subType: 'front' | 'back') =>
  upload(who, '/api/customer/document', {
    type: 'identity',
    subType,
    name: `dni-${subType}.jpg`,
    document: { bytes: SAMPLE_FILES.jpeg, filename: `${subType}.jpg` },
  });

async function recordsOf(customerId: number, callName: string): Promise<AuditRecord[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/customer/${customerId}/operations?pageSize=100`,
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const page = auditPageSchema.parse((response.json() as { data: unknown }).data);
  return page.items.filter((record) => record.callName === callName);
}

const statusOf = async (customerId: number) =>
  (await t.db.select({ status: customers.status }).from(customers).where(eq(customers.id, customerId)))[0]!.status;

/** A `systemApproved` customer with an issued loan and a validated card, and both identity sides uploaded. */
async function borrowerWithDocuments() {
  const who = await login(t, { status: 'systemApproved' });
  await storeCard(t, who.customer.id);
  await createRunningLoan(t, who.customer.id, { nextDue: '2026-12-24' });
  const front = await uploadSide(who, 'front');
  const back = await uploadSide(who, 'back');
  return { who, front, back };
}

const reviewUrl = (documentId: number) => `/api/communication/document/${documentId}/review`;
const accept = { decision: 'accepted', reason: 'DNI legible y vigente' };
const reject = { decision: 'rejected', rejectionReason: 'la foto está borrosa.', reason: 'Foto ilegible' };

async function review(documentId: number, body: unknown, who: StaffLoggedIn = agent) {
  const response = await post(reviewUrl(documentId), body, who);
  expect(response.statusCode, response.body).toBe(200);
  return documentReviewSchema.parse((response.json() as { data: unknown }).data);
}

describe('DocumentReviewPost', () => {
  it('accepting the front and back of a systemApproved borrower makes them securityChecked, with history and audit', async () => {
    const { who, front, back } = await borrowerWithDocuments();
    const first = await review(front, accept);
    expect(first.securityChecked).toBe(false);
    expect(first.document).toMatchObject({ id: front, status: 'accepted', reviewedByStaffId: agent.staff.id });
    expect(first.document.reviewedAt).toBe(NOW);
    expect(await statusOf(who.customer.id)).toBe('systemApproved');

    const second = await review(back, accept, admin);
    expect(second.securityChecked).toBe(true);
    expect(await statusOf(who.customer.id)).toBe('securityChecked');
    const [history] = await t.db
      .select()
      .from(customerStatusHistory)
      .where(eq(customerStatusHistory.customerId, who.customer.id))
      .orderBy(desc(customerStatusHistory.id))
      .limit(1);
    expect(history).toMatchObject({
      fromStatus: 'systemApproved',
      toStatus: 'securityChecked',
      changedBy: `staff:${admin.staff.id}`,
      reason: 'documentsApproved',
    });
    const [row] = await t.db.select().from(documents).where(eq(documents.id, back));
    expect(row).toMatchObject({ status: 'accepted', reviewedByStaffId: admin.staff.id, rejectionReason: null });

    const records = await recordsOf(who.customer.id, 'DocumentReviewPost');
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      entityType: 'document',
      entityId: String(back),
      staffUserId: admin.staff.id,
      before: { status: 'new', rejectionReason: null },
      after: { status: 'accepted', rejectionReason: null, customerStatus: 'securityChecked' },
      reason: 'DNI legible y vigente',
    });
    expect(records[1]).toMatchObject({ entityId: String(front), after: { status: 'accepted', rejectionReason: null } });
  });

  it('accepting both sides moves nobody without an issued loan and a validated card', async () => {
    const who = await login(t, { status: 'systemApproved' });
    const front = await uploadSide(who, 'front');
    const back = await uploadSide(who, 'back');
    await review(front, accept);
    expect((await review(back, accept)).securityChecked).toBe(false);
    expect(await statusOf(who.customer.id)).toBe('systemApproved');
  });

  it("a rejection shows in the customer's documents answer and no longer counts for the payout's rule", async () => {
    const { who, front } = await borrowerWithDocuments();
    expect(await identityDocumentCount(t.db, who.customer.id)).toBe(2);
    const answer = await review(front, reject);
    expect(answer.document).toMatchObject({ status: 'rejected', rejectionReason: 'la foto está borrosa.' });

    const journey = await t.app.inject({ method: 'GET', url: JourneyGet.path, headers: who.headers });
    expect(journey.statusCode, journey.body).toBe(200);
    const { documents: listed } = JourneyGet.response.parse((journey.json() as { data: unknown }).data);
    expect(listed.find((document) => document.id === front)).toMatchObject({
      type: 'identity',
      subType: 'front',
      status: 'rejected',
      rejectionReason: 'la foto está borrosa.',
    });

    // The payout's rule (two identity documents not rejected) no longer holds for this customer.
    expect(await identityDocumentCount(t.db, who.customer.id)).toBe(1);
    const moved = await t.db.transaction((tx) =>
      moveToSecurityCheckedWhenDue(tx, {
        customerId: who.customer.id,
        identity: 'uploaded',
        changedBy: 'payout',
        reason: 'test',
        at: new Date(NOW),
      }),
    );
    expect(moved).toBe(false);
    expect(await statusOf(who.customer.id)).toBe('systemApproved');
    expect((await recordsOf(who.customer.id, 'DocumentReviewPost'))[0]).toMatchObject({
      before: { status: 'new', rejectionReason: null },
      after: { status: 'rejected', rejectionReason: 'la foto está borrosa.' },
      reason: 'Foto ilegible',
    });
  });

  it('a rejection never demotes a securityChecked customer', async () => {
    const { who, front, back } = await borrowerWithDocuments();
    await review(front, accept);
    await review(back, accept);
    expect((await review(back, reject)).securityChecked).toBe(false);
    expect(await statusOf(who.customer.id)).toBe('securityChecked');
  });

  it('out of scope → 404 StaffDocumentNotFound; a collection company → 403; bad input → 400, nothing changed', async () => {
    const { who, front } = await borrowerWithDocuments();
    const unknown = await post(reviewUrl(2_000_000_000), accept);
    expect(unknown.statusCode).toBe(404);
    expect(errorNameOf(unknown)).toBe('StaffDocumentNotFound');
    const refused = await post(reviewUrl(front), accept, company);
    expect(refused.statusCode).toBe(403);
    for (const body of [
      { decision: 'rejected', reason: 'Foto ilegible' },
      { ...accept, rejectionReason: 'no hace falta' },
      { decision: 'accepted' },
      { decision: 'maybe', reason: 'Foto ilegible' },
    ]) {
      expect((await post(reviewUrl(front), body)).statusCode).toBe(400);
    }
    const [row] = await t.db
      .select()
      .from(documents)
      .where(and(eq(documents.id, front), eq(documents.customerId, who.customer.id)));
    expect(row).toMatchObject({ status: 'new', reviewedByStaffId: null });
    expect(await recordsOf(who.customer.id, 'DocumentReviewPost')).toEqual([]);
  });
});

describe('SetCardSubStatusPost', () => {
  const setUrl = '/api/card/setCardSubStatus';
  const ask = (cardId: number) => ({ cardId, cardSubStatus: 'askForProof', reason: 'Comprobar titularidad' });

  async function customerApp(who: LoggedIn) {
    const mini = await t.app.inject({ method: 'GET', url: CustomerMiniGet.path, headers: who.headers });
    expect(mini.statusCode, mini.body).toBe(200);
    const token = (await issueRepayToken(t.db, { customerId: who.customer.id, now: t.clock.now() })).token;
    const info = await t.app.inject({
      method: 'GET',
      url: `${CustomerForLoginRedirectionGet.path}?repayToken=${encodeURIComponent(token)}`,
    });
    expect(info.statusCode, info.body).toBe(200);
    return {
      cards: CustomerMiniGet.response.parse((mini.json() as { data: unknown }).data),
      hasAskForProofCard: CustomerForLoginRedirectionGet.response.parse((info.json() as { data: unknown }).data)
        .hasAskForProofCard,
    };
  }

  it('askForProof → the app sends the customer to the upload; their upload → uploaded; then proofAccepted', async () => {
    const who = await login(t, { status: 'securityChecked' });
    const cardId = await storeCard(t, who.customer.id);
    expect((await customerApp(who)).hasAskForProofCard).toBe(false);

    const asked = await post(setUrl, ask(cardId));
    expect(asked.statusCode, asked.body).toBe(200);
    expect((asked.json() as { data: unknown }).data).toEqual({ id: cardId, cardSubStatus: 'askForProof' });
    const app = await customerApp(who);
    expect(app.hasAskForProofCard).toBe(true);
    expect(app.cards.find((card) => card.id === cardId)?.cardSubStatus).toBe('askForProof');

    // Reviewing before the upload is refused.
    const early = await post(setUrl, { cardId, cardSubStatus: 'proofAccepted', reason: 'Justificante correcto' });
    expect(early.statusCode).toBe(422);
    expect(errorNameOf(early)).toBe('CardProofNotUploaded');
    const twice = await post(setUrl, ask(cardId));
    expect(errorNameOf(twice)).toBe('CardProofAlreadyAsked');

    await upload(who, '/api/customer/document/cardProof', {
      type: 'copyOfCard',
      status: 'new',
      cardSubStatus: 'uploaded',
      name: 'tarjeta.pdf',
      cardId: String(cardId),
      maskedCardNumber: '424242******4242',
      document: { bytes: SAMPLE_FILES.pdf, filename: 'tarjeta.pdf' },
    });
    expect((await customerApp(who)).hasAskForProofCard).toBe(false);

    const accepted = await post(setUrl, { cardId, cardSubStatus: 'proofAccepted', reason: 'Justificante correcto' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [card] = await t.db.select().from(cards).where(eq(cards.id, cardId));
    expect(card?.cardSubStatus).toBe('proofAccepted');

    const history = await t.db
      .select()
      .from(cardSubStatusHistory)
      .where(eq(cardSubStatusHistory.cardId, cardId))
      .orderBy(cardSubStatusHistory.id);
    expect(history.map((row) => [row.fromStatus, row.toStatus, row.changedBy])).toEqual([
      [null, 'askForProof', `staff:${agent.staff.id}`],
      ['askForProof', 'uploaded', 'customer'],
      ['uploaded', 'proofAccepted', `staff:${agent.staff.id}`],
    ]);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/card/statusHistory/${cardId}`,
      headers: agent.headers,
    });
    expect(read.statusCode, read.body).toBe(200);
    const entries = CardStatusHistoryGet.response.parse((read.json() as { data: unknown }).data);
    expect(entries.filter((entry) => entry.kind === 'cardSubStatus').map((entry) => entry.toStatus)).toEqual([
      'proofAccepted',
      'uploaded',
      'askForProof',
    ]);
    expect(entries[0]).toMatchObject({ kind: 'cardSubStatus', reason: 'Justificante correcto' });

    const records = await recordsOf(who.customer.id, 'SetCardSubStatusPost');
    expect(records.map((record) => [record.before, record.after, record.reason])).toEqual([
      [{ cardSubStatus: 'uploaded' }, { cardSubStatus: 'proofAccepted' }, 'Justificante correcto'],
      [{ cardSubStatus: null }, { cardSubStatus: 'askForProof' }, 'Comprobar titularidad'],
    ]);
    expect(records[0]).toMatchObject({ entityType: 'card', entityId: String(cardId) });
  });

  it('unknown card → 404 StaffCardNotFound; a collection company → 403; a deleted card → 422; bad input → 400', async () => {
    const who = await login(t, { status: 'securityChecked' });
    const unknown = await post(setUrl, ask(2_000_000_000));
    expect(unknown.statusCode).toBe(404);
    expect(errorNameOf(unknown)).toBe('StaffCardNotFound');
    const cardId = await storeCard(t, who.customer.id);
    expect((await post(setUrl, ask(cardId), company)).statusCode).toBe(403);
    for (const body of [
      { cardId, cardSubStatus: 'uploaded', reason: 'Comprobar titularidad' },
      { cardId, cardSubStatus: 'askForProof' },
      { cardId, cardSubStatus: 'askForProof', reason: 'x' },
    ]) {
      expect((await post(setUrl, body)).statusCode).toBe(400);
    }
    const deleted = await storeCard(t, who.customer.id, { status: 'Deleted', token: `deleted-${who.customer.id}` });
    expect(errorNameOf(await post(setUrl, ask(deleted)))).toBe('CardDeleted');
    const [card] = await t.db.select().from(cards).where(eq(cards.id, cardId));
    expect(card?.cardSubStatus).toBeNull();
    expect(await recordsOf(who.customer.id, 'SetCardSubStatusPost')).toEqual([]);
  });
});

describe('StaffPermissionsPost', () => {
  const url = (customerId: number) => `/api/communication/updateCommunicationPermission/${customerId}`;
  const change = { allowEmail: true, allowSms: false, allow3CxCalls: false, reason: 'Lo pidió por teléfono' };

  it("saves the customer's request with the staff member as its source; the customer's own reads show it", async () => {
    const who = await login(t, { status: 'securityChecked' });
    const saved = await post(url(who.customer.id), change);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as { data: unknown }).data).toEqual({
      allowEmail: true,
      allowSms: false,
      allow3CxCalls: false,
    });

    const own = await t.app.inject({
      method: 'POST',
      url: CheckPermissionsPost.path,
      headers: who.headers,
      payload: [who.customer.id],
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(CheckPermissionsPost.response.parse((own.json() as { data: unknown }).data)[0]).toMatchObject({
      allowEmail: true,
      allowSms: false,
      allow3CxCalls: false,
      // Not the customer's own choice: the marketing prompt's days do not count from it.
      lastChoiceDate: null,
    });
    const ownHistory = await t.app.inject({ method: 'GET', url: PermissionHistoryGet.path, headers: who.headers });
    const items = PermissionHistoryGet.response.parse((ownHistory.json() as { data: unknown }).data);
    expect(items[0]).toMatchObject({ allowSms: false, changedBy: `staff:${agent.staff.id}` });

    const staffRead = await t.app.inject({
      method: 'GET',
      url: `/api/communication/permissionHistory/${who.customer.id}`,
      headers: admin.headers,
    });
    const page = staffPermissionsSchema.parse((staffRead.json() as { data: unknown }).data);
    expect(page.current).toMatchObject({ allowEmail: true, allowSms: false, allow3CxCalls: false, stored: true });
    expect(page.items[0]).toMatchObject({ source: `staff:${agent.staff.id}`, changedBy: `staff:${agent.staff.id}` });

    const [record] = await recordsOf(who.customer.id, 'StaffPermissionsPost');
    expect(record).toMatchObject({
      entityType: 'customer',
      before: { permissions: { allowEmail: expect.any(Boolean) as boolean } },
      after: { permissions: { allowEmail: true, allowSms: false, allow3CxCalls: false } },
      reason: 'Lo pidió por teléfono',
    });
  });

  it('unknown customer → 404; a collection company → 403; bad input → 400; nothing saved', async () => {
    const who = await login(t, { status: 'securityChecked' });
    const unknown = await post(url(2_000_000_000), change);
    expect(unknown.statusCode).toBe(404);
    expect(errorNameOf(unknown)).toBe('StaffCustomerNotFound');
    expect((await post(url(who.customer.id), change, company)).statusCode).toBe(403);
    const { reason: _reason, ...withoutReason } = change;
    for (const body of [withoutReason, { ...change, allowSms: 'no' }, { ...change, source: 'account' }]) {
      expect((await post(url(who.customer.id), body)).statusCode).toBe(400);
    }
    expect(await recordsOf(who.customer.id, 'StaffPermissionsPost')).toEqual([]);
  });
});
