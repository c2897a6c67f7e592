import { Link } from 'react-router';
import { buildPath } from '../../shared/routes/paths.ts';
import { routes } from '../../shared/routes/table.ts';
import { ContactHelp } from './ContactHelp.tsx';
import { LOAN_DECLINED_TEXTS as TEXT } from './texts.ts';
import './loan-outcome.css';

/**
 * `loanRequestDeclined` (/loan-request/declined): the loan request was declined (a restructured loan the server
 * check refuses, no valid account: second document §4). Why it may have happened in general terms, what the
 * customer can do, when to try again, and how to reach us.
 */
export default function LoanDeclinedPage() {
  return (
    <section className="page page-loan-outcome page-loan-declined" aria-labelledby="page-title">
      <h1 id="page-title">{routes.loanRequestDeclined.title}</h1>
      <p className="loan-outcome-lead">{TEXT.lead}</p>
      <p>{TEXT.charged}</p>
      <h2>{TEXT.whyTitle}</h2>
      <ul>
        {TEXT.why.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>{TEXT.responsible}</p>
      <h2>{TEXT.whatTitle}</h2>
      <ul>
        {TEXT.what.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h2>{TEXT.whenTitle}</h2>
      <p>{TEXT.when}</p>
      <ContactHelp />
      <p>
        <Link className="ui-button ui-button--primary" to={buildPath('dashboard')}>
          {TEXT.dashboard}
        </Link>
      </p>
    </section>
  );
}
