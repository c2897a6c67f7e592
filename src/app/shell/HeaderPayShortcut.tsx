import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { Link } from 'react-router';
import { onlineAtom } from '../../lib/pwa/network-status.ts';
import { Button } from '../../lib/ui/Button.tsx';
import { firstPayablePayment } from '../../lib/loans/loan-links.ts';
import { PAY_DISABLED_TEXTS } from '../../lib/loans/texts.ts';
import { useLoans } from '../../lib/loans/use-loans.ts';
import { formatMessage } from '../../shared/messages.ts';
import { todayInMadrid } from '../../shared/madrid-today.ts';
import { formatMoney } from '../../shared/money.ts';
import { SHELL_TEXTS } from '../texts.ts';

/**
 * The header's pay shortcut: shown only while a running loan has a payable instalment, it goes to that
 * instalment's payment page (the earliest one of the customer's loans). It reads the loans the dashboard and the side
 * menu read (src/lib/loans), loading them once when nothing is known yet. Loaded on demand by the header, only for a
 * customer with an active loan, so visitors' first load does not carry the loan schemas.
 */
export default function HeaderPayShortcut() {
  const { loans, stale, checking } = useLoans();
  const online = useAtomValue(onlineAtom);
  const reasonId = useId();
  const target = loans ? firstPayablePayment(loans, todayInMadrid()) : undefined;
  if (!target) return null;
  if (stale) {
    // Offline or with out-of-date loans, paying is disabled here as on the dashboard's card, with the same reason.
    return (
      <>
        <Button className="header-pay" isDisabled aria-describedby={reasonId}>
          {SHELL_TEXTS.payShortcut}
        </Button>
        <span id={reasonId} className="visually-hidden">
          {!online
            ? PAY_DISABLED_TEXTS.offlineReason
            : checking
              ? PAY_DISABLED_TEXTS.checkingReason
              : PAY_DISABLED_TEXTS.staleReason}
        </span>
      </>
    );
  }
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
