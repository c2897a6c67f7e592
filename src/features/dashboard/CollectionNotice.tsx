import { useId } from 'react';
import { COLLECTIONS_CONTACT, CONTACT, LENDER } from '../../lib/lender.ts';
import { messageNodes } from '../../lib/ui/message-nodes.tsx';
import { formatMessage } from '../../shared/messages.ts';
import type { CustomerStatus } from '../../shared/statuses.ts';
import { COLLECTION_TEXTS as TEXT } from './texts.ts';

type NoticeStatus = keyof typeof TEXT.statuses;
const isNoticeStatus = (status: CustomerStatus | null): status is NoticeStatus =>
  status !== null && Object.hasOwn(TEXT.statuses, status);

/**
 * A customer in collection, legal or fraud review reads what it means and who to contact: collection
 * and legal statuses name the lender's collections team (an external collection company acts on the lender's
 * behalf; the team stays reachable), fraud review names customer service. Nothing for the other statuses.
 */
export function CollectionNotice({ status }: { status: CustomerStatus | null }) {
  const titleId = useId();
  if (!isNoticeStatus(status)) return null;
  const text = TEXT.statuses[status];
  const service = status === 'fraud';
  return (
    <section className="dashboard-collection" aria-labelledby={titleId} data-status={status}>
      <h2 id={titleId}>{text.title}</h2>
      <p>{formatMessage(text.body, { lender: LENDER.legalName })}</p>
      <p>
        {service
          ? messageNodes(TEXT.serviceContact, {
              phone: <a href={`tel:+34${CONTACT.freePhone}`}>{CONTACT.freePhoneDisplay}</a>,
              email: <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>,
              hours: LENDER.customerService.hours,
            })
          : messageNodes(TEXT.collectionsContact, {
              phone: <a href={`tel:+34${COLLECTIONS_CONTACT.phone}`}>{COLLECTIONS_CONTACT.phoneDisplay}</a>,
              email: <a href={`mailto:${COLLECTIONS_CONTACT.email}`}>{COLLECTIONS_CONTACT.email}</a>,
              hours: COLLECTIONS_CONTACT.hours,
            })}
      </p>
    </section>
  );
}
