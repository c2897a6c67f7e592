import { Link } from 'react-router';
import { SHELL_MESSAGES } from '../../shared/messages.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { routes } from '../../shared/routes/table.ts';
import { ContactHelp } from './ContactHelp.tsx';
import { DASHBOARD_DECLINED_TEXTS as TEXT } from './texts.ts';
import './loan-outcome.css';

/**
 * `dashboardDeclined` (/dashboard/declined): where declined customers land (second document §2, §4, §8: a declined
 * status, EligibleAgeError, NotAllowedCustomerStatus). No loan can be offered now; what the customer can still do,
 * when to try again and how to reach us.
 */
export default function DashboardDeclinedPage() {
  return (
    <section className="page page-loan-outcome page-dashboard-declined" aria-labelledby="page-title">
      <h1 id="page-title">{routes.dashboardDeclined.title}</h1>
      <p className="loan-outcome-lead">{TEXT.lead}</p>
      <p>{TEXT.reason}</p>
      <p>{TEXT.charged}</p>
      <h2>{TEXT.whatTitle}</h2>
      <ul>
        {TEXT.what.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <ContactHelp />
      <p className="loan-outcome-actions">
        <Link className="ui-button ui-button--primary" to={buildPath('account')}>
          {TEXT.account}
        </Link>
        <Link className="ui-button ui-button--secondary" to={buildPath('home')}>
          {SHELL_MESSAGES.goHome}
        </Link>
      </p>
    </section>
  );
}
