import { sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from './connect.ts';

/**
 * Takes the transaction-scoped advisory lock `name` (PostgreSQL `pg_advisory_xact_lock` on a 64-bit hash of the
 * name; re-entrant in the same transaction, released when it ends). Every lock of the server goes through here.
 */
export async function lockResource(tx: Executor, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
}

/**
 * Runs `work` in a transaction that first takes a transaction-scoped advisory lock on `name` (e.g.
 * `loan-request:customer:42`): two requests on the same resource, on any server instance, run one after the other,
 * so the second sees what the first wrote. The lock a money-moving handler takes on the resource it changes is
 * what stops two *different* idempotency keys from doing the same thing twice.
 */
export async function withResourceLock<T>(db: Database, name: string, work: (tx: Transaction) => Promise<T>) {
  return db.transaction(async (tx) => {
    await lockResource(tx, name);
    return work(tx);
  });
}
