import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '../../shared/api/roles.ts';
import type { Clock } from '../clock.ts';
import type { Database, Executor, Transaction } from '../db/connect.ts';
import { lockResource } from '../db/locks.ts';
import { insertAuditRecord } from './audit-repository.ts';

/**
 * How a staff write is audited (docs/backoffice.md §3): the owner's change and its record in one transaction, so
 * both are kept or neither. A handler writes
 *
 *   staffWrite(deps, { staff, request }, { entityType: 'customer', customerId, reason, lock: `customer:${id}` },
 *     async (tx) => ({ before: { blocked: true }, after: { blocked: false }, result: true }));
 *
 * `registerCall` checks that every answered staff write recorded one (`auditedRequest`): an unaudited write is
 * logged as an error, and refused with a 500 in the sandbox and under tests, where it is a bug to fix.
 */

export interface AuditActor {
  /** Who acts: the session's staff member (or the member who just logged in). */
  staff: { id: number; role: StaffRole };
  request: FastifyRequest;
}

export interface AuditTarget {
  entityType: string;
  /** The entity's id; when it only exists after the change, the work returns it. */
  entityId?: string | number;
  customerId?: number | null;
  loanId?: number | null;
  /** What the staff member typed (required by the call's schema where money, limits or status change). */
  reason?: string | null;
  proposalId?: number | null;
  /** An advisory lock taken first (`db/locks.ts`), e.g. `customer:42`. */
  lock?: string;
}

export type AuditValues = Record<string, unknown> | null;

export interface AuditedChange<T> {
  /** The fields that changed, as they were and as they are (never bytes, card numbers or password hashes). */
  before: AuditValues;
  after: AuditValues;
  result: T;
  /** The entity's id when the change created it. */
  entityId?: string | number;
  customerId?: number | null;
  loanId?: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** How many audit records this request wrote (committed). */
    auditRecords?: number;
  }
}

export interface StaffWriteDeps {
  db: Database;
  clock: Clock;
}

/** Inserts one record for `actor` on `target` in `tx`; the caller commits it with the change it describes. */
export async function recordAudit(
  tx: Executor,
  clock: Clock,
  actor: AuditActor,
  target: AuditTarget,
  change: Omit<AuditedChange<unknown>, 'result'>,
): Promise<number> {
  const entityId = change.entityId ?? target.entityId;
  if (entityId === undefined) throw new Error(`audit of ${target.entityType}: no entity id`);
  return insertAuditRecord(tx, {
    at: clock.now(),
    actorKind: 'staff',
    staffUserId: actor.staff.id,
    role: actor.staff.role,
    callName: actor.request.routeOptions.config.callName ?? actor.request.routeOptions.url ?? 'unknown',
    entityType: target.entityType,
    entityId: String(entityId),
    customerId: change.customerId ?? target.customerId ?? null,
    loanId: change.loanId ?? target.loanId ?? null,
    before: change.before,
    after: change.after,
    reason: target.reason ?? null,
    proposalId: target.proposalId ?? null,
    requestId: String(actor.request.id),
    ip: actor.request.ip,
  });
}

/** Counts a committed record on the request, for `registerCall`'s check. */
export function markAudited(request: FastifyRequest, records = 1): void {
  request.auditRecords = (request.auditRecords ?? 0) + records;
}

/** The change and its audit record in one transaction (under `target.lock` when given); the change's result. */
export async function staffWrite<T>(
  deps: StaffWriteDeps,
  actor: AuditActor,
  target: AuditTarget,
  work: (tx: Transaction) => Promise<AuditedChange<T>>,
): Promise<T> {
  const result = await deps.db.transaction(async (tx) => {
    if (target.lock) await lockResource(tx, target.lock);
    const change = await work(tx);
    await recordAudit(tx, deps.clock, actor, target, change);
    return change.result;
  });
  markAudited(actor.request);
  return result;
}

/** True when the request committed at least one audit record. */
export const auditedRequest = (request: FastifyRequest): boolean => (request.auditRecords ?? 0) > 0;
