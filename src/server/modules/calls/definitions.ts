import type { CallTimingDefinition, CallTimingKind } from '../../../shared/api/calls-staff.ts';
import type { IsoDate } from '../../../shared/calendar.ts';
import { todayInMadrid } from '../../../shared/madrid-today.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import { staffWrite, type AuditActor, type StaffWriteDeps } from '../../audit/staff-write.ts';
import { BusinessError } from '../../http/errors.ts';
import { isActiveCamOrAdmin } from '../staff/index.ts';
import {
  countDefinitions,
  deleteDefinition,
  findDefinitionForUpdate,
  findDefinitionViews,
  findDefinitionViewsByIds,
  insertDefinitions,
  type DefinitionView,
  type NewDefinition,
} from './definition-repository.ts';
import { DEFAULT_CALL_HOURS } from './timing.ts';

/**
 * The call timing definitions' staff calls (docs/backoffice.md §5 "To-dos and call timing"): list, add, remove, and
 * the default hours into an empty table. Each write is one transaction with its audit record (entity `callTiming`).
 * An agent manages only their own hours; administrators everyone's and the team's.
 */

type StaffActor = AuditActor & { staff: AuthenticatedStaff };

/** Every change of the definitions takes this lock first (the default hours' "none exist" check needs it). */
const DEFINITIONS_LOCK = 'call-timing-definitions';

const isCam = (staff: AuthenticatedStaff) => staff.role === 'cam';

const name = (id: number | null, fullName: string | null) =>
  id === null || fullName === null ? null : { id, fullName };

function definitionOf(row: DefinitionView): CallTimingDefinition {
  return {
    id: row.id,
    weekday: row.weekday,
    onDate: row.onDate,
    startTime: row.startsAt,
    endTime: row.endsAt,
    capacity: row.capacity,
    staff: name(row.staffUserId, row.ownerName),
    kind: row.kind,
    createdBy: name(row.createdBy, row.creatorName),
    createdAt: row.createdAt.toISOString(),
  };
}

const auditedOf = (row: Omit<NewDefinition, 'createdAt' | 'createdBy'>) => ({
  weekday: row.weekday ?? null,
  onDate: row.onDate ?? null,
  startsAt: row.startsAt.slice(0, 5),
  endsAt: row.endsAt.slice(0, 5),
  capacity: row.capacity ?? 1,
  staffUserId: row.staffUserId ?? null,
  kind: row.kind,
});

/** CallTimingDefinitionsGet: the weekday definitions and the dated ones from `fromDate` (default today) on. */
export async function listDefinitions(deps: StaffWriteDeps, fromDate: IsoDate | undefined) {
  const rows = await findDefinitionViews(deps.db, fromDate ?? todayInMadrid(deps.clock.now()));
  return rows.map(definitionOf);
}

export interface DefinitionBody {
  /** A weekday 1–7 or a date. */
  day: number | IsoDate;
  startTime: string;
  endTime: string;
  capacity: number;
  staffUserId?: number | undefined;
  kind: CallTimingKind;
  reason?: string | undefined;
}

/** CallTimingAddPost. */
export async function addDefinition(
  deps: StaffWriteDeps,
  actor: StaffActor,
  body: DefinitionBody,
): Promise<CallTimingDefinition> {
  const { staff } = actor;
  if (body.endTime <= body.startTime) throw new BusinessError('CallTimingTimesInvalid');
  if (isCam(staff) && body.staffUserId !== undefined && body.staffUserId !== staff.id) {
    throw new BusinessError('CallTimingOthersHours');
  }
  const staffUserId = body.staffUserId ?? (isCam(staff) ? staff.id : null);
  const target = { entityType: 'callTiming', reason: body.reason ?? null, lock: DEFINITIONS_LOCK };
  const id = await staffWrite(deps, actor, target, async (tx) => {
    if (staffUserId !== null && !(await isActiveCamOrAdmin(tx, staffUserId))) {
      throw new BusinessError('CallTimingStaffInvalid');
    }
    const row = {
      weekday: typeof body.day === 'number' ? body.day : null,
      onDate: typeof body.day === 'string' ? body.day : null,
      startsAt: body.startTime,
      endsAt: body.endTime,
      capacity: body.capacity,
      staffUserId,
      kind: body.kind,
    };
    const [inserted] = await insertDefinitions(tx, [{ ...row, createdBy: staff.id, createdAt: deps.clock.now() }]);
    if (inserted === undefined) throw new Error('call_timing_definitions insert returned no id');
    return { entityId: inserted, before: null, after: auditedOf(row), result: inserted };
  });
  const [view] = await findDefinitionViewsByIds(deps.db, [id]);
  if (!view) throw new Error(`call timing definition ${id} not found after insert`);
  return definitionOf(view);
}

/** CallTimingRemovePost: the definition goes; bookings already made in its hours stay. */
export async function removeDefinition(
  deps: StaffWriteDeps,
  actor: StaffActor,
  body: { id: number; reason?: string | undefined },
): Promise<boolean> {
  const target = { entityType: 'callTiming', entityId: body.id, reason: body.reason ?? null, lock: DEFINITIONS_LOCK };
  return staffWrite(deps, actor, target, async (tx) => {
    const row = await findDefinitionForUpdate(tx, body.id);
    if (!row) throw new BusinessError('CallTimingNotFound');
    if (isCam(actor.staff) && row.staffUserId !== actor.staff.id) throw new BusinessError('CallTimingOthersHours');
    await deleteDefinition(tx, body.id);
    return { before: auditedOf(row), after: null, result: true };
  });
}

/** CallTimingAutoInsertPost: the default hours, only into an empty table. */
export async function autoInsertDefinitions(deps: StaffWriteDeps, actor: StaffActor): Promise<CallTimingDefinition[]> {
  const target = { entityType: 'callTiming', entityId: 'defaults', lock: DEFINITIONS_LOCK };
  const ids = await staffWrite(deps, actor, target, async (tx) => {
    if ((await countDefinitions(tx)) > 0) throw new BusinessError('CallTimingDefinitionsExist');
    const at = deps.clock.now();
    const rows = Object.entries(DEFAULT_CALL_HOURS).flatMap(([weekday, hours]) =>
      hours
        ? [{ weekday: Number(weekday), startsAt: hours[0], endsAt: hours[1], capacity: 1, kind: 'open' as const }]
        : [],
    );
    const inserted = await insertDefinitions(
      tx,
      rows.map((row) => ({ ...row, createdBy: actor.staff.id, createdAt: at })),
    );
    return { before: null, after: { definitions: rows.map(auditedOf) }, result: inserted };
  });
  return (await findDefinitionViewsByIds(deps.db, ids)).map(definitionOf);
}
