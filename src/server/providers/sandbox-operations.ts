import type { Executor } from '../db/connect.ts';
import { sandboxProviderOperations } from '../db/schema/index.ts';

/**
 * The sandbox providers' ledger (sandbox_provider_operations): what the sandbox card gateway and the sandbox
 * direct-transfer provider answered to each idempotency key, as a real provider keeps it on its side. This file
 * is the table's one writer (tests/unit/lint/table-owners.test.ts); the providers read their rows themselves.
 */

export type SandboxOperation = typeof sandboxProviderOperations.$inferInsert;

/** Records a key's first answer (in the caller's transaction, under its lock of the key). */
export async function recordSandboxOperation(tx: Executor, row: SandboxOperation): Promise<void> {
  await tx.insert(sandboxProviderOperations).values(row);
}

/** Records a key's answer unless a row of the key is there already; whether this call's row went in. */
export async function recordSandboxOperationOnce(tx: Executor, row: SandboxOperation): Promise<boolean> {
  const inserted = await tx
    .insert(sandboxProviderOperations)
    .values(row)
    .onConflictDoNothing()
    .returning({ key: sandboxProviderOperations.idempotencyKey });
  return inserted.length === 1;
}

/** A voided charge: the key's row created, or its outcome replaced and its amount cleared. */
export async function recordVoidedCharge(tx: Executor, key: string, outcome: string, at: Date): Promise<void> {
  await tx
    .insert(sandboxProviderOperations)
    .values({ idempotencyKey: key, kind: 'charge', outcome, amountCents: null, createdAt: at })
    .onConflictDoUpdate({
      target: sandboxProviderOperations.idempotencyKey,
      set: { outcome, amountCents: null },
    });
}
