import { Link } from 'react-router';
import { LOGIN_TEXTS } from '../../../shared/messages-identity.ts';
import { buildPath } from '../../../shared/routes/paths.ts';
import { AUTH_TEXTS } from '../texts.ts';

export interface AccountTabsProps {
  /** The phone typed so far: 'Crea una cuenta' carries it to the register page. */
  phone: string;
}

/**
 * The tabs 'Inicia sesión' and 'Crea una cuenta' (first document §2). Each leads to its own page, so they are links
 * in a navigation landmark (the current one marked with aria-current) rather than an in-page tablist.
 */
export function AccountTabs({ phone }: AccountTabsProps) {
  return (
    <nav className="auth-tabs" aria-label={AUTH_TEXTS.accountNavigation}>
      <span className="auth-tab auth-tab--current" aria-current="page">
        {LOGIN_TEXTS.loginTab}
      </span>
      <Link className="auth-tab" to={buildPath('register', {}, { phone })}>
        {LOGIN_TEXTS.registerTab}
      </Link>
    </nav>
  );
}
