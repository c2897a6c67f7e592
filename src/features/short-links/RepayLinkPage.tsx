import { useParams } from 'react-router';
import { routes } from '../../shared/routes/table.ts';
import { SHORT_LINK_TEXTS } from './texts.ts';
import { useRepayLink } from './use-repay-link.ts';
import './short-links.css';

/**
 * /r/:repayToken, /rx/:repayToken, /rs/:repayToken (routes shortLink, shortLinkX, shortLinkS): logs the customer in
 * with the link's token and sends them where the first document §4 table says; while that runs, a short notice.
 */
export default function RepayLinkPage() {
  const { repayToken } = useParams();
  useRepayLink(repayToken);
  return (
    <section className="page repay-link" aria-labelledby="page-title">
      <h1 id="page-title">{routes.shortLink.title}</h1>
      <div className="repay-link-status" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>{SHORT_LINK_TEXTS.accessing}</p>
      </div>
    </section>
  );
}
