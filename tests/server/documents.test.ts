import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, documents } from '../../src/server/db/schema/index.ts';
import { createFileDocumentStore } from '../../src/server/modules/document/index.ts';
import { documentSchema } from '../../src/shared/api/customer-schemas.ts';
import { cardEntitySchema } from '../../src/shared/api/card.ts';
import { errorResponseSchema } from '../../src/shared/api/define.ts';
import { errorCodes } from '../../src/shared/api/errors.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { borrower } from './helpers/loan-request.ts';
import {
  formDataBody,
  jpegOfSize,
  multipartBody,
  SAMPLE_FILES,
  zipWith,
  type MultipartFields,
} from './helpers/multipart.ts';

/**
 * DocumentUploadPost and CardProofUploadPost through real multipart bodies: the type read from the bytes (never the
 * name), the 10,000,000-byte limit, the file written atomically under DATA_DIR/documents with its SHA-256 in the
 * row, and nothing stored when a file is refused.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
});
afterAll(() => t.close());

const storeRoot = () => join(t.config.dataDir, 'documents');
/** Every file under the store's folder (temporary ones included). */
function storedFiles(): string[] {
  if (!existsSync(storeRoot())) return [];
  return readdirSync(storeRoot()).flatMap((prefix) =>
    statSync(join(storeRoot(), prefix)).isDirectory()
      ? readdirSync(join(storeRoot(), prefix)).map((name) => join(prefix, name))
      : [prefix],
  );
}

const identity = (document: MultipartFields[string], extra: MultipartFields = {}): MultipartFields => ({
  type: 'identity',
  subType: 'front',
  name: 'dni-delante.jpg',
  channel: 'website',
  document,
  ...extra,
});

async function upload(who: LoggedIn, fields: MultipartFields, url = '/api/customer/document') {
  const { payload, contentType } = await formDataBody(fields);
  return t.app.inject({ method: 'POST', url, headers: { ...who.headers, 'content-type': contentType }, payload });
}

const errorOf = (response: { json(): unknown }) => errorResponseSchema.parse(response.json()).errors[0]!;
const rowsOf = (customerId: number) => t.db.select().from(documents).where(eq(documents.customerId, customerId));

