import { and, eq, isNotNull, lte, ne, not, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { instanceAlive } from '../instances.ts';

/** All SQL of the idempotency keys (the mechanism is src/server/http/idempotency.ts). */

export interface KeyClaim {
  customerId: number;
  key: string;
  callName: string;
  requestHash: string;
  claimId: string;
  now: Date;
  lockedUntil: Date;
  expiresAt: Date;
  /** The server instance the request runs on (server_instances). */
  instanceId: string;
  /** When another instance counts as dead (its heartbeat older than this, ms). */
  instanceStaleMs: number;
}

export type StoredKey = typeof idempotencyKeys.$inferSelect;

/**
 * Takes the key for this request when nobody holds it: a new key, or one whose 24 h are over. One statement, so two
 * requests (on any instances) can never both take it: the primary key decides.
 */
export async function insertOrRenewExpired(db: Executor, claim: KeyClaim): Promise<boolean> {
  const fresh = {
    callName: claim.callName,
    requestHash: claim.requestHash,
    state: 'running' as const,
    claimId: claim.claimId,
    lockedUntil: claim.lockedUntil,
    instanceId: claim.instanceId,
    responseStatus: null,
    responseBody: null,
    createdAt: claim.now,
    expiresAt: claim.expiresAt,
  };
  const rows = await db
    .insert(idempotencyKeys)
    .values({ customerId: claim.customerId, key: claim.key, ...fresh })
    .onConflictDoUpdate({
      target: [idempotencyKeys.customerId, idempotencyKeys.key],
      set: fresh,
      setWhere: lte(idempotencyKeys.expiresAt, claim.now),
    })
    .returning({ claimId: idempotencyKeys.claimId });
  return rows.length === 1;
}

export async function findKey(db: Executor, customerId: number, key: string): Promise<StoredKey | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.customerId, customerId), eq(idempotencyKeys.key, key)));
  return row;
}

/**
 * Takes over a running key whose holder is gone: its instance is dead (no heartbeat for `instanceStaleMs`: killed,
 * crashed) or, whatever the instance, its lease ran out. A key this very instance holds is never taken as a dead
 * instance's: this one is running, so a late heartbeat under load means a slow holder, not a gone one. The handler then runs again and resumes the intent it
 * finds under the key (a payment, a card, a transfer order) instead of starting a second one.
 */
export async function takeOverStaleKey(db: Executor, claim: KeyClaim): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ claimId: claim.claimId, lockedUntil: claim.lockedUntil, instanceId: claim.instanceId })
    .where(
      and(
        eq(idempotencyKeys.customerId, claim.customerId),
        eq(idempotencyKeys.key, claim.key),
        eq(idempotencyKeys.callName, claim.callName),
        eq(idempotencyKeys.requestHash, claim.requestHash),
        eq(idempotencyKeys.state, 'running'),
        or(
          lte(idempotencyKeys.lockedUntil, claim.now),
          and(
            isNotNull(idempotencyKeys.instanceId),
            ne(idempotencyKeys.instanceId, claim.instanceId),
            not(instanceAlive(idempotencyKeys.instanceId, claim.instanceStaleMs)),
          ),
        ),
      ),
    )
    .returning({ claimId: idempotencyKeys.claimId });
  return rows.length === 1;
}

interface HeldKey {
  customerId: number;
  key: string;
  claimId: string;
}

/** The running key as the request that claimed it holds it (a takeover gives it another claim id). */
const heldBy = (held: HeldKey) =>
  and(
    eq(idempotencyKeys.customerId, held.customerId),
    eq(idempotencyKeys.key, held.key),
    eq(idempotencyKeys.claimId, held.claimId),
    eq(idempotencyKeys.state, 'running'),
  );

/** Stores the answer of the request that holds the key; false when it no longer holds it. */
export async function storeAnswer(
  db: Executor,
  held: HeldKey,
  answer: { status: number; body: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ state: 'done', responseStatus: answer.status, responseBody: answer.body, lockedUntil: answer.now })
    .where(heldBy(held))
    .returning({ claimId: idempotencyKeys.claimId });
  return rows.length === 1;
}

/**
 * Stores the answer of a key whose row is gone (purged by an instance whose clock ran past its 24 h) as a new done
 * key: the request still holds it, as nobody else does. False when another request claimed the key meanwhile.
 */
export async function insertKeptAnswer(
  db: Executor,
  claim: KeyClaim,
  answer: { status: number; body: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({
      customerId: claim.customerId,
      key: claim.key,
      callName: claim.callName,
      requestHash: claim.requestHash,
      state: 'done',
      claimId: claim.claimId,
      lockedUntil: answer.now,
      instanceId: claim.instanceId,
      responseStatus: answer.status,
      responseBody: answer.body,
      createdAt: claim.now,
      expiresAt: claim.expiresAt,
    })
    .onConflictDoNothing()
    .returning({ claimId: idempotencyKeys.claimId });
  return rows.length === 1;
}

/** Lets the key go (the first request failed unexpectedly and changed nothing): a retry runs the call again. */
export async function releaseKey(db: Executor, held: HeldKey) {
  await db.delete(idempotencyKeys).where(heldBy(held));
}

/** Deletes keys past their 24 h; returns how many. */
export async function purgeExpiredKeys(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, now))
    .returning({ one: sql<number>`1` });
  return rows.length;
}
