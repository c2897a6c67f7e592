// @vitest-environment node
// jsdom's FormData and Blob are not the ones Node's fetch can send, so this file runs in plain Node, whose
// FormData/Blob/fetch are the WHATWG ones a browser has.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { DocumentUploadPost } from '../../../../src/shared/api/document.ts';
import { callApi } from '../../../../src/lib/api/client.ts';
import { configureApi } from '../../../../src/lib/api/configure.ts';
import { json, startTestServer, type TestServer } from './test-server.ts';

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

it('a multipart call sends FormData: the file as a file part with its name, other fields as text, with the headers', async () => {
  const document = { id: 3, type: 'identity', name: 'dni.jpg', status: 'new', createdDate: '2025-03-01T10:15:30.000Z' };
  server.handler = (_request, response) => json(response, 200, { data: document });
  const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0x01])], 'dni.jpg', { type: 'image/jpeg' });

  const body = { type: 'identity', channel: 'website', name: 'dni.jpg', subType: 'front', document: file } as const;
  const stored = await callApi(DocumentUploadPost, { body });

  expect(stored).toEqual(document);
  const seen = server.requests[0];
  expect(seen?.method).toBe('POST');
  expect(seen?.url).toBe('/api/customer/document');
  expect(seen?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  expect(seen?.headers['authorization']).toBe('Bearer tok');
  const text = seen?.body.toString('latin1') ?? '';
  expect(text).toContain('Content-Disposition: form-data; name="name"\r\n\r\ndni.jpg\r\n');
  expect(text).toContain('Content-Disposition: form-data; name="subType"\r\n\r\nfront\r\n');
  expect(text).toContain(
    'Content-Disposition: form-data; name="document"; filename="dni.jpg"\r\nContent-Type: image/jpeg',
  );
  expect(seen?.body.includes(Buffer.from([0xff, 0xd8, 0xff, 0x01]))).toBe(true);
});
