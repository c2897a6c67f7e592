import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineCall } from '../../../src/shared/api/define.ts';
import type { Database } from '../../../src/server/db/connect.ts';
import { withResourceLock } from '../../../src/server/db/locks.ts';
import { BusinessError } from '../../../src/server/http/errors.ts';
import type { KeepAnswer } from '../../../src/server/http/idempotency.ts';
import { registerCall } from '../../../src/server/http/register-call.ts';

/**
 * A test-only money-moving call shaped like the real ones (RequestLoanPost, PayLoanPost …): idempotent, a customer
 * call, and a handler that locks the resource it changes and refuses to do the same thing twice. It counts its own
 * runs, so a test can tell a stored answer from a second run.
 */
export const ProbeTransferPost = defineCall({
  name: 'ProbeTransferPost',
  method: 'POST',
  path: '/api/test/accounts/:accountId/transfers',
  auth: 'customer',
  roles: ['user'],
  idempotent: true,
  params: z.strictObject({ accountId: z.coerce.number().int().positive().max(1_000_000) }),
  body: z.strictObject({
    amount: z.number().int().positive().max(1_000_000),
    /**
     * `slow`: the handler takes 400 ms; `fail`: it throws (500); `refuse`: it answers a business error; `kept`: it
     * keeps its answer with its change (keepAnswer); `keptSlow`: the same, after 400 ms.
     */
    mode: z.enum(['normal', 'slow', 'fail', 'refuse', 'kept', 'keptSlow']).optional(),
  }),
  response: z.object({ transferId: z.string(), accountId: z.number(), amount: z.number() }),
  errors: ['ActiveLoanExists', 'LoanNotFound'],
});

/** A second idempotent call, to reuse a key across calls. */
export const ProbeRefundPost = defineCall({
  name: 'ProbeRefundPost',
  method: 'POST',
  path: '/api/test/accounts/:accountId/refunds',
  auth: 'customer',
  roles: ['user'],
  idempotent: true,
  params: ProbeTransferPost.params,
  body: ProbeTransferPost.body,
  response: ProbeTransferPost.response,
});

export interface TransferProbe {
  /** Handler runs so far, per customer id. */
  runs: Map<number, number>;
  routes: (app: FastifyInstance) => Promise<void>;
  /** Creates the probe's table (one per database, kept). */
  prepare(db: Database): Promise<void>;
  transfersOf(db: Database, customerId: number): Promise<number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function transferProbe(): TransferProbe {
  const runs = new Map<number, number>();
  return {
    runs,
    prepare: async (db) => {
      await db.execute(sql`create table if not exists probe_transfers (
        customer_id integer not null, account_id integer not null, transfer_id text not null, amount integer not null,
        primary key (customer_id, account_id))`);
    },
    transfersOf: async (db, customerId) => {
      const rows = await db.execute<{ count: number }>(
        sql`select count(*)::int as count from probe_transfers where customer_id = ${customerId}`,
      );
      return Number((rows as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0);
    },
    routes: async (app) => {
      const handler = async ({
        params,
        body,
        requireCustomer,
        keepAnswer,
      }: {
        params: { accountId: number };
        body: { amount: number; mode?: 'normal' | 'slow' | 'fail' | 'refuse' | 'kept' | 'keptSlow' };
        requireCustomer(): { id: number };
        keepAnswer: KeepAnswer<{ transferId: string; accountId: number; amount: number }>;
      }) => {
        const customer = requireCustomer();
        runs.set(customer.id, (runs.get(customer.id) ?? 0) + 1);
        if (body.mode === 'slow' || body.mode === 'keptSlow') await sleep(400);
        else await sleep(5);
        if (body.mode === 'fail') throw new Error('probe transfer failed');
        if (body.mode === 'refuse') throw new BusinessError('LoanNotFound');
        // The handler's own guard: one transfer per customer and account, whatever the key.
        return withResourceLock(app.db, `probe-transfer:${customer.id}:${params.accountId}`, async (tx) => {
          const existing = await tx.execute(
            sql`select 1 from probe_transfers where customer_id = ${customer.id} and account_id = ${params.accountId}`,
          );
          if ((existing as unknown as { rows: unknown[] }).rows.length > 0) throw new BusinessError('ActiveLoanExists');
          const transferId = randomUUID();
          await tx.execute(sql`insert into probe_transfers (customer_id, account_id, transfer_id, amount)
            values (${customer.id}, ${params.accountId}, ${transferId}, ${body.amount})`);
          const answer = { transferId, accountId: params.accountId, amount: body.amount };
          return body.mode === 'kept' || body.mode === 'keptSlow' ? keepAnswer(tx, answer) : answer;
        });
      };
      registerCall(app, ProbeTransferPost, handler, { rateLimit: false });
      registerCall(app, ProbeRefundPost, handler, { rateLimit: false });
    },
  };
}
