import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema, type AuditRecord } from '../../src/shared/api/audit.ts';
import { sentMessageSchema, staffPermissionsSchema } from '../../src/shared/api/communication-staff.ts';
import { documentCountSchema, staffDocumentSchema } from '../../src/shared/api/document-staff.ts';
import { errorResponseSchema } from '../../src/shared/api/define.ts';
import { paged } from '../../src/shared/api/paging.ts';
import { BRAND } from '../../src/shared/constants.ts';
import { staffErrorCodes } from '../../src/shared/api/staff-error-codes.ts';
import { customers, reminderDeliveries } from '../../src/server/db/schema/index.ts';
import { inlineDisposition } from '../../src/server/http/file-answer.ts';
import { withWebOtpLine } from '../../src/server/providers/sms.ts';
import { insertOutboxSms } from '../../src/server/providers/sms-outbox.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { uniqueMobilePhone } from './helpers/membership-login.ts';
import { formDataBody, SAMPLE_FILES, type MultipartFields } from './helpers/multipart.ts';
import { forgotPin, lastCodeSentTo } from './helpers/registration.ts';
import { createRunningLoan } from './helpers/running-loans.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * The customer file's documents and communication tabs (docs/backoffice.md §5): DocumentListGet, DocumentCountGet,
 * DocumentFileGet (the uploaded bytes, audited before they are sent), StaffPermissionsGet and SmsHistoryGet (SMS with
 * their one-time codes masked, push reminders delivered). Documents are uploaded through the customer's own multipart
 * call, permissions changed through the customer's call, codes sent through the PIN reset: real rows, real bytes.
 */

let t: TestApp;
let agent: StaffLoggedIn;
let admin: StaffLoggedIn;
let company: StaffLoggedIn;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
  [agent, admin, company] = [
    await staffSession(t, 'cam'),
    await staffSession(t, 'administrator'),
    await staffSession(t, 'collectioncompany'),
  ];
});
afterAll(() => t.close());

const get = (url: string, who: StaffLoggedIn = agent) => t.app.inject({ method: 'GET', url, headers: who.headers });

async function dataOf<T>(url: string, schema: { parse(value: unknown): T }, who: StaffLoggedIn = agent): Promise<T> {
  const response = await get(url, who);
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse((response.json() as { data: unknown }).data);
}

const errorNameOf = (response: { statusCode: number; json(): unknown }) =>
  errorResponseSchema.parse(response.json()).errors[0]!.code.name;

/** A PDF's first bytes and some text: a real upload checks the type from the bytes. */
const PDF = new Uint8Array(Buffer.from('%PDF-1.4\n% justificante de tarjeta\n1 0 obj << >> endobj\n%%EOF\n'));

async function upload(who: LoggedIn, fields: MultipartFields) {
  const { payload, contentType } = await formDataBody({ type: 'identity', channel: 'website', ...fields });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/customer/document',
    headers: { ...who.headers, 'content-type': contentType },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { id: number } }).data.id;
}

async function documentRecords(customerId: number): Promise<AuditRecord[]> {
  const page = await dataOf(`/api/customer/${customerId}/operations?pageSize=100`, auditPageSchema, admin);
  return page.items.filter((record) => record.callName === 'DocumentFileGet');
}

const documentPage = paged(staffDocumentSchema);
const smsHistoryPageSchema = paged(sentMessageSchema);

