import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CommentPost,
  CommentsGet,
  StaffAddressGet,
  StaffCommunicationPost,
} from '../../src/shared/api/customer-staff.ts';
import { customerAddresses, customerComments } from '../../src/server/db/schema/index.ts';
import { createCustomer, login } from './helpers/customers.ts';
import {
  auditOf,
  codeOf,
  customerFileApp,
  customerRow,
  dataOf,
  expectBadInput,
  expectForbidden,
  expectNotFound,
  lastAudit,
  ownCustomer,
  send,
  UNKNOWN_ID,
} from './helpers/customer-file.ts';
import type { StaffLoggedIn } from './helpers/staff.ts';

/**
 * The customer file's comments, address and e-mail (docs/backoffice.md §5): CommentsGet/CommentPost,
 * StaffAddressGet/StaffAddressPut (SaveAddressPut's rules) and StaffCommunicationPost (AddNewEmailPost's rules).
 * Each change is read back from the table and through the customer's own CustomerGet, with its audit record; a
 * collection company works only on its customers (404 for anyone else's), an agent-only call answers it 403.
 */

const { t, agent, admin, company } = await customerFileApp();
afterAll(() => t.close());

describe('CommentPost and CommentsGet', () => {
  const list = (customerId: number, who: StaffLoggedIn, query = '') =>
    send(t, 'GET', `/api/customer/comment/${customerId}${query}`, who);
  const post = (who: StaffLoggedIn, body: unknown) => send(t, 'POST', '/api/customer/comment', who, body);

  it('adds comments that are read newest first with their author, paged; each is audited', async () => {
    const customer = await createCustomer(t, { collectionCompanyId: company.staff.collectionCompanyId });
    const first = CommentPost.response.parse(
      dataOf(await post(agent, { customerId: customer.id, text: '  Llama a partir de las 18:00 ' })),
    );
    expect(first).toMatchObject({
      text: 'Llama a partir de las 18:00',
      staffUserId: agent.staff.id,
      staffName: 'Empleada de Prueba',
    });
    t.clock.advance(60_000);
    // A correction is a new comment; the first one stays as it was.
    dataOf(await post(company, { customerId: customer.id, text: 'Corrección: mejor por la mañana' }));
    t.clock.advance(60_000);
    dataOf(await post(admin, { customerId: customer.id, text: 'Acuerdo de pago enviado' }));
    const rows = await t.db.select().from(customerComments).where(eq(customerComments.customerId, customer.id));
    expect(rows.map((row) => row.text).sort()).toEqual(
      ['Acuerdo de pago enviado', 'Corrección: mejor por la mañana', 'Llama a partir de las 18:00'].sort(),
    );
    const page = CommentsGet.response.parse(dataOf(await list(customer.id, company, '?pageSize=10')));
    expect(page).toMatchObject({ customerId: customer.id, total: 3, page: 1, pageSize: 10 });
    expect(page.items.map((item) => [item.text, item.staffUserId])).toEqual([
      ['Acuerdo de pago enviado', admin.staff.id],
      ['Corrección: mejor por la mañana', company.staff.id],
      ['Llama a partir de las 18:00', agent.staff.id],
    ]);
    expect(page.items[2]).toEqual(first);
    const second = CommentsGet.response.parse(dataOf(await list(customer.id, agent, '?pageSize=10&page=2')));
    expect(second).toMatchObject({ total: 3, items: [] });
    const records = await auditOf(t, customer.id);
    expect(records.map((r) => [r.callName, r.entityType, r.before, r.after])).toEqual([
      ['CommentPost', 'comment', null, { text: 'Acuerdo de pago enviado' }],
      ['CommentPost', 'comment', null, { text: 'Corrección: mejor por la mañana' }],
      ['CommentPost', 'comment', null, { text: 'Llama a partir de las 18:00' }],
    ]);
    expect(records[2]!.entityId).toBe(String(first.id));
  });

  it("answers 404 for an unknown customer and for another company's customer, 400 for an empty text", async () => {
    const theirs = await createCustomer(t);
    expectNotFound(await post(agent, { customerId: UNKNOWN_ID, text: 'Hola' }));
    expectNotFound(await list(UNKNOWN_ID, agent));
    expectNotFound(await post(company, { customerId: theirs.id, text: 'Hola' }));
    expectNotFound(await list(theirs.id, company));
    expect(await t.db.select().from(customerComments).where(eq(customerComments.customerId, theirs.id))).toEqual([]);
    expectBadInput(await post(agent, { customerId: theirs.id, text: '   ' }), 'text');
    expectBadInput(await post(agent, { customerId: theirs.id, text: 'x'.repeat(2001) }), 'text');
  });
});

