import { createHmac, randomUUID, type Hmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  dataEnvelope,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  type AnyCall,
} from '../../shared/api/define.ts';
import { deriveKey } from '../auth/derived-keys.ts';
import type { Executor } from '../db/connect.ts';
import { faultPoint } from '../fault-points.ts';
import { BusinessError, HttpError } from './errors.ts';
import {
  findKey,
  insertKeptAnswer,
  insertOrRenewExpired,
  purgeExpiredKeys,
  releaseKey,
  storeAnswer,
  takeOverStaleKey,
  type KeyClaim,
} from './idempotency-repository.ts';

/**
 * Idempotent calls (architecture §6), applied by `registerCall` to every contract entry marked `idempotent`; no
 * handler does anything for it. After auth and validation, the request's `Idempotency-Key` is claimed in the
 * database for (customer, key) together with the call's name and a hash of the validated request:
 *
 * - a new key: the handler runs, and its final answer (status and serialised body, 2xx or 4xx) is stored with the
 *   key;
 * - the same key and the same request again: the stored answer, byte for byte, and the handler does not run;
 * - the same key with another request or another call: 422 `IdempotencyKeyReused`;
 * - the same key while the first request is still running: 409 `RequestInProgress`.
 *
 * A handler whose whole change is one transaction (a loan request, an agreement's acceptance, a withdrawal notice, a
 * restructure) keeps its answer IN that transaction (`keepAnswer(tx, data)`, its last statement): the change and the
 * answer commit together, so a process killed after the commit and before the answer left still answers a retry the
 * first answer, never a re-run on the changed data ("you already have a loan"). The same statement fences the
 * change: if the key was taken over meanwhile, it fails and the transaction rolls back (409 `RequestInProgress`).
 *
 * Only final answers are stored. A 5xx, or a refusal that says "not now" (409 RequestInProgress: another payment of
 * the loan is pending; 429), releases the key, so a retry runs the call again.
 *
 * The primary key makes this hold across server instances. The key records the instance that holds it: when that
 * instance dies (no heartbeat, src/server/instances.ts) or the call's lease runs out, a retry takes the key over
 * and the handler runs again. So a handler must either change nothing before it answers (one transaction), or, if
 * it commits before it answers — every call that reaches a provider: a payment, a card, a transfer order — write
 * its intent WITH the key (`idempotency_key` of the row) in its first transaction, before it calls the provider,
 * call the provider with an idempotency reference of that intent, and on every run look for its key's intent
 * first: a run that finds one resumes it (asks the provider, which answers the first outcome) and never starts a
 * second. The handler gets the key as `idempotencyKey`. Two *different* keys for the same thing are the handler's
 * business: it locks the resource it changes (`withResourceLock`). Keys are kept 24 h.
 */

export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a running key stays held: the client's timeout for the call (1 or 5 minutes) and a margin. */
const leaseMs = (call: AnyCall) => (call.long ? 5 * 60_000 : 60_000) + 30_000;
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export const IDEMPOTENCY_MESSAGES = {
  missing: 'Falta la cabecera Idempotency-Key: cada operación con dinero debe llevar su propia clave.',
  invalid: 'La cabecera Idempotency-Key debe tener entre 1 y 255 caracteres visibles, sin espacios.',
} as const;

interface HeldKey {
  customerId: number;
  key: string;
  claimId: string;
  call: AnyCall;
  /** What the key was claimed with (to store the kept answer again if its row was purged meanwhile). */
  claim: KeyClaim;
  /** The answer kept with the handler's change (keepAnswer), once its transaction stored it. */
  kept?: string;
}

/** Keeps a handler's answer with its change, in its transaction (see keepAnswer). */
export type KeepAnswer<T> = (tx: Executor, data: T) => Promise<T>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency key this request holds while its idempotent handler runs. */
    idempotencyKey: HeldKey | null;
  }
}

/**
 * HMAC-SHA256 of a validated request under a key derived from the server secret (a card form's number and CVV are
 * in it: a plain hash of so small a space could be reversed): object keys sorted, bytes (uploads) hashed as bytes,
 * so equal requests match.
 */
export function requestHash(key: Uint8Array, request: { params: unknown; query: unknown; body: unknown }): string {
  const hash = createHmac('sha256', key);
  feed(hash, request);
  return hash.digest('hex');
}

function feed(hash: Hmac, value: unknown): void {
  if (value === undefined) hash.update('u;');
  else if (value === null) hash.update('n;');
  else if (value instanceof Uint8Array) hash.update(`b${value.byteLength}:`).update(value).update(';');
  else if (value instanceof Date) hash.update(`d${value.toISOString()};`);
  else if (Array.isArray(value)) {
    hash.update(`a${value.length}[`);
    for (const item of value) feed(hash, item);
    hash.update(']');
  } else if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    hash.update(`o${entries.length}{`);
    for (const [name, item] of entries) {
      hash.update(`${JSON.stringify(name)}=`);
      feed(hash, item);
    }
    hash.update('}');
  } else hash.update(`${typeof value}:${JSON.stringify(value)};`);
}

const hashKeys = new WeakMap<Uint8Array, Buffer>();
const hashKeyOf = (serverSecret: Uint8Array): Buffer => {
  let key = hashKeys.get(serverSecret);
  if (!key) hashKeys.set(serverSecret, (key = deriveKey(serverSecret, 'idempotency')));
  return key;
};