describe('DocumentListGet and DocumentCountGet', () => {
  it('list the uploaded documents newest first, paged, and count them by kind', async () => {
    const who = await login(t, { status: 'systemApproved' });
    const front = await upload(who, {
      subType: 'front',
      name: 'dni-delante.jpg',
      document: { bytes: SAMPLE_FILES.jpeg, filename: 'a.jpg' },
    });
    t.clock.advance(60_000);
    const back = await upload(who, {
      subType: 'back',
      name: 'dni-detrás.png',
      document: { bytes: SAMPLE_FILES.png, filename: 'b.png' },
    });
    t.clock.advance(60_000);
    const again = await upload(who, {
      subType: 'front',
      name: 'otra vez.pdf',
      document: { bytes: PDF, filename: 'c.pdf' },
    });

    const all = await dataOf(`/api/communication/documentList/${who.customer.id}`, documentPage);
    expect(all).toMatchObject({ page: 1, pageSize: 25, total: 3, totalCapped: false });
    expect(all.items.map((item) => item.id)).toEqual([again, back, front]);
    expect(all.items[1]).toEqual({
      id: back,
      type: 'identity',
      subType: 'back',
      cardId: null,
      name: 'dni-detrás.png',
      contentType: 'image/png',
      sizeBytes: SAMPLE_FILES.png.length,
      channel: 'website',
      status: 'new',
      uploadedAt: expect.any(String) as string,
      reviewedByStaffId: null,
      reviewedAt: null,
      rejectionReason: null,
    });
    expect(all.items[0]).toMatchObject({ contentType: 'application/pdf', sizeBytes: PDF.length });
    expect(Date.parse(all.items[0]!.uploadedAt) - Date.parse(all.items[2]!.uploadedAt)).toBe(120_000);

    const second = await dataOf(
      `/api/communication/documentList/${who.customer.id}?page=2&pageSize=10`,
      documentPage,
      admin,
    );
    expect(second).toMatchObject({ page: 2, pageSize: 10, total: 3, items: [] });

    const count = await dataOf(`/api/communication/documentCount/${who.customer.id}`, documentCountSchema);
    expect(count).toEqual({
      total: 3,
      kinds: [
        { type: 'identity', subType: 'back', count: 1 },
        { type: 'identity', subType: 'front', count: 2 },
      ],
    });
  });

  it('answer an empty list and no kinds for a customer without documents', async () => {
    const who = await login(t);
    expect(await dataOf(`/api/communication/documentList/${who.customer.id}`, documentPage)).toMatchObject({
      items: [],
      total: 0,
    });
    expect(await dataOf(`/api/communication/documentCount/${who.customer.id}`, documentCountSchema)).toEqual({
      total: 0,
      kinds: [],
    });
  });

  it('answer 404 StaffCustomerNotFound for an unknown customer, and 403 to a collection company (not in the list)', async () => {
    for (const path of ['documentList', 'documentCount']) {
      const unknown = await get(`/api/communication/${path}/2000000000`, admin);
      expect(unknown.statusCode, path).toBe(404);
      expect(errorNameOf(unknown)).toBe('StaffCustomerNotFound');
      const who = await login(t);
      await t.db
        .update(customers)
        .set({ collectionCompanyId: company.staff.collectionCompanyId })
        .where(eq(customers.id, who.customer.id));
      // The company sees the customer assigned to it (their record), yet these calls are not in its role list.
      expect((await get(`/api/customer/customer/${who.customer.id}`, company)).statusCode).toBe(200);
      const refused = await get(`/api/communication/${path}/${who.customer.id}`, company);
      expect(refused.statusCode, path).toBe(403);
      expect(errorNameOf(refused)).toBe('Forbidden');
    }
  });
});

