import { Link } from 'react-router';
import { SHELL_MESSAGES } from '../../shared/messages.ts';
import { loginRequiredPath } from '../../shared/routes/access.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { SHELL_TEXTS } from '../texts.ts';

/**
 * A denied visitor (first document §2): 'Para acceder a esta pagina debes iniciar sesion.' with a login link carrying
 * `redirectTo` (the current path and query, encoded), or a go-home link when a customer status exists.
 */
export function LoginRequired({ redirectTo, hasStatus }: { redirectTo: string; hasStatus: boolean }) {
  return (
    <section className="page page-login-required" aria-labelledby="page-title">
      <h1 id="page-title">{SHELL_MESSAGES.loginRequired}</h1>
      <p>
        {hasStatus ? (
          <Link className="ui-button ui-button--primary" to={buildPath('home')}>
            {SHELL_MESSAGES.goHome}
          </Link>
        ) : (
          <Link className="ui-button ui-button--primary" to={loginRequiredPath(redirectTo)}>
            {SHELL_TEXTS.loginLink}
          </Link>
        )}
      </p>
    </section>
  );
}
