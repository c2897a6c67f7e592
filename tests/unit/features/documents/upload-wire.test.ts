// @vitest-environment node
// Plain Node (WHATWG FormData, Blob and fetch, as in a browser): the upload requests as they go on the wire.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uploadCardProof } from '../../../../src/features/documents/api/upload-card-proof.ts';
import { uploadIdentityDocument } from '../../../../src/features/documents/api/upload-identity-document.ts';
import { configureApi } from '../../../../src/lib/api/configure.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests = [];
  configureApi({
    baseUrl: server.baseUrl,
    appVersion: 'test',
    getAuth: () => ({ token: 'tok', memberId: 5, role: 'user' }),
    getClientUniqueId: () => 'id',
  });
});

/** The multipart body the server received, parsed as a browser would. */
async function parts(request: SeenRequest) {
  const form = await new Request('http://x/', {
    method: 'POST',
    headers: { 'content-type': String(request.headers['content-type']) },
    body: new Uint8Array(request.body),
  }).formData();
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    fields[name] =
      typeof value === 'string'
        ? value
        : { name: value.name, type: value.type, bytes: Array.from(new Uint8Array(await value.arrayBuffer())) };
  }
  return fields;
}

const jpeg = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'dni-front.jpg', { type: 'image/jpeg' });

describe('upload requests on the wire (multipart/form-data)', () => {
  it('DocumentUploadPost: type identity, subType, name, channel website, the file in document', async () => {
    server.handler = (_request, response) =>
      json(response, 200, {
        data: { id: 1, type: 'identity', name: 'dni-front.jpg', status: 'new', createdDate: '2026-11-24T10:00:00Z' },
      });
    await uploadIdentityDocument('front', jpeg());
    const [request] = server.requests;
    expect(request?.url).toBe('/api/customer/document');
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(await parts(request!)).toEqual({
      type: 'identity',
      subType: 'front',
      name: 'dni-front.jpg',
      channel: 'website',
      document: { name: 'dni-front.jpg', type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff, 0xe0] },
    });
  });

  it('CardProofUploadPost: the entry of second document §3', async () => {
    server.handler = (_request, response) =>
      json(response, 200, {
        data: {
          id: 31,
          cardStatus: 'Valid',
          maskedCardNumber: '411111******1111',
          cardSubStatus: 'uploaded',
          isActive: true,
        },
      });
    await uploadCardProof({ id: 31, maskedCardNumber: '411111******1111' }, jpeg());
    const [request] = server.requests;
    expect(request?.url).toBe('/api/customer/document/cardProof');
    expect(await parts(request!)).toEqual({
      type: 'copyOfCard',
      status: 'new',
      cardSubStatus: 'uploaded',
      name: 'dni-front.jpg',
      document: { name: 'dni-front.jpg', type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff, 0xe0] },
      channel: 'website',
      cardId: '31',
      maskedCardNumber: '411111******1111',
    });
  });
});