describe('DocumentFileGet', () => {
  it('answers the uploaded bytes with their type, inline, never cached, after writing the view’s audit record', async () => {
    const who = await login(t, { status: 'systemApproved' });
    const id = await upload(who, {
      subType: 'front',
      name: 'DNI «delante» ñ.jpg',
      document: { bytes: SAMPLE_FILES.jpeg, filename: 'x.jpg' },
    });
    expect(await documentRecords(who.customer.id)).toEqual([]);

    const response = await get(`/api/communication/document/${id}/file`);
    expect(response.statusCode, response.body).toBe(200);
    expect(Buffer.compare(response.rawPayload, Buffer.from(SAMPLE_FILES.jpeg))).toBe(0);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="DNI _delante_ _.jpg"; filename*=UTF-8''${encodeURIComponent('DNI «delante» ñ.jpg')}`,
    );

    const [record, ...others] = await documentRecords(who.customer.id);
    expect(others).toEqual([]);
    expect(record).toMatchObject({
      actorKind: 'staff',
      staffUserId: agent.staff.id,
      role: 'cam',
      callName: 'DocumentFileGet',
      entityType: 'document',
      entityId: String(id),
      customerId: who.customer.id,
      before: null,
      after: { documentId: id, kind: 'identity:front' },
    });

    // Each view is one more record: a second one by the administrator.
    const pdf = await upload(who, { subType: 'back', name: 'dorso.pdf', document: { bytes: PDF, filename: 'd.pdf' } });
    const second = await get(`/api/communication/document/${pdf}/file`, admin);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(second.rawPayload, Buffer.from(PDF))).toBe(0);
    const records = await documentRecords(who.customer.id);
    expect(records.map((one) => [one.staffUserId, one.entityId])).toEqual([
      [admin.staff.id, String(pdf)],
      [agent.staff.id, String(id)],
    ]);
  });

  it('sends no bytes when the audit record cannot be written', async () => {
    const who = await login(t);
    const id = await upload(who, {
      subType: 'front',
      name: 'dni.jpg',
      document: { bytes: SAMPLE_FILES.jpeg, filename: 'a.jpg' },
    });
    const trigger = `refuse_document_${id}`;
    // A refusal for this document's records only: other files' tests on a shared database are not touched.
    await t.db.execute(
      sql.raw(`create function ${trigger}() returns trigger language plpgsql as $$
        begin raise exception 'audit refused by the test'; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger ${trigger} before insert on audit_records for each row
        when (new.entity_type = 'document' and new.entity_id = '${id}') execute function ${trigger}()`),
    );
    try {
      const response = await get(`/api/communication/document/${id}/file`);
      expect(response.statusCode).toBe(500);
      expect(errorResponseSchema.safeParse(response.json()).success).toBe(true);
      expect(response.rawPayload.includes(Buffer.from(SAMPLE_FILES.jpeg.subarray(0, 12)))).toBe(false);
    } finally {
      await t.db.execute(sql.raw(`drop trigger ${trigger} on audit_records`));
      await t.db.execute(sql.raw(`drop function ${trigger}()`));
    }
    expect(await documentRecords(who.customer.id)).toEqual([]);
    // Without the refusal the same view is answered and recorded.
    expect((await get(`/api/communication/document/${id}/file`)).statusCode).toBe(200);
    expect(await documentRecords(who.customer.id)).toHaveLength(1);
  });

  it('answers 404 StaffDocumentNotFound for an unknown document, 403 to a collection company, and records nothing', async () => {
    const unknown = await get('/api/communication/document/2000000000/file', admin);
    expect(unknown.statusCode).toBe(404);
    expect(errorResponseSchema.parse(unknown.json()).errors[0]).toEqual({
      code: { name: 'StaffDocumentNotFound', value: staffErrorCodes.StaffDocumentNotFound.value },
      title: 'Aviso',
      message: 'No hemos encontrado ese documento.',
    });
    const who = await login(t);
    await t.db
      .update(customers)
      .set({ collectionCompanyId: company.staff.collectionCompanyId })
      .where(eq(customers.id, who.customer.id));
    const id = await upload(who, {
      subType: 'front',
      name: 'dni.jpg',
      document: { bytes: SAMPLE_FILES.jpeg, filename: 'a.jpg' },
    });
    const refused = await get(`/api/communication/document/${id}/file`, company);
    expect(refused.statusCode).toBe(403);
    expect(errorNameOf(refused)).toBe('Forbidden');
    expect(await documentRecords(who.customer.id)).toEqual([]);
  });

  it('keeps any file name out of the header’s syntax', () => {
    expect(inlineDisposition('a"b\\c%d;\r\ne.pdf')).toBe(
      `inline; filename="a_b_c_d;__e.pdf"; filename*=UTF-8''a%22b%5Cc%25d%3B%0D%0Ae.pdf`,
    );
    expect(inlineDisposition('\ud800x')).toBe(`inline; filename="_x"; filename*=UTF-8''%EF%BF%BDx`);
    expect(inlineDisposition('ñ')).toBe(`inline; filename="_"; filename*=UTF-8''%C3%B1`);
    expect(inlineDisposition("it's (1).pdf")).toBe(
      `inline; filename="it's (1).pdf"; filename*=UTF-8''it%27s%20%281%29.pdf`,
    );
  });
});

describe('StaffPermissionsGet', () => {
  it('answers the permissions in force and their history, newest first and paged, after the customer’s changes', async () => {
    const who = await login(t, { acceptMarketing: true });
    const before = await dataOf(`/api/communication/permissionHistory/${who.customer.id}`, staffPermissionsSchema);
    // Nothing stored yet: the signup consent on every channel.
    expect(before).toMatchObject({
      current: { allowEmail: true, allowSms: true, allow3CxCalls: true, stored: false },
      lastChoiceDate: null,
      items: [],
      total: 0,
    });

    const choices = [
      { allowEmail: false, allowSms: true, allow3CxCalls: true },
      { allowEmail: false, allowSms: false, allow3CxCalls: true, source: 'marketingPrompt' },
      { allowEmail: true, allowSms: false, allow3CxCalls: false },
    ];
    for (const choice of choices) {
      t.clock.advance(1_000);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/communication/updateCommunicationPermission',
        headers: { ...who.headers, 'content-type': 'application/json' },
        payload: choice,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const after = await dataOf(
      `/api/communication/permissionHistory/${who.customer.id}?pageSize=10`,
      staffPermissionsSchema,
      admin,
    );
    expect(after.current).toEqual({ allowEmail: true, allowSms: false, allow3CxCalls: false, stored: true });
    expect(after.lastChoiceDate).toBe(t.clock.now().toISOString());
    expect(after).toMatchObject({ page: 1, pageSize: 10, total: 3, totalCapped: false });
    expect(after.items.map(({ createdDate, ...rest }) => [Date.parse(createdDate), rest])).toEqual([
      [
        t.clock.now().getTime(),
        {
          allowEmail: true,
          allowSms: false,
          allow3CxCalls: false,
          changedBy: 'customer',
          source: 'account',
          campaignId: null,
        },
      ],
      [
        t.clock.now().getTime() - 1_000,
        {
          allowEmail: false,
          allowSms: false,
          allow3CxCalls: true,
          changedBy: 'customer',
          source: 'marketingPrompt',
          campaignId: null,
        },
      ],
      [
        t.clock.now().getTime() - 2_000,
        {
          allowEmail: false,
          allowSms: true,
          allow3CxCalls: true,
          changedBy: 'customer',
          source: 'account',
          campaignId: null,
        },
      ],
    ]);
    const pageTwo = await dataOf(
      `/api/communication/permissionHistory/${who.customer.id}?page=2&pageSize=10`,
      staffPermissionsSchema,
    );
    expect(pageTwo).toMatchObject({ items: [], total: 3, page: 2 });
  });

  it('answers 404 for an unknown customer and 403 to a collection company', async () => {
    const unknown = await get('/api/communication/permissionHistory/2000000000', admin);
    expect(unknown.statusCode).toBe(404);
    expect(errorNameOf(unknown)).toBe('StaffCustomerNotFound');
    const refused = await get(`/api/communication/permissionHistory/${(await login(t)).customer.id}`, company);
    expect(refused.statusCode).toBe(403);
    expect(errorNameOf(refused)).toBe('Forbidden');
  });

  it('leaves the customer’s own history call as it was (the two paths do not clash)', async () => {
    const who = await login(t);
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/communication/permissionHistory',
      headers: who.headers,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({ data: [] });
  });
});

describe('SmsHistoryGet', () => {
  it('answers the SMS sent to the customer with one-time codes masked, and the push reminders delivered', async () => {
    const who = await login(t, { phone: uniqueMobilePhone(), status: 'securityChecked' });
    const phone = who.customer.phone;
    // A real reset PIN through the customer's call: its code is in the outbox's text.
    expect((await forgotPin(t.app, phone)).statusCode).toBe(200);
    const pin = await lastCodeSentTo(t, phone);
    t.clock.advance(60_000);
    // A phone-change code as the code SMS writes it (letters and digits, the WebOTP line last).
    await insertOutboxSms(t.db, {
      phone,
      text: withWebOtpLine(
        `${BRAND}: tu código de verificación es K7WQ. Caduca en 10 minutos. No lo compartas con nadie.`,
        'K7WQ',
        t.config.webOtpHost,
      ),
      purpose: 'changeMobile',
      provider: 'sandbox',
      createdAt: t.clock.now(),
    });
    t.clock.advance(60_000);
    const plain = 'Préstamo Rápido: recuerda que tu cuota de 299,99 € vence el 30/12/2026.';
    await insertOutboxSms(t.db, {
      phone,
      text: plain,
      purpose: 'marketing',
      provider: 'sandbox',
      createdAt: t.clock.now(),
    });
    // Another customer's SMS is not listed.
    await insertOutboxSms(t.db, {
      phone: uniqueMobilePhone(),
      text: 'otro',
      purpose: 'marketing',
      provider: 'sandbox',
      createdAt: t.clock.now(),
    });
    // Push reminders: one delivered between the SMS, one that failed (not a message the customer got).
    const loan = await createRunningLoan(t, who.customer.id, { nextDue: '2026-12-30' });
    const sentAt = new Date(t.clock.now().getTime() - 30_000);
    const [delivered] = await t.db
      .insert(reminderDeliveries)
      .values([
        {
          installmentId: loan.next.id,
          customerId: who.customer.id,
          kind: 'dueIn3Days',
          dueDate: '2026-12-30',
          status: 'sent',
          attempts: 1,
          nextAttemptAt: sentAt,
          sentAt,
          createdAt: sentAt,
          updatedAt: sentAt,
        },
        {
          installmentId: loan.next.id,
          customerId: who.customer.id,
          kind: 'dueTomorrow',
          dueDate: '2026-12-30',
          status: 'failed',
          attempts: 5,
          nextAttemptAt: sentAt,
          createdAt: sentAt,
          updatedAt: sentAt,
        },
      ])
      .returning({ id: reminderDeliveries.id });

    const page = await dataOf(`/api/communication/sms/historypaged/${who.customer.id}`, smsHistoryPageSchema);
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 25, totalCapped: false });
    expect(page.items.map((item) => [item.channel, item.purpose])).toEqual([
      ['sms', 'marketing'],
      ['push', 'dueIn3Days'],
      ['sms', 'changeMobile'],
      ['sms', 'resetPin'],
    ]);
    const [marketing, push, code, reset] = page.items;
    expect(marketing).toMatchObject({ text: plain, status: 'sent', readAt: null, phone, installmentId: null });
    expect(push).toEqual({
      channel: 'push',
      id: delivered!.id,
      sentAt: sentAt.toISOString(),
      text: 'Tu cuota vence en 3 días',
      purpose: 'dueIn3Days',
      status: 'sent',
      readAt: null,
      phone: null,
      installmentId: loan.next.id,
      dueDate: '2026-12-30',
    });
    expect(code!.text).not.toContain('K7WQ');
    expect(code!.text).toContain('tu código de verificación es ••••.');
    expect(code!.text.split('\n').at(-1)).toBe(`@${t.config.webOtpHost} #••••`);
    expect(reset!.text).not.toContain(pin);
    expect(reset!.text).toContain('tu PIN para crear una nueva contraseña es ••••.');
    expect(JSON.stringify(page)).not.toMatch(new RegExp(`${pin}|K7WQ`));
  });

  it('pages the merged messages: each page newest first, no message twice or left out', async () => {
    const who = await login(t, { phone: uniqueMobilePhone() });
    const phone = who.customer.phone;
    const ids: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      t.clock.advance(1_000);
      ids.push(
        await insertOutboxSms(t.db, {
          phone,
          text: `Mensaje ${index}`,
          purpose: 'marketing',
          provider: 'sandbox',
          createdAt: t.clock.now(),
        }),
      );
    }
    const url = (page: number) => `/api/communication/sms/historypaged/${who.customer.id}?page=${page}&pageSize=10`;
    const first = await dataOf(url(1), smsHistoryPageSchema);
    const second = await dataOf(url(2), smsHistoryPageSchema, admin);
    const third = await dataOf(url(3), smsHistoryPageSchema);
    expect([first.total, second.total, third.total]).toEqual([12, 12, 12]);
    expect(first.items.map((item) => item.id)).toEqual(ids.slice(2).reverse());
    expect(second.items.map((item) => item.id)).toEqual(ids.slice(0, 2).reverse());
    expect(third.items).toEqual([]);
    expect(first.items[0]!.text).toBe('Mensaje 11');
  });

  it('answers 404 for an unknown customer and 403 to a collection company', async () => {
    const unknown = await get('/api/communication/sms/historypaged/2000000000', admin);
    expect(unknown.statusCode).toBe(404);
    expect(errorNameOf(unknown)).toBe('StaffCustomerNotFound');
    const refused = await get(`/api/communication/sms/historypaged/${(await login(t)).customer.id}`, company);
    expect(refused.statusCode).toBe(403);
    expect(errorNameOf(refused)).toBe('Forbidden');
  });
});
