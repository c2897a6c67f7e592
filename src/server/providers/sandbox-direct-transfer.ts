import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { DirectTransferOrderStatus } from '../../shared/payment-statuses.ts';
import type { Database, Executor } from '../db/connect.ts';
import { directTransferOrders, sandboxProviderOperations } from '../db/schema/index.ts';
import { updateOrderProviderState } from '../modules/transfer/index.ts';
import type { DirectTransferInit, DirectTransferInitResult, DirectTransferProvider } from './direct-transfer.ts';
import { parseStoredState } from './sandbox-pages.ts';
import { recordSandboxOperationOnce } from './sandbox-operations.ts';

/**
 * The sandbox direct-transfer provider (docs/sandbox.md "Sandbox direct transfer"): its widget page
 * `/sandbox/direct-transfer/widget?order=…` (a bank list, 'Acepto los términos y condiciones', 'Pagar', and
 * buttons that end the widget with a denial, a blocked user or a failed payment) posts the §4 events to the app,
 * and its 'Pagar' plays the provider's server: it calls the app's signed callback. Its state of an order (the
 * app's origin, how the widget ended) is the order's `provider_state`. A customer whose widget ended with
 * `user_blocked` is blocked for 24 hours: a new order is refused (WidgetAccountBlocked). Like a real provider it
 * keeps a ledger of orders by idempotency key (sandbox_provider_operations, kind `transfer`): an init repeated with
 * the same key answers the first outcome (the same order id and state, or the same block) and opens no second order.
 */

export const SANDBOX_TRANSFER_PATHS = {
  widget: '/sandbox/direct-transfer/widget',
  script: '/sandbox/direct-transfer/widget.js',
  pay: '/sandbox/direct-transfer/widget/pay',
  end: '/sandbox/direct-transfer/widget/end',
} as const;

export const SANDBOX_BLOCK_MS = 24 * 60 * 60 * 1000;

/** How the sandbox widget ended: paid, a failed payment, consents denied, a blocked user. */
export const sandboxTransferEndings = ['paid', 'paymentFailed', 'consents_denied', 'user_blocked'] as const;
export type SandboxTransferEnding = (typeof sandboxTransferEndings)[number];

const stateSchema = z.object({
  appOrigin: z.string(),
  ended: z.object({ how: z.enum(sandboxTransferEndings), at: z.string(), bankCode: z.string().nullable() }).nullable(),
});
export type SandboxTransferState = z.infer<typeof stateSchema>;

export const parseSandboxTransferState = (text: string | null): SandboxTransferState | null =>
  parseStoredState(stateSchema, text);

const initOutcomeSchema = z.discriminatedUnion('result', [
  z.object({
    result: z.literal('created'),
    providerOrderId: z.string(),
    widgetUrl: z.string(),
    providerState: z.string().nullable(),
  }),
  z.object({ result: z.literal('blocked') }),
]);

const widgetUrl = (serverOrigin: string, providerOrderId: string) =>
  `${serverOrigin}${SANDBOX_TRANSFER_PATHS.widget}?order=${encodeURIComponent(providerOrderId)}`;

