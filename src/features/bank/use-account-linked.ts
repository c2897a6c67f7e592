import { useStore } from 'jotai';
import { startTransition, useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { getMemberDetails } from '../../lib/api/calls/get-member-details.ts';
import { updateMemberDetails } from '../../lib/session/session.ts';
import { showToast } from '../../lib/ui/toast-store.ts';
import { SUCCESS_TOASTS } from '../../shared/messages-loan.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { LOAN_FLOW_QUERY } from '../../shared/routes/table.ts';
import type { CustomerStatus } from '../../shared/statuses.ts';

/** The `l` query parameter of the loan flow, kept on every navigation inside it. */
export function useLoanFlowId(): string | undefined {
  const [search] = useSearchParams();
  return search.get(LOAN_FLOW_QUERY) ?? undefined;
}

/**
 * Where the customer goes once an account is linked, by the status the credit decision left (second document §4,
 * §6): systemApproved → their limit; declined → the declined dashboard; a customer who already had loans (adding
 * another account) → back to the loan request. Inside the flow `l` is kept.
 */
export function pathAfterLinking(status: CustomerStatus, loanFlowId: string | undefined): string {
  const query = { [LOAN_FLOW_QUERY]: loanFlowId };
  if (status === 'systemApproved') return buildPath('loanRequestLimitApprove', {}, query);
  if (status === 'declined') return buildPath('dashboardDeclined');
  return buildPath('loanRequest', {}, query);
}

/**
 * What follows a linked account (scrape `succeeded`, `decisionRejected`, or a manual entry): the success toast, the
 * customer's details fetched again (the server's decision changed their status), and the next page. The new status
 * and the navigation are applied in one transition: the bank credentials route redirects by status, and the new
 * status alone would send the customer to the status page (dashboard) before the navigation lands.
 */
export function useAccountLinked() {
  const store = useStore();
  const navigate = useNavigate();
  const loanFlowId = useLoanFlowId();
  return useCallback(
    async ({ declined = false }: { declined?: boolean } = {}) => {
      if (!declined) showToast({ alertType: 'success', content: SUCCESS_TOASTS.bankAccountAdded });
      let details;
      try {
        details = await getMemberDetails();
      } catch {
        // The global catalogue has told the customer; the next start-up refreshes the details.
        if (declined) navigate(buildPath('dashboardDeclined'), { replace: true });
        return;
      }
      const target = declined ? buildPath('dashboardDeclined') : pathAfterLinking(details.status, loanFlowId);
      startTransition(() => {
        navigate(target, { replace: true });
        void updateMemberDetails(store, details);
      });
    },
    [store, navigate, loanFlowId],
  );
}
