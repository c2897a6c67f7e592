import { Link } from 'react-router';
import { CONTACT } from '../../lib/lender.ts';
import { formatMessage } from '../../shared/messages.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { CONTACT_TEXTS } from './texts.ts';

/** How to reach customer service: e-mail, phone and the contact page. */
export function ContactHelp() {
  return (
    <>
      <h2>{CONTACT_TEXTS.title}</h2>
      <p>{CONTACT_TEXTS.intro}</p>
      <ul className="loan-outcome-contact">
        <li>
          <a href={`mailto:${CONTACT.email}`}>{formatMessage(CONTACT_TEXTS.email, { email: CONTACT.email })}</a>
        </li>
        <li>
          <a href={`tel:+34${CONTACT.phone}`}>{formatMessage(CONTACT_TEXTS.phone, { phone: CONTACT.phoneDisplay })}</a>
        </li>
        <li>
          <Link to={buildPath('contactUs')}>{CONTACT_TEXTS.page}</Link>
        </li>
      </ul>
    </>
  );
}