export function createSandboxDirectTransferProvider(deps: { db: Database }): DirectTransferProvider {
  async function open(db: Executor, input: DirectTransferInit): Promise<DirectTransferInitResult> {
    if (await sandboxBlocked(db, input.customerId, input.now)) return { result: 'blocked' };
    const providerOrderId = `sbx_dt_${randomBytes(24).toString('base64url')}`;
    const state: SandboxTransferState = { appOrigin: input.appOrigin, ended: null };
    return {
      result: 'created',
      providerOrderId,
      widgetUrl: widgetUrl(input.serverOrigin, providerOrderId),
      providerState: JSON.stringify(state),
    };
  }
  return {
    name: 'sandbox',
    async initTransfer(input) {
      const key = input.idempotencyKey;
      if (key === undefined) return open(deps.db, input);
      // One transaction, every query through `tx` (PGlite has one connection: `db` here would wait for it).
      return deps.db.transaction(async (tx) => {
        const recorded = async () => {
          const [row] = await tx
            .select({ outcome: sandboxProviderOperations.outcome })
            .from(sandboxProviderOperations)
            .where(eq(sandboxProviderOperations.idempotencyKey, key))
            .for('update');
          return row ? initOutcomeSchema.parse(JSON.parse(row.outcome)) : null;
        };
        const first = await recorded();
        // The sandbox's widget is served by this server as the client reaches it now: the same order, its url here.
        if (first?.result === 'created')
          return { ...first, widgetUrl: widgetUrl(input.serverOrigin, first.providerOrderId) };
        if (first) return first;
        const outcome = await open(tx, input);
        // Two first calls of one key at once: the row inserted first decides, the other answers it.
        const inserted = await recordSandboxOperationOnce(tx, {
          idempotencyKey: key,
          kind: 'transfer',
          outcome: JSON.stringify(outcome),
          amountCents: outcome.result === 'created' ? input.amountCents : null,
          createdAt: input.now,
        });
        return inserted ? outcome : ((await recorded()) ?? outcome);
      });
    },
    widgetUrlOf(order, origins) {
      return widgetUrl(origins.serverOrigin, order.providerOrderId);
    },
  };
}

/** True when a widget of the customer ended with `user_blocked` less than 24 hours before `now`. */
export async function sandboxBlocked(db: Executor, customerId: number, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - SANDBOX_BLOCK_MS);
  const rows = await db
    .select({ providerState: directTransferOrders.providerState })
    .from(directTransferOrders)
    .where(
      and(
        eq(directTransferOrders.customerId, customerId),
        inArray(directTransferOrders.status, ['failed', 'cancelled']),
        gt(directTransferOrders.updatedAt, since),
      ),
    );
  return rows.some((row) => {
    const ended = parseSandboxTransferState(row.providerState)?.ended;
    return ended?.how === 'user_blocked' && new Date(ended.at).getTime() > since.getTime();
  });
}

/** The widget's view of an order. */
export interface SandboxTransferOrder {
  providerOrderId: string;
  status: DirectTransferOrderStatus;
  amountCents: number;
  state: SandboxTransferState;
}

export async function findSandboxTransferOrder(
  db: Executor,
  providerOrderId: string,
): Promise<(SandboxTransferOrder & { storedState: string }) | null> {
  const [row] = await db
    .select({
      status: directTransferOrders.status,
      amountCents: directTransferOrders.amountCents,
      providerState: directTransferOrders.providerState,
    })
    .from(directTransferOrders)
    .where(eq(directTransferOrders.providerOrderId, providerOrderId))
    .limit(1);
  const state = row ? parseSandboxTransferState(row.providerState) : null;
  if (!row || !state || row.providerState === null) return null;
  return { providerOrderId, status: row.status, amountCents: row.amountCents, state, storedState: row.providerState };
}

/** An order the widget may still act on: pending at the app and not ended in the widget. */
export const isSandboxOrderOpen = (order: SandboxTransferOrder): boolean =>
  order.status === 'pending' && order.state.ended === null;

/**
 * Records how the widget ended, once: a compare-and-set on the stored state, so two presses (two tabs) cannot
 * both end the order. Null when the order is unknown or no longer open.
 */
export async function sandboxEndOrder(
  db: Executor,
  providerOrderId: string,
  how: SandboxTransferEnding,
  bankCode: string | null,
  now: Date,
): Promise<SandboxTransferOrder | null> {
  const order = await findSandboxTransferOrder(db, providerOrderId);
  if (!order || !isSandboxOrderOpen(order)) return null;
  const next: SandboxTransferState = { ...order.state, ended: { how, at: now.toISOString(), bankCode } };
  const updated = await updateOrderProviderState(db, {
    providerOrderId,
    storedState: order.storedState,
    providerState: JSON.stringify(next),
  });
  if (!updated) return null;
  return { providerOrderId, status: order.status, amountCents: order.amountCents, state: next };
}
