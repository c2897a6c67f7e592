import { RESET } from 'jotai/utils';
import { putLoanFlowDraft } from '../api/calls/loan-flow.ts';
import { randomId } from '../api/random-id.ts';
import type { LoanFlowDraft, LoanFlowStep } from '../../shared/api/loan.ts';
import { defaultFlow } from '../../shared/loan/payment-dates.ts';
import { todayInMadrid } from '../../shared/madrid-today.ts';
import { fillPath } from '../../shared/routes/paths.ts';
import { LOAN_FLOW_QUERY } from '../../shared/routes/table.ts';
import { currentSession } from '../session/session.ts';
import { loanFlowIdsAtom } from '../storage/atoms.ts';
import { loanFlowAtom, type SavedLoanFlow } from '../storage/loan-flow-atom.ts';
import type { AppStore } from '../storage/store.ts';

/**
 * The saved loan flow (second document §3, §4): a persisted atom per id (the `l` query parameter, 1 day), the
 * customer's current flow id (loanFlowIdsAtom, read by the loan call-to-action), and a copy on the server
 * (LoanFlowDraftPut, debounced) so the same customer can resume it on another device ('Continúa tu solicitud').
 */

/** Wait after the last change before the server copy is saved. */
export const DRAFT_SAVE_DEBOUNCE_MS = 800;

/** A new flow id (the `l` parameter): URL-safe, 8-100 characters as the draft contract wants. */
export const newFlowId = (): string => randomId().replaceAll('-', '');

/** A flow created when none is saved (second document §4): the default dto, empty form values. */
export function newSavedFlow(step: LoanFlowStep | undefined, today = todayInMadrid()): SavedLoanFlow {
  return { id: newFlowId(), dto: { ...defaultFlow(today) }, formValues: {}, ...(step ? { step } : {}) };
}

/**
 * The path of a screen after the request (the documents, the card) reached from outside the flow — a repay link's
 * destination (first document §4 table): those screens need a flow to carry `l` on to the next one (without one they
 * send the customer to the dashboard), so one is made on this device only. It is never sent to the server nor made
 * the customer's current flow: the request is already made, and nothing of the form is in it.
 */
export async function postRequestFlowPath(store: AppStore, key: 'documents' | 'financialInfoAddCard'): Promise<string> {
  const flow = newSavedFlow(undefined);
  await store.set(loanFlowAtom(flow.id), flow);
  return flowPath(key, flow.id);
}

/** A route of the flow keeping `l` (every navigation inside the flow keeps it). */
export function flowPath(key: LoanFlowRouteKey, flowId: string): string {
  return fillPath(key, {}, { [LOAN_FLOW_QUERY]: flowId });
}

/** The routes of the loan flow (those with a `loanFlowScreen` in the route table). */
export type LoanFlowRouteKey =
  LoanFlowStep | 'documents' | 'financialInfoAddCard' | 'loanRequestDeclined' | 'loanRequestSuccess';

const pendingDrafts = new Map<string, ReturnType<typeof setTimeout>>();

/** Sends the server copy now (ignores failures: the local copy is the one the form uses). */
export async function sendDraft(flow: SavedLoanFlow): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  try {
    await putLoanFlowDraft({
      flowId: flow.id,
      step: flow.step ?? 'loanRequest',
      dto: flow.dto,
      formValues: flow.formValues,
    });
  } catch {
    // A draft is a convenience: a failure (offline, a status that may not request) changes nothing here.
  }
}

/** Schedules the server copy of a flow `DRAFT_SAVE_DEBOUNCE_MS` after its last change. */
export function scheduleDraft(flow: SavedLoanFlow): void {
  const pending = pendingDrafts.get(flow.id);
  if (pending) clearTimeout(pending);
  pendingDrafts.set(
    flow.id,
    setTimeout(() => {
      pendingDrafts.delete(flow.id);
      void sendDraft(flow);
    }, DRAFT_SAVE_DEBOUNCE_MS),
  );
}

/** Drops the scheduled server copies (tests, logout). */
export function cancelScheduledDrafts(): void {
  for (const timer of pendingDrafts.values()) clearTimeout(timer);
  pendingDrafts.clear();
}

/**
 * Saves a flow locally (its atom, and the customer's current flow id) and, when `toServer`, schedules its server
 * copy. What the form loaded (`loaded`) is local only.
 */
export async function saveFlow(store: AppStore, flow: SavedLoanFlow, { toServer = true } = {}): Promise<void> {
  await store.set(loanFlowAtom(flow.id), flow);
  const session = currentSession(store);
  if (session) {
    const customerId = String(session.memberDetails.id);
    const ids = await store.get(loanFlowIdsAtom);
    if (ids[customerId] !== flow.id) await store.set(loanFlowIdsAtom, { ...ids, [customerId]: flow.id });
    if (toServer) scheduleDraft(flow);
  }
}

/** A server draft as a local flow (resume on another device). */
export function flowFromDraft(draft: LoanFlowDraft): SavedLoanFlow {
  return { id: draft.flowId, dto: draft.dto, formValues: draft.formValues, step: draft.step };
}

/**
 * The flow is over (the loan request success page): it is no longer the customer's current flow (the loan
 * call-to-action then goes by status again) and its pending server copy is dropped (the server deleted its own when
 * the loan was requested). Its saved copy stays, so the links of the success page that keep `l` (documents, add card)
 * still work; `clearFlow` removes it too.
 */
export async function forgetCurrentFlow(store: AppStore, flowId: string): Promise<void> {
  const pending = pendingDrafts.get(flowId);
  if (pending) clearTimeout(pending);
  pendingDrafts.delete(flowId);
  const session = currentSession(store);
  if (!session) return;
  const customerId = String(session.memberDetails.id);
  const ids = await store.get(loanFlowIdsAtom);
  if (ids[customerId] !== flowId) return;
  const rest = { ...ids };
  delete rest[customerId];
  await store.set(loanFlowIdsAtom, rest);
}

/** Forgets a finished flow entirely: `forgetCurrentFlow` and its saved copy on this device. */
export async function clearFlow(store: AppStore, flowId: string): Promise<void> {
  await forgetCurrentFlow(store, flowId);
  await store.set(loanFlowAtom(flowId), RESET);
}
