import { getReviewLink } from '../api/calls/review-link.ts';
import { usePageData } from '../api/use-page-data.ts';
import { useSession } from '../session/session.ts';
import '../ui/button.css';
import './review-invitation.css';

export const REVIEW_TEXTS = {
  title: '¿Qué tal tu experiencia?',
  text: 'Tu préstamo está pagado. Nos ayudaría mucho que nos contaras qué te ha parecido.',
  action: 'Dejar mi opinión',
  opensInNewTab: '(se abre en una pestaña nueva)',
} as const;

/**
 * The invitation to leave a review after a loan is repaid (second document §2 "Review link", §7.1): the link of the
 * loan's review page (CustomerReviewLinkPost, `loan-<id>`: the same link every time), opened in a new tab, loaded
 * through `usePageData`. Nothing shows until the link is there, nor when the server gives none (refused; offline, it
 * is asked again once the connection comes back): it is an invitation, never an error. Used by the dashboard (no
 * running loan, the last one repaid) and the payment success page (the payment repaid the loan).
 */
export function ReviewInvitation({ loanId }: { readonly loanId: number }) {
  const { member } = useSession();
  const customerId = member?.id ?? null;
  const { load } = usePageData(
    async (signal): Promise<{ loanId: number; url: string } | null> =>
      customerId === null ? null : { loanId, url: await getReviewLink(customerId, loanId, signal) },
    { key: `${customerId}:${loanId}` },
  );
  const link = load.kind === 'ready' ? load.value : null;

  if (!link || link.loanId !== loanId || !/^https?:\/\//.test(link.url)) return null;
  return (
    <aside className="review-invitation" aria-labelledby={`review-invitation-${loanId}`}>
      <h2 id={`review-invitation-${loanId}`}>{REVIEW_TEXTS.title}</h2>
      <p>{REVIEW_TEXTS.text}</p>
      <a className="ui-button ui-button--secondary" href={link.url} target="_blank" rel="noopener noreferrer">
        {REVIEW_TEXTS.action} <span className="visually-hidden">{REVIEW_TEXTS.opensInNewTab}</span>
      </a>
    </aside>
  );
}
