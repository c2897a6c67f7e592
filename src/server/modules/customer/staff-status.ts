import {
  isStaffStatusMove,
  mustLogOutStatus,
  type CustomerStatus,
  type CustomerSubStatus,
} from '../../../shared/statuses.ts';
import { revokeAllSessions } from '../../auth/sessions.ts';
import { forgetSessionRows } from '../../auth/session-cache.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import { staffWrite, type AuditActor, type StaffWriteDeps } from '../../audit/staff-write.ts';
import type { Transaction } from '../../db/connect.ts';
import { BusinessError } from '../../http/errors.ts';
import { moveCustomerStatus } from './service.ts';
import { changedFields } from './staff-changes.ts';
import { findScopedCustomer } from './staff-record.ts';
import { customerForUpdate, statusBeforeFraud, updateCustomerFields } from './staff-repository.ts';

/**
 * The customer file's status writes (docs/backoffice.md §5): CustomerStatusPost (the moves of `STAFF_STATUS_MOVES`,
 * with their history row), CustomerSubStatusPost, BlacklistPost and SoftDeleteAndBlacklistPost. Each reads the
 * customer through the staff member's scope first and writes its change with its audit record in one transaction.
 * A customer left `closed` has every session ended in that transaction (their next call is a 401, their login
 * CustomerAlreadyRegistered).
 */

type Actor = AuditActor & { staff: AuthenticatedStaff };

const changedBy = (actor: Actor) => `staff:${actor.staff.id}`;

/** Moves the customer to `to` with its history row, and ends their sessions when `to` logs them out. */
async function moveStatus(
  tx: Transaction,
  deps: StaffWriteDeps,
  actor: Actor,
  move: { id: number; from: CustomerStatus; to: CustomerStatus; reason: string },
) {
  const at = deps.clock.now();
  if (!(await moveCustomerStatus(tx, { ...move, changedBy: changedBy(actor), at })))
    throw new Error(`customer ${move.id} left ${move.from} under its row lock`);
  if (mustLogOutStatus(move.to)) await revokeAllSessions({ db: tx, clock: deps.clock }, move.id);
}

/** Runs a status write for the scoped customer, under its row lock; the local session cache is dropped after. */
async function customerWrite<T>(
  deps: StaffWriteDeps,
  actor: Actor,
  customerId: number,
  reason: string,
  work: Parameters<typeof staffWrite<T>>[3],
): Promise<T> {
  await findScopedCustomer(deps.db, actor.staff, customerId);
  try {
    return await staffWrite(deps, actor, { entityType: 'customer', entityId: customerId, customerId, reason }, work);
  } finally {
    forgetSessionRows();
  }
}

export async function staffMoveStatus(
  deps: StaffWriteDeps,
  actor: Actor,
  body: { customerId: number; status: CustomerStatus; reason: string },
) {
  const { customerId, status: to, reason } = body;
  return customerWrite(deps, actor, customerId, reason, async (tx) => {
    const { status: from } = await customerForUpdate(tx, customerId);
    const beforeFraud = from === 'fraud' ? await statusBeforeFraud(tx, customerId) : null;
    if (!isStaffStatusMove(from, to, beforeFraud)) throw new BusinessError('StaffStatusMoveNotAllowed', { from, to });
    await moveStatus(tx, deps, actor, { id: customerId, from, to, reason });
    return { before: { status: from }, after: { status: to }, result: { customerId, status: to } };
  });
}

/** Sets (or clears) one of the customer's flags that staff own: the sub-status or the blacklist. */
async function setFlag(
  deps: StaffWriteDeps,
  actor: Actor,
  customerId: number,
  reason: string,
  wanted: { subStatus?: CustomerSubStatus | null; isBlacklist?: boolean },
) {
  return customerWrite(deps, actor, customerId, reason, async (tx) => {
    const current = await customerForUpdate(tx, customerId);
    const change = changedFields({ subStatus: current.subStatus, isBlacklist: current.isBlacklist }, wanted);
    if (!change) throw new BusinessError('NothingToChange');
    await updateCustomerFields(tx, customerId, change.after, deps.clock.now());
    return { ...change, result: { ...current, ...change.after } };
  });
}

export async function staffSetSubStatus(
  deps: StaffWriteDeps,
  actor: Actor,
  body: { customerId: number; subStatus: CustomerSubStatus | null; reason: string },
) {
  const { customerId, subStatus } = body;
  await setFlag(deps, actor, customerId, body.reason, { subStatus });
  return { customerId, subStatus };
}

export async function staffSetBlacklist(
  deps: StaffWriteDeps,
  actor: Actor,
  body: { customerId: number; isBlacklist: boolean; reason: string },
): Promise<true> {
  await setFlag(deps, actor, body.customerId, body.reason, { isBlacklist: body.isBlacklist });
  return true;
}

/** SoftDeleteAndBlacklistPost: `closed` (history row), blacklisted, every session ended; no data removed. */
export async function softDeleteAndBlacklist(
  deps: StaffWriteDeps,
  actor: Actor,
  customerId: number,
  reason: string,
): Promise<true> {
  return customerWrite(deps, actor, customerId, reason, async (tx) => {
    const current = await customerForUpdate(tx, customerId);
    if (current.status === 'closed' && current.isBlacklist) throw new BusinessError('NothingToChange');
    if (current.status !== 'closed')
      await moveStatus(tx, deps, actor, { id: customerId, from: current.status, to: 'closed', reason });
    if (!current.isBlacklist) await updateCustomerFields(tx, customerId, { isBlacklist: true }, deps.clock.now());
    // Sessions end whether or not the status moved (a closed customer may still hold one from before).
    await revokeAllSessions({ db: tx, clock: deps.clock }, customerId);
    return {
      before: { status: current.status, isBlacklist: current.isBlacklist },
      after: { status: 'closed', isBlacklist: true },
      result: true,
    };
  });
}