describe('StaffAddressGet and StaffAddressPut', () => {
  const url = (customerId: number) => `/api/customer/address/${customerId}`;
  const put = (customerId: number, who: StaffLoggedIn, body: unknown) => send(t, 'PUT', url(customerId), who, body);
  const address = {
    street: 'Gran Vía',
    streetNumber: '7',
    floor: '2º izq',
    postcode: '48001',
    city: 'Bilbao',
    province: 'vizcaya',
  };

  it("saves the address with SaveAddressPut's province rule; the customer reads it; audited before/after", async () => {
    const session = await login(t, { status: 'preRegistered', collectionCompanyId: company.staff.collectionCompanyId });
    const id = session.customer.id;
    expect(StaffAddressGet.response.parse(dataOf(await send(t, 'GET', url(id), company)))).toEqual({
      customerId: id,
      address: null,
    });
    const saved = { ...address, province: 'Bizkaia' };
    expect(dataOf(await put(id, company, address))).toEqual({ customerId: id, address: saved });
    const [row] = await t.db.select().from(customerAddresses).where(eq(customerAddresses.customerId, id));
    expect(row).toMatchObject(saved);
    expect((await ownCustomer(t, session)).address).toMatchObject({
      street: 'Gran Vía',
      postcode: '48001',
      province: 'Bizkaia',
    });
    expect(await lastAudit(t, id, company)).toMatchObject({
      callName: 'StaffAddressPut',
      before: { address: null },
      after: { address: saved },
    });
    // The status is the customer's flow's: a staff save does not move it.
    expect((await customerRow(t, id)).status).toBe('preRegistered');
    dataOf(await put(id, agent, { ...address, streetNumber: '9', reason: 'El cliente se ha mudado' }));
    expect(await lastAudit(t, id, agent)).toMatchObject({
      before: { address: { streetNumber: '7' } },
      after: { address: { streetNumber: '9' } },
      reason: 'El cliente se ha mudado',
    });
    expect(StaffAddressGet.response.parse(dataOf(await send(t, 'GET', url(id), admin))).address).toMatchObject({
      streetNumber: '9',
    });
    expect(codeOf(await put(id, agent, { ...address, streetNumber: '9' }))).toBe('NothingToChange');
  });

  it("refuses a province that is not the postcode's and a postcode of no province, as SaveAddressPut does", async () => {
    const customer = await createCustomer(t);
    expect(codeOf(await put(customer.id, agent, { ...address, province: 'Madrid' }))).toBe('InvalidProvince');
    expect(codeOf(await put(customer.id, agent, { ...address, postcode: '99001' }))).toBe('InvalidPostcode');
    expectBadInput(await put(customer.id, agent, { ...address, street: undefined }), 'street');
    expect(await t.db.select().from(customerAddresses).where(eq(customerAddresses.customerId, customer.id))).toEqual(
      [],
    );
    expect(await auditOf(t, customer.id)).toEqual([]);
  });

  it("answers 404 for an unknown customer and for another company's customer", async () => {
    const theirs = await createCustomer(t);
    expectNotFound(await put(UNKNOWN_ID, agent, address));
    expectNotFound(await send(t, 'GET', url(UNKNOWN_ID), agent));
    expectNotFound(await put(theirs.id, company, address));
    expectNotFound(await send(t, 'GET', url(theirs.id), company));
  });
});

describe('StaffCommunicationPost', () => {
  const url = (customerId: number) => `/api/customer/communication/${customerId}`;
  const post = (customerId: number, who: StaffLoggedIn, body: unknown) => send(t, 'POST', url(customerId), who, body);

  it("changes the e-mail with AddNewEmailPost's rules; the customer reads it; audited with the reason", async () => {
    const session = await login(t);
    const id = session.customer.id;
    const before = (await customerRow(t, id)).email;
    const email = `Nuevo.${session.customer.phone}@Example.com `;
    const contacts = StaffCommunicationPost.response.parse(
      dataOf(await post(id, agent, { email, reason: 'Lo pide por teléfono' })),
    );
    const stored = `nuevo.${session.customer.phone}@example.com`;
    expect(contacts).toMatchObject({ customerId: id, email: stored, phone: session.customer.phone });
    expect((await customerRow(t, id)).email).toBe(stored);
    expect((await ownCustomer(t, session)).email).toBe(stored);
    expect(await lastAudit(t, id, agent)).toMatchObject({
      callName: 'StaffCommunicationPost',
      before: { email: before },
      after: { email: stored },
      reason: 'Lo pide por teléfono',
    });
    expect(codeOf(await post(id, agent, { email: stored, reason: 'Otra vez' }))).toBe('NothingToChange');
    const other = await createCustomer(t);
    expect(codeOf(await post(id, admin, { email: `test.${other.phone}@example.com`, reason: 'Prueba' }))).toBe(
      'EmailNotAvailable',
    );
    expect(codeOf(await post(id, admin, { email: 'no-es-un-correo', reason: 'Prueba' }))).toBe('InvalidEmail');
    expect((await customerRow(t, id)).email).toBe(stored);
  });

  it('answers 404 for an unknown customer, 403 to a collection company, 400 without a reason', async () => {
    expectNotFound(await post(UNKNOWN_ID, agent, { email: 'a@example.com', reason: 'Prueba' }));
    const mine = await createCustomer(t, { collectionCompanyId: company.staff.collectionCompanyId });
    expectForbidden(await post(mine.id, company, { email: 'a@example.com', reason: 'Prueba' }));
    expectBadInput(await post(mine.id, agent, { email: 'a@example.com' }), 'reason');
  });
});
