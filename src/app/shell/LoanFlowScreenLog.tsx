import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { postLoanScreenVisit } from '../../lib/api/calls/loan-flow.ts';
import { isReadOnlyView } from '../../lib/session/read-only-view.ts';
import { useSession } from '../../lib/session/session.ts';
import { LOAN_FLOW_DELAYS } from '../../shared/constants.ts';
import { matchRoute } from '../../shared/routes/paths.ts';
import type { CustomerStatus } from '../../shared/statuses.ts';
import { LOAN_FLOW_QUERY, routes } from '../../shared/routes/table.ts';

/** The status sent with each screen visit (second document §4): `status: {status}`, the customer's status. */
export const screenVisitStatus = (status: CustomerStatus) => `status: ${status}`;

/**
 * Screen-visit logs of the loan flow (second document §2, §4): 1 s after a loan-flow screen is shown (any route
 * with a `loanFlowScreen` in the route table: bank credentials, loan apply, limit approval, loan request, documents,
 * card entry, decline, success), LoanApplicationScreensPost with the screen's name, `status: {status}` (the
 * customer's status when the screen was shown) and the flow id. Logged-in
 * customers only; leaving before the second is up sends nothing; errors are ignored.
 */
export function LoanFlowScreenLog() {
  const { pathname, search } = useLocation();
  const { loggedIn, status } = useSession();
  const { key } = matchRoute(pathname);
  const screen = routes[key].loanFlowScreen;
  const flowId = new URLSearchParams(search).get(LOAN_FLOW_QUERY);

  useEffect(() => {
    // A staff member's read-only view logs nothing of the customer's (the server would refuse it anyway).
    if (!loggedIn || !screen || !status || isReadOnlyView()) return;
    const timer = setTimeout(() => {
      void postLoanScreenVisit(screen, screenVisitStatus(status), flowId);
    }, LOAN_FLOW_DELAYS.screenVisitLogMs);
    return () => clearTimeout(timer);
  }, [loggedIn, status, screen, flowId, pathname]);

  return null;
}
