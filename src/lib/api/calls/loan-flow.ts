import {
  LoanApplicationScreensPost,
  LoanFlowDraftGet,
  LoanFlowDraftPut,
  type LoanFlowDraft,
  type LoanFlowDraftPayload,
} from '../../../shared/api/loan.ts';
import type { LoanFlowScreen } from '../../../shared/routes/table.ts';
import { callApi } from '../client.ts';

/**
 * The saved loan flow's calls (used by the loan-flow screens and the app shell). All skip the global error
 * handling: a draft or a screen-visit log is never worth a dialog.
 */

/** LoanFlowDraftPut: the customer's latest unfinished flow on the server (1 day). */
export async function putLoanFlowDraft(draft: LoanFlowDraftPayload): Promise<void> {
  await callApi(LoanFlowDraftPut, { body: draft }, { ignoreErrors: true });
}

/** LoanFlowDraftGet: the customer's latest unfinished flow, null when there is none. */
export function getLoanFlowDraft(): Promise<LoanFlowDraft | null> {
  return callApi(LoanFlowDraftGet, {}, { ignoreErrors: true });
}

/** LoanApplicationScreensPost: one screen visit of the loan flow; failures are ignored. */
export async function postLoanScreenVisit(screen: LoanFlowScreen, status: string, loanFlowId: string | null) {
  try {
    await callApi(
      LoanApplicationScreensPost,
      { body: { screen, status, ...(loanFlowId ? { loanFlowId } : {}) } },
      { ignoreErrors: true },
    );
  } catch {
    // Screen-visit logs are best effort.
  }
}
