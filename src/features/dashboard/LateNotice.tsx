import { useId } from 'react';
import { COLLECTIONS_CONTACT } from '../../lib/lender.ts';
import { messageNodes } from '../../lib/ui/message-nodes.tsx';
import { formatIsoDate } from '../../shared/calendar.ts';
import type { LateSummary } from '../../shared/loan/late.ts';
import { formatMessage } from '../../shared/messages.ts';
import { formatMoney } from '../../shared/money.ts';
import { LATE_TEXTS as TEXT } from './texts.ts';

export interface LateNoticeProps {
  readonly late: LateSummary;
  /** Whether the card offers 'Pagar', 'Pago Flexible' and '¿Problemas con un reembolso?' (the §5 rules). */
  readonly canPay: boolean;
  readonly canFlexible: boolean;
  readonly canReportProblem: boolean;
}

/**
 * Late is said, not hidden: on the credit summary of a loan with an overdue instalment, since when and
 * how many days, the amount due now, what the contract says happens next (its «Retrasos en el pago» clause in the
 * app's voice), the ways the card offers to pay or get help, and the collections team's contact.
 */
export function LateNotice({ late, canPay, canFlexible, canReportProblem }: LateNoticeProps) {
  const titleId = useId();
  const contact = COLLECTIONS_CONTACT;
  return (
    <section className="dashboard-late" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {late.installments === 1 ? TEXT.titleOne : formatMessage(TEXT.titleMany, { n: late.installments })}
      </h3>
      <p>
        {formatMessage(late.daysLate === 1 ? TEXT.sinceDay : TEXT.sinceDays, {
          date: formatIsoDate(late.since),
          n: late.daysLate,
        })}
      </p>
      <p className="dashboard-late-amount">
        {TEXT.amountDue}: <strong>{formatMoney(late.amountDue)}</strong>
      </p>
      <p>{TEXT.whatHappens}</p>
      {(canPay || canFlexible || canReportProblem) && (
        <ul className="dashboard-late-ways">
          {canPay && <li>{TEXT.payNow}</li>}
          {canFlexible && <li>{TEXT.flexible}</li>}
          {canReportProblem && <li>{TEXT.problems}</li>}
        </ul>
      )}
      <p className="dashboard-late-help">
        {messageNodes(TEXT.help, {
          phone: <a href={`tel:+34${contact.phone}`}>{contact.phoneDisplay}</a>,
          email: <a href={`mailto:${contact.email}`}>{contact.email}</a>,
          hours: contact.hours,
        })}
      </p>
    </section>
  );
}
