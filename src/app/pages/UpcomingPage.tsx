import { useContext } from 'react';
import { Link } from 'react-router';
import { SHELL_MESSAGES } from '../../shared/messages.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { routes } from '../../shared/routes/table.ts';
import { RouteKeyContext } from '../shell/route-key-context.ts';
import { SHELL_TEXTS } from '../texts.ts';

/** A route whose feature ships in a later release: its title and a way home, never a blank page. */
export default function UpcomingPage() {
  const key = useContext(RouteKeyContext);
  return (
    <section className="page page-upcoming" aria-labelledby="page-title">
      <h1 id="page-title">{key ? routes[key].title : SHELL_MESSAGES.goHome}</h1>
      <p>{SHELL_TEXTS.upcoming}</p>
      <p>
        <Link to={buildPath('home')}>{SHELL_MESSAGES.goHome}</Link>
      </p>
    </section>
  );
}
