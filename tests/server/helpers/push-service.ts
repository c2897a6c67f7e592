import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';

/**
 * A local push service for the server tests: a node:http server standing in for FCM/Mozilla autopush. Each fake
 * browser subscription gets its own endpoint path and its own keys (an ECDH P-256 pair and a 16-byte auth
 * secret, as a browser creates them), so a test can decrypt what the server sent with `http_ece` (aes128gcm) and
 * check the VAPID header, and can make an endpoint answer 201, 404, 410 or 500.
 */

interface HttpEce {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
}
const ece = createRequire(import.meta.url)('http_ece') as HttpEce;

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The status this endpoint answered. */
  status: number;
}

export interface FakeSubscription {
  /** What the browser's `PushSubscription.toJSON()` gives (the body of PushSubscriptionPost). */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  endpoint: string;
  /** Pushes this endpoint received, oldest first. */
  received(): ReceivedPush[];
  /** The decrypted JSON of every push this endpoint accepted (answered 201). */
  messages(): unknown[];
  /** The decrypted JSON of one push. */
  decrypt(push: ReceivedPush): unknown;
  /** Status codes to answer next, one per push (then 201 again). */
  answerNext(...statuses: number[]): void;
}

export interface LocalPushService {
  origin: string;
  subscription(): FakeSubscription;
  close(): Promise<void>;
}

const base64Url = (buffer: Buffer) => buffer.toString('base64url');

export async function startLocalPushService(): Promise<LocalPushService> {
  const inbox = new Map<string, ReceivedPush[]>();
  const answers = new Map<string, number[]>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const list = inbox.get(path);
      if (!list || request.method !== 'POST') {
        response.writeHead(404).end();
        return;
      }
      const status = answers.get(path)?.shift() ?? 201;
      list.push({ path, headers: request.headers, body: Buffer.concat(chunks), status });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 201 ? '' : 'test answer');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    subscription() {
      const path = `/push/${randomUUID()}`;
      inbox.set(path, []);
      answers.set(path, []);
      const keys = createECDH('prime256v1');
      keys.generateKeys();
      const authSecret = randomBytes(16);
      const endpoint = `${origin}${path}`;
      const received = () => [...(inbox.get(path) ?? [])];
      const decrypt = (push: ReceivedPush) =>
        JSON.parse(
          ece
            .decrypt(push.body, { version: 'aes128gcm', privateKey: keys, authSecret: base64Url(authSecret) })
            .toString('utf8'),
        ) as unknown;
      return {
        endpoint,
        json: {
          endpoint,
          expirationTime: null,
          keys: { p256dh: base64Url(keys.getPublicKey()), auth: base64Url(authSecret) },
        },
        received,
        decrypt,
        messages: () =>
          received()
            .filter((push) => push.status === 201)
            .map(decrypt),
        answerNext: (...statuses) => answers.get(path)?.push(...statuses),
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Verify the `Authorization: vapid t=<jwt>, k=<key>` header of a push (RFC 8292): the key is the server's VAPID
 * public key and the ES256 JWT verifies with it, for the endpoint's origin. Returns the JWT claims.
 */
export async function verifyVapidHeader(
  authorization: string | undefined,
  expected: { publicKey: string; audience: string; subject: string },
): Promise<JWTPayload> {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization header: ${String(authorization)}`);
  const [, token = '', key = ''] = match;
  if (key !== expected.publicKey) throw new Error('the VAPID header names another public key');
  const point = Buffer.from(key, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: base64Url(point.subarray(1, 33)),
    y: base64Url(point.subarray(33, 65)),
  };
  const verified = await jwtVerify(token, await importJWK(jwk, 'ES256'), {
    algorithms: ['ES256'],
    audience: expected.audience,
    subject: expected.subject,
  });
  return verified.payload;
}