describe('DocumentUploadPost', () => {
  it('stores a JPEG side of the DNI: the row (type from the bytes, size, SHA-256) and the file under DATA_DIR', async () => {
    const who = await login(t, { status: 'systemApproved' });
    const bytes = SAMPLE_FILES.jpeg;
    const response = await upload(who, identity({ bytes, filename: 'foto.png', contentType: 'image/png' }));
    expect(response.statusCode, response.body).toBe(200);
    const document = documentSchema.parse(response.json().data);
    expect(document).toMatchObject({ type: 'identity', name: 'dni-delante.jpg', status: 'new' });

    const [row] = await rowsOf(who.customer.id);
    expect(row).toMatchObject({
      id: document.id,
      type: 'identity',
      subType: 'front',
      channel: 'website',
      // From the bytes: the name says .png and the part says image/png.
      mimeType: 'image/jpeg',
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    const path = join(storeRoot(), row!.storageKey.slice(0, 2), row!.storageKey);
    const onDisk = readFileSync(path);
    expect(createHash('sha256').update(onDisk).digest('hex')).toBe(row!.sha256);
    expect(Buffer.compare(onDisk, Buffer.from(bytes))).toBe(0);
    const store = createFileDocumentStore(storeRoot());
    expect(Buffer.from((await store.get(row!.storageKey))!).equals(Buffer.from(bytes))).toBe(true);
    expect(storedFiles().filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  it('accepts PNG, GIF, WebP, HEIC, PDF, DOC and DOCX by their bytes, whatever the name', async () => {
    const who = await login(t, { status: 'systemApproved' });
    const expected = {
      png: 'image/png',
      gif: 'image/gif',
      webp: 'image/webp',
      heic: 'image/heic',
      pdf: 'application/pdf',
      doc: 'application/msword',
      docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    } as const;
    for (const [kind, mimeType] of Object.entries(expected)) {
      const response = await upload(
        who,
        identity({ bytes: SAMPLE_FILES[kind as keyof typeof expected], filename: 'archivo' }, { name: kind }),
      );
      expect(response.statusCode, `${kind}: ${response.body}`).toBe(200);
      const [row] = await t.db.select().from(documents).where(eq(documents.id, response.json().data.id));
      expect(row?.mimeType, kind).toBe(mimeType);
    }
  });

  it('refuses a ".jpg" whose bytes are text, a ZIP that is not a Word file and an empty file: 422, nothing stored', async () => {
    const who = await login(t, { status: 'systemApproved' });
    const before = storedFiles();
    const text = new Uint8Array(Buffer.from('Esto no es una imagen, es texto.'));
    const refused = await upload(who, identity({ bytes: text, filename: 'dni.jpg', contentType: 'image/jpeg' }));
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toMatchObject({
      code: { name: 'InvalidFileType' },
      message: errorCodes.InvalidFileType.message,
    });
    const zip = await upload(who, identity({ bytes: zipWith(['xl/workbook.xml']), filename: 'dni.docx' }));
    expect(errorOf(zip).code.name).toBe('InvalidFileType');
    const empty = await upload(who, identity({ bytes: new Uint8Array(0), filename: 'dni.jpg' }));
    expect(empty.statusCode).toBe(422);
    expect(errorOf(empty)).toMatchObject({
      code: { name: 'NoDocumentUploaded' },
      message: 'No has subido ningún documento.',
    });
    expect(await rowsOf(who.customer.id)).toEqual([]);
    expect(storedFiles()).toEqual(before);
  });

  it('takes a file of exactly 10,000,000 bytes and refuses one byte more and an 11 MB file: 413 in Spanish, nothing stored', async () => {
    const who = await login(t, { status: 'systemApproved' });
    const exact = await upload(who, identity({ bytes: jpegOfSize(10_000_000), filename: 'dni.jpg' }));
    expect(exact.statusCode, exact.body).toBe(200);
    const stored = await rowsOf(who.customer.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.sizeBytes).toBe(10_000_000);

    const before = storedFiles();
    for (const size of [10_000_001, 11 * 1024 * 1024]) {
      const response = await upload(who, identity({ bytes: jpegOfSize(size), filename: 'dni.jpg' }));
      expect(response.statusCode, String(size)).toBe(413);
      expect(errorOf(response)).toMatchObject({
        code: { name: 'PayloadTooLarge' },
        message: 'El archivo supera el tamaño máximo permitido de 10 MB.',
      });
    }
    expect(await rowsOf(who.customer.id)).toHaveLength(1);
    expect(storedFiles()).toEqual(before);
  });

  it('answers bad bodies with 4xx in the error shape: JSON, no file, text for the file, a file for the name, malformed, huge field', async () => {
    const who = await login(t, { status: 'systemApproved' });
    const send = (payload: string | Buffer, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/customer/document',
        headers: { ...who.headers, 'content-type': contentType },
        payload,
      });
    const json = await send(JSON.stringify({ type: 'identity', name: 'x', document: 'AAAA' }), 'application/json');
    expect(json.statusCode).toBe(415);

    const noFile = await upload(who, { type: 'identity', name: 'dni.jpg' });
    expect(noFile.statusCode).toBe(400);
    expect(errorOf(noFile).message).toContain('document (');

    const textFile = await upload(who, identity('no soy un archivo'));
    expect(textFile.statusCode).toBe(400);
    expect(errorOf(textFile).message).toContain('document (Debe ser un archivo)');

    const fileAsName = await upload(
      who,
      identity(
        { bytes: SAMPLE_FILES.jpeg, filename: 'a.jpg' },
        {
          name: { bytes: SAMPLE_FILES.jpeg, filename: 'b.jpg' },
        },
      ),
    );
    expect(fileAsName.statusCode).toBe(400);

    const good = multipartBody(identity({ bytes: SAMPLE_FILES.jpeg, filename: 'a.jpg' }));
    const truncated = await send(good.payload.subarray(0, good.payload.length - 60), good.contentType);
    expect(truncated.statusCode).toBe(400);
    expect((await send(good.payload, 'multipart/form-data')).statusCode).toBe(400);

    const huge = await upload(
      who,
      identity({ bytes: SAMPLE_FILES.jpeg, filename: 'a.jpg' }, { name: 'x'.repeat(100_000) }),
    );
    expect(huge.statusCode).toBe(413);

    const unknown = await upload(who, identity({ bytes: SAMPLE_FILES.jpeg, filename: 'a.jpg' }, { campo: 'x' }));
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toContain('campo (Campo no permitido)');

    for (const response of [json, noFile, textFile, fileAsName, truncated, huge, unknown])
      expect(errorResponseSchema.safeParse(response.json()).success).toBe(true);
    expect(await rowsOf(who.customer.id)).toEqual([]);

    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/customer/document',
      headers: { 'content-type': good.contentType },
      payload: good.payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a multipart body to a JSON call is still 415', async () => {
    const body = multipartBody({ countryCode: '+34', phone: '600000001' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/customer/CheckPhoneDNI',
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(415);
  });

  it.each([
    ['the home calculator (public JSON call)', 'POST', '/api/loan/paymentPlans'],
    ['a route outside the contract', 'PUT', '/logs/write'],
    ['a sandbox page route', 'POST', '/sandbox/card-gateway/challenge/decision'],
    ['a path no route serves (else 404)', 'POST', '/api/unknown'],
    ['a known path with another method (else 405)', 'PATCH', '/api/loan/paymentPlans'],
    ['a page path of the app (else the SPA)', 'POST', '/prestamo'],
    ['a DELETE', 'DELETE', '/api/unknown'],
  ] as const)(
    'a multipart body to %s answers 415 UnsupportedMediaType in the error shape',
    async (_label, method, url) => {
      const body = multipartBody({ a: '1', document: { bytes: SAMPLE_FILES.jpeg, filename: 'a.jpg' } });
      for (const contentType of [body.contentType, 'multipart/form-data', 'Multipart/Form-Data; boundary=x']) {
        const response = await t.app.inject({
          method,
          url,
          headers: { 'content-type': contentType },
          payload: body.payload,
        });
        expect(response.statusCode).toBe(415);
        expect(errorOf(response).code).toEqual({ name: 'UnsupportedMediaType', value: 415 });
        // The connection stays usable, as for any body type the server has no parser for.
        expect(response.headers['connection']).toBe('keep-alive');
      }
    },
  );

  it('a multipart content type on a request without a body (GET) is not refused', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/unknown',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('the multipart plugin serves only the uploads: no other route runs its hooks', () => {
    expect(t.app.hasRequestDecorator('isMultipart')).toBe(false);
    const calls = t.app.registeredCalls.map(({ call }) => call);
    expect(calls.filter((call) => call.multipart).map((call) => call.name)).toEqual([
      'DocumentUploadPost',
      'CardProofUploadPost',
    ]);
  });

  it('works over a real HTTP connection with fetch and FormData, and cuts an 11 MB upload short', async () => {
    const who = await login(t, { status: 'systemApproved' });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const post = (bytes: Uint8Array) => {
      const form = new FormData();
      form.append('type', 'identity');
      form.append('subType', 'back');
      form.append('name', 'dni-detras.jpg');
      form.append('channel', 'website');
      form.append('document', new File([new Uint8Array(bytes)], 'dni-detras.jpg', { type: 'image/jpeg' }));
      return fetch(`${address}/api/customer/document`, { method: 'POST', headers: who.headers, body: form });
    };
    const ok = await post(SAMPLE_FILES.jpeg);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { data: { type: string } }).data.type).toBe('identity');
    const tooLarge = await post(jpegOfSize(11 * 1024 * 1024)).catch((error: unknown) => error);
    // The server answers 413 as soon as the limit is passed; a client still sending may see the socket close.
    if (tooLarge instanceof Response) expect(tooLarge.status).toBe(413);
    expect(await rowsOf(who.customer.id)).toHaveLength(1);
  });
});

describe('CardProofUploadPost', () => {
  const proof = (
    cardId: number | null,
    document: MultipartFields[string] = { bytes: SAMPLE_FILES.pdf, filename: 'tarjeta.pdf' },
  ) => ({
    type: 'copyOfCard',
    status: 'new',
    cardSubStatus: 'uploaded',
    name: 'tarjeta.pdf',
    document,
    channel: 'website',
    cardId: String(cardId),
    maskedCardNumber: '411111******1111',
  });

  it("stores the proof of the caller's card and marks the card uploaded", async () => {
    const who = await borrower(t);
    const response = await upload(who, proof(who.cardId), '/api/customer/document/cardProof');
    expect(response.statusCode, response.body).toBe(200);
    expect(cardEntitySchema.parse(response.json().data)).toMatchObject({
      id: who.cardId,
      cardStatus: 'Valid',
      cardSubStatus: 'uploaded',
      maskedCardNumber: '411111******1111',
      brand: 'visa',
    });
    const [row] = await rowsOf(who.customer.id);
    expect(row).toMatchObject({ type: 'copyOfCard', cardId: who.cardId, mimeType: 'application/pdf', status: 'new' });
  });

  it("another customer's card, an unknown or a deleted one → 404 CardNotFound, nothing stored, the card untouched", async () => {
    const who = await borrower(t);
    const other = await borrower(t);
    const before = storedFiles();
    for (const cardId of [other.cardId, 2_000_000_000]) {
      const response = await upload(who, proof(cardId), '/api/customer/document/cardProof');
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toMatchObject({
        code: { name: 'CardNotFound' },
        message: errorCodes.CardNotFound.message,
      });
      expect(response.body).not.toContain('411111');
    }
    const deleted = await borrower(t, { card: 'Deleted' });
    expect((await upload(deleted, proof(deleted.cardId), '/api/customer/document/cardProof')).statusCode).toBe(404);
    const [otherCard] = await t.db.select().from(cards).where(eq(cards.id, other.cardId!));
    expect(otherCard?.cardSubStatus).toBeNull();
    expect(await rowsOf(who.customer.id)).toEqual([]);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a proof whose bytes are not an accepted type, leaving the card as it was', async () => {
    const who = await borrower(t);
    const response = await upload(
      who,
      proof(who.cardId, { bytes: new Uint8Array(Buffer.from('<svg onload="alert(1)"/>')), filename: 'tarjeta.jpg' }),
      '/api/customer/document/cardProof',
    );
    expect(errorOf(response).code.name).toBe('InvalidFileType');
    const [card] = await t.db.select().from(cards).where(eq(cards.id, who.cardId!));
    expect(card?.cardSubStatus).toBeNull();
  });
});