/** The request's key, or a 400 in the spec's error shape. */
function keyOf(request: FastifyRequest): string {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (header === undefined) throw new HttpError('ValidationError', IDEMPOTENCY_MESSAGES.missing);
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header))
    throw new HttpError('ValidationError', IDEMPOTENCY_MESSAGES.invalid);
  return header;
}

/**
 * preHandler of an idempotent call: claims the key (the handler then runs), or answers the stored answer, or
 * refuses. Returns the reply when it has answered.
 */
export async function claimIdempotencyKey(
  call: AnyCall,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  request.idempotencyKey = null;
  const key = keyOf(request);
  const customer = request.customer;
  if (!customer) throw new HttpError('Unauthorized');
  const { db, clock } = request.server;
  const now = clock.now();
  const claim: KeyClaim = {
    customerId: customer.id,
    key,
    callName: call.name,
    requestHash: requestHash(hashKeyOf(request.server.secrets.jwtKey), {
      params: request.params,
      query: request.query,
      body: request.body,
    }),
    claimId: randomUUID(),
    now,
    lockedUntil: new Date(now.getTime() + leaseMs(call)),
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
    instanceId: request.server.instance.id,
    instanceStaleMs: request.server.instance.staleMs,
  };
  const held: HeldKey = { customerId: claim.customerId, key, claimId: claim.claimId, call, claim };

  if (await insertOrRenewExpired(db, claim)) {
    request.idempotencyKey = held;
    return undefined;
  }
  const stored = await findKey(db, customer.id, key);
  // Gone between the two statements (expired and purged): claim it afresh.
  if (!stored) return claimIdempotencyKey(call, request, reply);
  if (stored.callName !== claim.callName || stored.requestHash !== claim.requestHash) {
    request.log.warn({ idempotencyKey: key, firstCall: stored.callName }, 'idempotency key reused for another request');
    throw new BusinessError('IdempotencyKeyReused');
  }
  if (stored.state === 'done' && stored.responseStatus !== null && stored.responseBody !== null) {
    return reply
      .code(stored.responseStatus)
      .header('content-type', 'application/json; charset=utf-8')
      .header('idempotent-replayed', 'true')
      .send(stored.responseBody);
  }
  if (await takeOverStaleKey(db, claim)) {
    request.log.warn(
      { idempotencyKey: key, previousInstance: stored.instanceId },
      'idempotency key taken over: its holder died or its lease ran out',
    );
    request.idempotencyKey = held;
    return undefined;
  }
  throw new BusinessError('RequestInProgress');
}

const envelopes = new WeakMap<AnyCall, z.ZodType>();
/** The 200 answer of `call` for `data`, as the route's serializer writes it (zod encode, then JSON.stringify). */
function answerBody(call: AnyCall, data: unknown): string {
  let envelope = envelopes.get(call);
  if (!envelope) envelopes.set(call, (envelope = dataEnvelope(call.response)));
  return JSON.stringify(z.encode(envelope, { data }));
}

/**
 * Stores `data` as the key's 200 answer in the handler's transaction `tx`, as its last statement: the change and
 * its answer commit together. When the request holds no key (not an idempotent call), `data` as it is. Throws 409
 * `RequestInProgress` (the transaction rolls back) when the key was taken over since it was claimed.
 */
export async function keepAnswer<T>(request: FastifyRequest, tx: Executor, data: T): Promise<T> {
  const held = request.idempotencyKey;
  if (!held) return data;
  const body = answerBody(held.call, data);
  const answer = { status: 200, body, now: request.server.clock.now() };
  // Taken over by another request → refused; its row gone (purged by a clock past its 24 h) → stored anew.
  if (!(await storeAnswer(tx, held, answer)) && !(await insertKeptAnswer(tx, held.claim, answer)))
    throw new BusinessError('RequestInProgress');
  held.kept = body;
  return data;
}

/** Answers that say "not now" rather than "no": never stored, so the same key may run again later. */
const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([409, 429]);

/**
 * onSend of an idempotent call: the final answer of the request that holds the key is stored before it leaves (a
 * retry that follows the answer finds it); a 5xx or a transient refusal releases the key instead.
 */
export async function settleIdempotencyKey(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const held = request.idempotencyKey;
  if (!held) return payload;
  request.idempotencyKey = null;
  const { db, clock } = request.server;
  faultPoint('idempotency:beforeStore');
  if (held.kept !== undefined && reply.statusCode === 200) {
    // Stored with the change (keepAnswer); what leaves must be those bytes.
    if (payload !== held.kept)
      request.log.error({ idempotencyKey: held.key }, 'the answer sent differs from the answer kept with the change');
    return payload;
  }
  try {
    if (reply.statusCode >= 500 || TRANSIENT_STATUSES.has(reply.statusCode) || typeof payload !== 'string')
      await releaseKey(db, held);
    else if (!(await storeAnswer(db, held, { status: reply.statusCode, body: payload, now: clock.now() })))
      request.log.warn({ idempotencyKey: held.key }, 'idempotency key lost before its answer was stored');
  } catch (error) {
    // The answer still goes out; the key stays running until its lease ends, and the handler's own lock guards.
    request.log.error({ err: error, idempotencyKey: held.key }, 'could not store the idempotent answer');
  }
  return payload;
}

/** Deletes expired keys every hour (and once at start) while the app runs. */
export function registerIdempotencyPurge(app: FastifyInstance): void {
  const purge = () => {
    purgeExpiredKeys(app.db, app.clock.now()).catch((error: unknown) =>
      app.log.error({ err: error }, 'could not purge expired idempotency keys'),
    );
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    purge();
    timer = setInterval(purge, PURGE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
