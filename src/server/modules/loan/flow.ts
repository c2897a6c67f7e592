import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  loanFlowDtoSchema,
  loanFlowFormValuesSchema,
  type LoanFlowDraft,
  type LoanFlowDraftPayload,
} from '../../../shared/api/loan.ts';
import type { LoanFlowScreen } from '../../../shared/api/common.ts';
import type { CustomerStatus } from '../../../shared/statuses.ts';
import type { AuthenticatedCustomer } from '../../auth/sessions.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/connect.ts';
import { BusinessError, HttpError } from '../../http/errors.ts';
import {
  deleteDraft,
  deleteExpiredDraft,
  findDraft,
  findRequestingCustomer,
  hasRestructuredLoan,
  insertScreenVisit,
  upsertDraft,
} from './repository.ts';

/**
 * The saved loan flow on the server (LoanFlowDraftPut/Get): the customer's latest unfinished flow, one row per
 * customer, replaced on each save and kept one day after the last save (second document §3 "Kept 1 day"). An
 * expired draft reads as null and is deleted then; a loan request deletes it. Also the flow's screen-visit log
 * (LoanApplicationScreensPost) and the restructured-loan check (CheckLoanByRestructuredPost).
 */

export const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Customers with a loan flow to save: linking a bank (registered) or requesting (systemApproved, securityChecked). */
const DRAFT_STATUSES: readonly CustomerStatus[] = ['registered', 'systemApproved', 'securityChecked'];

export interface LoanFlowDeps {
  db: Database;
  clock: Clock;
}

const storedFlowSchema = z.object({ dto: loanFlowDtoSchema, formValues: loanFlowFormValuesSchema });

/** A draft's stored flow (JSON text), or null when it is not one (unreadable, or saved under an older shape). */
export function parseStoredFlow(text: string): z.infer<typeof storedFlowSchema> | null {
  const stored = storedFlowSchema.safeParse(safeJson(text));
  return stored.success ? stored.data : null;
}

/** LoanFlowDraftPut. */
export async function saveDraft(
  deps: LoanFlowDeps,
  caller: AuthenticatedCustomer,
  payload: LoanFlowDraftPayload,
): Promise<true> {
  const customer = await findRequestingCustomer(deps.db, caller.id);
  if (!customer) throw new HttpError('Unauthorized');
  if (!DRAFT_STATUSES.includes(customer.status)) throw new BusinessError('NotAllowedCustomerStatus');
  const now = deps.clock.now();
  await upsertDraft(deps.db, {
    customerId: caller.id,
    flowId: payload.flowId,
    step: payload.step,
    flow: JSON.stringify({ dto: payload.dto, formValues: payload.formValues }),
    now,
    expiresAt: new Date(now.getTime() + DRAFT_LIFETIME_MS),
  });
  return true;
}

/** LoanFlowDraftGet: the draft, or null when there is none or it has expired (then it is deleted). */
export async function readDraft(deps: LoanFlowDeps, caller: AuthenticatedCustomer): Promise<LoanFlowDraft | null> {
  const row = await findDraft(deps.db, caller.id);
  if (!row) return null;
  const now = deps.clock.now();
  const stored = parseStoredFlow(row.flow);
  if (row.expiresAt <= now) {
    await deleteExpiredDraft(deps.db, caller.id, now);
    return null;
  }
  if (!stored) {
    // Saved under an older shape of the flow: nothing the client could resume.
    await deleteDraft(deps.db, caller.id);
    return null;
  }
  const step = row.step as LoanFlowDraft['step'];
  return {
    flowId: row.flowId,
    step,
    dto: stored.dto,
    formValues: stored.formValues,
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** LoanApplicationScreensPost: logs the visit; a failure to store it is logged, never answered to the client. */
export async function logScreenVisit(
  deps: LoanFlowDeps & { log: FastifyBaseLogger },
  caller: AuthenticatedCustomer,
  visit: { screen: LoanFlowScreen; status: string; loanFlowId?: string | undefined },
): Promise<true> {
  try {
    await insertScreenVisit(deps.db, {
      customerId: caller.id,
      screen: visit.screen,
      status: visit.status,
      flowId: visit.loanFlowId ?? null,
      now: deps.clock.now(),
    });
  } catch (error) {
    deps.log.warn({ err: error, screen: visit.screen }, 'loan-flow screen visit not stored');
  }
  return true;
}

/** CheckLoanByRestructuredPost: another customer's id is not found. */
export async function checkRestructured(
  deps: LoanFlowDeps,
  caller: AuthenticatedCustomer,
  customerId: number,
): Promise<{ hasRestructuredLoan: boolean; canRequestLoan: boolean }> {
  if (customerId !== caller.id) throw new HttpError('NotFound');
  const has = await hasRestructuredLoan(deps.db, caller.id);
  return { hasRestructuredLoan: has, canRequestLoan: !has };
}
