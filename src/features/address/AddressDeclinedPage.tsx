import { Link } from 'react-router';
import { CONTACT } from '../../lib/lender.ts';
import { formatMessage, SHELL_MESSAGES } from '../../shared/messages.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { routes } from '../../shared/routes/table.ts';
import { ADDRESS_DECLINED_TEXTS } from './texts.ts';
import './address.css';

/**
 * The declined page (`addressDetailsDeclined`, /address-details/declined): where a customer lands when a loan request
 * answers CustomerBlacklisted (second document §8 "Loan request"). It says plainly that no loan can be granted now,
 * that nothing was charged, and how to reach customer service, including to ask for a person to review the decision.
 */
export default function AddressDeclinedPage() {
  return (
    <section className="page page-address-declined" aria-labelledby="page-title">
      <h1 id="page-title">{routes.addressDetailsDeclined.title}</h1>
      <p className="address-declined-lead">{ADDRESS_DECLINED_TEXTS.lead}</p>
      <p>{ADDRESS_DECLINED_TEXTS.reason}</p>
      <h2>{ADDRESS_DECLINED_TEXTS.reviewTitle}</h2>
      <p>{ADDRESS_DECLINED_TEXTS.review}</p>
      <ul className="address-declined-contact">
        <li>
          <a href={`mailto:${CONTACT.email}`}>
            {formatMessage(ADDRESS_DECLINED_TEXTS.emailLabel, { email: CONTACT.email })}
          </a>
        </li>
        <li>
          <a href={`tel:+34${CONTACT.phone}`}>
            {formatMessage(ADDRESS_DECLINED_TEXTS.phoneLabel, { phone: CONTACT.phoneDisplay })}
          </a>
        </li>
        <li>
          <Link to={buildPath('contactUs')}>{ADDRESS_DECLINED_TEXTS.contactPage}</Link>
        </li>
      </ul>
      <p>
        <Link className="ui-button ui-button--secondary" to={buildPath('home')}>
          {SHELL_MESSAGES.goHome}
        </Link>
      </p>
    </section>
  );
}
