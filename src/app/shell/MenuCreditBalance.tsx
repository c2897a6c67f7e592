import { runningLoans, totalDebtCents } from '../../lib/loans/loan-links.ts';
import { useLoans } from '../../lib/loans/use-loans.ts';
import { formatMoney } from '../../shared/money.ts';
import { SHELL_TEXTS } from '../texts.ts';

/**
 * The side menu's credit balance (first document §2 "customer credit balance"): what the customer owes on their
 * running loans, from the loans the dashboard and the header read (src/lib/loans). Nothing while unknown or when no
 * loan is running.
 */
export function MenuCreditBalance() {
  const { loans } = useLoans();
  if (!loans || runningLoans(loans).length === 0) return null;
  return (
    <p className="mobile-menu-balance">
      <span>{SHELL_TEXTS.creditBalance}</span> <strong>{formatMoney(totalDebtCents(loans))}</strong>
    </p>
  );
}
