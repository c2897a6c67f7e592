import { Link } from 'react-router';
import { firstPayablePayment } from '../../lib/loans/loan-links.ts';
import { useLoans } from '../../lib/loans/use-loans.ts';
import { formatMessage } from '../../shared/messages.ts';
import { todayInMadrid } from '../../shared/madrid-today.ts';
import { formatMoney } from '../../shared/money.ts';
import { SHELL_TEXTS } from '../texts.ts';

/**
 * The header's pay shortcut (issue 13): shown only while a running loan has a payable instalment, it goes to that
 * instalment's payment page (the earliest one of the customer's loans). It reads the loans the dashboard and the side
 * menu read (src/lib/loans), loading them once when nothing is known yet. Loaded on demand by the header, only for a
 * customer with an active loan, so visitors' first load does not carry the loan schemas.
 */
export default function HeaderPayShortcut() {
  const { loans } = useLoans();
  const target = loans ? firstPayablePayment(loans, todayInMadrid()) : undefined;
  if (!target) return null;
  return (
    <Link
      className="ui-button ui-button--primary header-pay"
      to={target.path}
      aria-label={formatMessage(SHELL_TEXTS.payShortcutLabel, { amount: formatMoney(target.action.amount) })}
    >
      {SHELL_TEXTS.payShortcut}
    </Link>
  );
}
