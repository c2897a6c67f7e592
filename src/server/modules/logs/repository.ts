import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { ClientLogAction } from '../../../shared/api/logs.ts';
import type { Executor } from '../../db/connect.ts';
import { clientLogActions, clientLogs } from '../../db/schema/index.ts';

export interface ClientLogMeta {
  deviceId: string;
  sessionHash: string;
  application: string;
  customerId: number | null;
  email: string | null;
  mobilePhone: string | null;
  userAgent: string;
  firstInit: boolean;
}

/**
 * The writes are one statement each (one round trip, atomic): the record's row is created or updated (its contact
 * fields, `action_count`, `updated_at`), the batch's actions are inserted as rows of `client_log_actions` in the
 * order sent, and — only once the record is full — the oldest rows beyond the cap are deleted. No write reads or
 * rewrites the actions already stored, so the 2,000th action costs what the first did (the previous design kept
 * them in one jsonb column rewritten on every write: a few hundred writes a second on PostgreSQL).
 *
 * `log` is a CTE answering (id, action_count) of the record written; `action_count` is already capped. Two
 * concurrent writes to one record may leave it one batch over the cap until its next write (the prune reads the
 * rows as the statement started); nothing is ever lost below the cap.
 */
function withActions(log: SQL, actions: readonly ClientLogAction[], now: Date, cap: number): SQL {
  const count = actions.length;
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`with log as (${log}),
    added as (
      insert into ${clientLogActions} (client_log_id, action, created_at)
      select log.id, e.value, ${at}
      from log, jsonb_array_elements(${JSON.stringify(actions)}::jsonb) with ordinality as e(value, position)
      where e.position > ${Math.max(count - cap, 0)}
      order by e.position
      returning 1
    ),
    pruned as (
      delete from ${clientLogActions} as a using log
      where log.action_count = ${cap} and a.client_log_id = log.id
        and a.id <= (select b.id from ${clientLogActions} as b where b.client_log_id = log.id
                     order by b.id desc offset ${Math.max(cap - count, 0)} limit 1)
      returning 1
    )
    select log.id, log.action_count as "actionCount" from log`;
}

interface WrittenLog {
  id: number;
  actionCount: number;
}

async function written(db: Executor, statement: SQL): Promise<WrittenLog | null> {
  // Both drivers answer a raw statement with `{ rows }` (node-postgres' QueryResult, PGlite's Results).
  const { rows } = (await db.execute(statement)) as unknown as { rows: Array<{ id: unknown; actionCount: unknown }> };
  const [row] = rows;
  return row ? { id: Number(row.id), actionCount: Number(row.actionCount) } : null;
}

/** Create the record of (deviceId, sessionHash), or append to it when it exists. */
export async function upsertClientLog(
  db: Executor,
  meta: ClientLogMeta,
  actions: readonly ClientLogAction[],
  now: Date,
  cap: number,
): Promise<WrittenLog> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const log = sql`insert into ${clientLogs} (device_id, session_hash, application, customer_id, email, mobile_phone,
      user_agent, first_init, action_count, created_at, updated_at)
    values (${meta.deviceId}, ${meta.sessionHash}, ${meta.application}, ${meta.customerId}::integer,
      ${meta.email}::text, ${meta.mobilePhone}::text, ${meta.userAgent}, ${meta.firstInit},
      ${Math.min(actions.length, cap)}, ${at}, ${at})
    on conflict (device_id, session_hash) do update set
      action_count = least(${clientLogs}.action_count + ${actions.length}, ${cap}),
      customer_id = coalesce(excluded.customer_id, ${clientLogs}.customer_id),
      email = coalesce(excluded.email, ${clientLogs}.email),
      mobile_phone = coalesce(excluded.mobile_phone, ${clientLogs}.mobile_phone),
      user_agent = excluded.user_agent,
      updated_at = excluded.updated_at
    returning id, action_count`;
  const row = await written(db, withActions(log, actions, now, cap));
  if (!row) throw new Error('client log upsert returned nothing');
  return row;
}

/** Append actions to an existing record; null when there is none. */
export async function appendClientLog(
  db: Executor,
  key: { deviceId: string; sessionHash: string },
  update: { customerId: number | null; email: string | null; mobilePhone: string | null; userAgent: string },
  actions: readonly ClientLogAction[],
  now: Date,
  cap: number,
): Promise<WrittenLog | null> {
  const log = sql`update ${clientLogs} set
      action_count = least(action_count + ${actions.length}, ${cap}),
      customer_id = coalesce(${update.customerId}::integer, customer_id),
      email = coalesce(${update.email}::text, email),
      mobile_phone = coalesce(${update.mobilePhone}::text, mobile_phone),
      user_agent = ${update.userAgent},
      updated_at = ${now.toISOString()}::timestamptz
    where device_id = ${key.deviceId} and session_hash = ${key.sessionHash}
    returning id, action_count`;
  return written(db, withActions(log, actions, now, cap));
}

/** The stored record (tests, support tooling). */
export async function findClientLog(db: Executor, key: { deviceId: string; sessionHash: string }) {
  const [row] = await db
    .select()
    .from(clientLogs)
    .where(and(eq(clientLogs.deviceId, key.deviceId), eq(clientLogs.sessionHash, key.sessionHash)));
  if (!row) return null;
  const actions = await db
    .select({ action: clientLogActions.action })
    .from(clientLogActions)
    .where(eq(clientLogActions.clientLogId, row.id))
    .orderBy(asc(clientLogActions.id));
  return { ...row, actions: actions.map(({ action }) => action) };
}
