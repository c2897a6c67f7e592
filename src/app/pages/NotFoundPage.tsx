import { useEffect } from 'react';
import { Link } from 'react-router';
import { HTTP_MESSAGES, SHELL_MESSAGES } from '../../shared/messages.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { documentTitle } from '../../shared/routes/table.ts';

/** Any path outside the route table (first document §2): the 404 page with 'Ir a la página de inicio'. */
export function NotFoundPage() {
  useEffect(() => {
    document.title = documentTitle('notFound');
  }, []);
  return (
    <section className="page page-not-found" aria-labelledby="page-title">
      <h1 id="page-title">{HTTP_MESSAGES.notFound.title}</h1>
      <p>{HTTP_MESSAGES.notFound.message}</p>
      <p>
        <Link className="ui-button ui-button--primary" to={buildPath('home')}>
          {SHELL_MESSAGES.goHome}
        </Link>
      </p>
    </section>
  );
}
