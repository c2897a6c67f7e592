import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ImpedimentsGet, StaffImpediment } from '../../../shared/api/impediment-staff.ts';
import { IMPEDIMENT_MOVES, IMPEDIMENT_STATUS_NAMES, type ImpedimentStatus } from '../../../shared/payment-statuses.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import { staffWrite, type AuditActor, type StaffWriteDeps } from '../../audit/staff-write.ts';
import type { Executor } from '../../db/connect.ts';
import { loanImpediments } from '../../db/schema/index.ts';
import { ApiError, BusinessError } from '../../http/errors.ts';
import { customerScopeOf, findScopedCustomer } from '../customer/index.ts';
import { customerLoanLock } from '../loan/index.ts';
import { findImpediment, impedimentsPage, lockImpediment, moveImpediment, type NamedImpediment } from './repository.ts';

/**
 * The impediments in the back office (docs/rules/payments.md "Impediments"): the queue (ImpedimentsGet, oldest
 * first) and the moves of IMPEDIMENT_MOVES (ImpedimentStatusPost) with the agent's note, audited.
 */

type Actor = AuditActor & { staff: AuthenticatedStaff };
type Scope = Pick<AuthenticatedStaff, 'role' | 'collectionCompanyId'>;
type Query = z.output<(typeof ImpedimentsGet)['query']>;

function impedimentOf({ impediment, firstName, lastName, handledBy }: NamedImpediment): StaffImpediment {
  return {
    id: impediment.id,
    customerId: impediment.customerId,
    customerName: `${firstName} ${lastName}`.trim(),
    loanId: impediment.loanId,
    reason: impediment.reason,
    comment: impediment.comment,
    status: impediment.status,
    createdAt: impediment.createdAt.toISOString(),
    handledBy:
      handledBy === null || impediment.handledByStaffId === null
        ? null
        : { id: impediment.handledByStaffId, fullName: handledBy },
    handledAt: impediment.handledAt?.toISOString() ?? null,
    note: impediment.note,
  };
}

export async function staffImpediments(db: Executor, staff: Scope, query: Query) {
  const where = and(
    query.status ? eq(loanImpediments.status, query.status) : undefined,
    query.customerId ? eq(loanImpediments.customerId, query.customerId) : undefined,
    query.loanId ? eq(loanImpediments.loanId, query.loanId) : undefined,
    customerScopeOf(staff),
  );
  const { rows, total } = await impedimentsPage(db, where, query);
  return { items: rows.map(impedimentOf), page: query.page, pageSize: query.pageSize, total, totalCapped: false };
}

async function answerOf(db: Executor, impedimentId: number): Promise<StaffImpediment> {
  const { rows } = await impedimentsPage(db, eq(loanImpediments.id, impedimentId) as SQL, { page: 1, pageSize: 1 });
  return impedimentOf(rows[0]!);
}

export async function moveImpedimentByStaff(
  deps: StaffWriteDeps,
  actor: Actor,
  impedimentId: number,
  body: { status: ImpedimentStatus; reason: string },
): Promise<StaffImpediment> {
  const found = await findImpediment(deps.db, impedimentId);
  if (!found) throw new BusinessError('StaffImpedimentNotFound');
  try {
    await findScopedCustomer(deps.db, actor.staff, found.customerId);
  } catch (error) {
    if (error instanceof ApiError && error.codeName === 'StaffCustomerNotFound')
      throw new BusinessError('StaffImpedimentNotFound');
    throw error;
  }
  const target = {
    entityType: 'impediment',
    entityId: impedimentId,
    customerId: found.customerId,
    loanId: found.loanId,
    reason: body.reason,
    lock: customerLoanLock(found.customerId),
  };
  await staffWrite(deps, actor, target, async (tx) => {
    const current = (await lockImpediment(tx, impedimentId))!;
    const from = current.status;
    if (from === body.status) return { before: { status: from }, after: { status: from }, result: null };
    if (!IMPEDIMENT_MOVES[from].includes(body.status))
      throw new BusinessError('ImpedimentMoveNotAllowed', {
        from: IMPEDIMENT_STATUS_NAMES[from],
        to: IMPEDIMENT_STATUS_NAMES[body.status],
      });
    await moveImpediment(tx, impedimentId, {
      status: body.status,
      staffId: actor.staff.id,
      at: deps.clock.now(),
      note: body.reason,
    });
    return { before: { status: from }, after: { status: body.status }, result: null };
  });
  return answerOf(deps.db, impedimentId);
}
