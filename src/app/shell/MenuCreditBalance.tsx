import { runningLoans, totalDebtCents } from '../../lib/loans/loan-links.ts';
import { useLoans } from '../../lib/loans/use-loans.ts';
import { useSession } from '../../lib/session/session.ts';
import { formatMoney } from '../../shared/money.ts';
import { headerLimitStatuses } from '../../shared/statuses.ts';
import { SHELL_TEXTS } from '../texts.ts';
import { CreditLimits } from './CreditLimits.tsx';

/**
 * The side menu's credit balance (first document §2 "customer credit balance"), for customers registered or later:
 * what they owe on their running loans ('Tu deuda actual'), from the loans the dashboard and the header read
 * (src/lib/loans); without a running loan, a securityChecked or systemApproved customer's credit limit ('TU
 * LIMITE', as the header's banner). Nothing while the loans are unknown, nor for the other statuses.
 */
export function MenuCreditBalance() {
  const { loans } = useLoans();
  const { member, status } = useSession();
  if (!loans || !member) return null;
  if (runningLoans(loans).length > 0) {
    return (
      <p className="mobile-menu-balance">
        <span>{SHELL_TEXTS.creditBalance}</span> <strong>{formatMoney(totalDebtCents(loans))}</strong>
      </p>
    );
  }
  if (status !== null && (headerLimitStatuses as readonly string[]).includes(status)) {
    return (
      <p className="mobile-menu-balance">
        <CreditLimits member={member} />
      </p>
    );
  }
  return null;
}
