import { useAtomValue } from 'jotai';
import { useSession } from '../session/session.ts';
import { loanFlowIdsAtom } from '../storage/atoms.ts';
import { loanCtaDestination } from '../../shared/routes/cta.ts';

/**
 * Where the loan call-to-action goes (first document §2): logged out → login; with a stored loan-flow id → loanApply;
 * otherwise by status. Used by the mobile menu and by the dashboard without a loan.
 */
export function useLoanCtaDestination(): string {
  const { loggedIn, status, member } = useSession();
  const flowIds = useAtomValue(loanFlowIdsAtom);
  const loanFlowId = member ? (flowIds[String(member.id)] ?? null) : null;
  return loanCtaDestination({ loggedIn, status, loanFlowId });
}
