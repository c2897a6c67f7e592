import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ClientLogAction } from '../../../shared/api/logs.ts';
import type { Executor } from '../../db/connect.ts';
import { clientLogs } from '../../db/schema/index.ts';

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
 * `existing || added`, keeping only the newest `cap` actions. The concatenation and its length are computed once
 * (the `offset 0` keeps PostgreSQL from inlining them back into the filter): written inline, the filter concatenated
 * the two arrays again for each of the up to 2,000 actions it walked, and one write to a full record took seconds
 * (issue 22 item 7).
 */
function appendCapped(existing: SQL, added: SQL, cap: number): SQL {
  return sql`(select case when c.n > ${cap}
    then (select coalesce(jsonb_agg(t.e order by t.i), '[]'::jsonb) from jsonb_array_elements(c.v) with ordinality as t(e, i)
          where t.i > c.n - ${cap})
    else c.v end
    from (select x.v, jsonb_array_length(x.v) as n from (select (${existing} || ${added}) as v offset 0) as x offset 0) as c)`;
}

const asJsonb = (actions: readonly ClientLogAction[]) => sql`${JSON.stringify(actions)}::jsonb`;

/** Create the record of (deviceId, sessionHash), or append to it when it exists. */
export async function upsertClientLog(
  db: Executor,
  meta: ClientLogMeta,
  actions: readonly ClientLogAction[],
  now: Date,
  cap: number,
) {
  const [row] = await db
    .insert(clientLogs)
    .values({
      ...meta,
      actions: asJsonb(actions),
      actionCount: Math.min(actions.length, cap),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [clientLogs.deviceId, clientLogs.sessionHash],
      set: {
        actions: appendCapped(sql`${clientLogs.actions}`, sql`excluded.actions`, cap),
        actionCount: sql`least(${clientLogs.actionCount} + ${actions.length}, ${cap})`,
        customerId: sql`coalesce(excluded.customer_id, ${clientLogs.customerId})`,
        email: sql`coalesce(excluded.email, ${clientLogs.email})`,
        mobilePhone: sql`coalesce(excluded.mobile_phone, ${clientLogs.mobilePhone})`,
        userAgent: sql`excluded.user_agent`,
        updatedAt: now,
      },
    })
    .returning({ id: clientLogs.id, actionCount: clientLogs.actionCount });
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
) {
  const [row] = await db
    .update(clientLogs)
    .set({
      actions: appendCapped(sql`${clientLogs.actions}`, asJsonb(actions), cap),
      actionCount: sql`least(${clientLogs.actionCount} + ${actions.length}, ${cap})`,
      customerId: sql`coalesce(${update.customerId}::integer, ${clientLogs.customerId})`,
      email: sql`coalesce(${update.email}::text, ${clientLogs.email})`,
      mobilePhone: sql`coalesce(${update.mobilePhone}::text, ${clientLogs.mobilePhone})`,
      userAgent: update.userAgent,
      updatedAt: now,
    })
    .where(and(eq(clientLogs.deviceId, key.deviceId), eq(clientLogs.sessionHash, key.sessionHash)))
    .returning({ id: clientLogs.id, actionCount: clientLogs.actionCount });
  return row ?? null;
}

/** The stored record (tests, support tooling). */
export async function findClientLog(db: Executor, key: { deviceId: string; sessionHash: string }) {
  const [row] = await db
    .select()
    .from(clientLogs)
    .where(and(eq(clientLogs.deviceId, key.deviceId), eq(clientLogs.sessionHash, key.sessionHash)));
  return row ?? null;
}
