import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { useShownSession } from '../../lib/session/session.ts';
import { appStore } from '../../lib/storage/store.ts';
import { formatMessage, NAVIGATION_TEXTS } from '../../shared/messages.ts';
import { landingFor } from '../../shared/routes/access.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { logout } from '../session-actions.ts';
import { SHELL_TEXTS } from '../texts.ts';
import { headerLinks } from './header-links.ts';
import { InstallAction } from './InstallAction.tsx';
import { OfferBanner } from './OfferBanner.tsx';
import { useHideOnScrollDown } from './use-hide-on-scroll.ts';

/** The pay shortcut (and the loan schemas it reads) loads only for a customer with an active loan. */
const HeaderPayShortcut = lazy(() => import('./HeaderPayShortcut.tsx'));

/** The mobile menu's panel (react-aria dialog) loads on first open, not with the first page. */
const MobileMenuPanel = lazy(() => import('./MobileMenuPanel.tsx'));

/**
 * The header (first document §2): navigation (Como funciona, Ayuda, About, Contacto), the offer banner, the
 * client-area button with the full name (initials on narrow screens) or the login button, and logout; for a customer
 * with an active loan, the pay shortcut to the first payable instalment's payment page. It hides on
 * scroll down and shows on scroll up. It renders from the stored session at once (a logged-in customer never sees
 * the logged-out header); only while a `jwt` query token is being checked does the account area stay empty.
 */
export function Header() {
  const { known, member, status } = useShownSession();
  const navigate = useNavigate();
  const hidden = useHideOnScrollDown();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const openMenu = () => {
    setMenuLoaded(true);
    setMenuOpen(true);
  };
  return (
    <header className={`app-header${hidden ? ' app-header-hidden' : ''}`}>
      <div className="app-header-inner container">
        <Link className="brand" to={buildPath('home')} aria-label={SHELL_TEXTS.homeLink}>
          <img src="/favicon.svg" alt="" width="32" height="32" fetchPriority="low" />
          <span className="brand-name" aria-hidden="true">
            Préstamo Rápido
          </span>
        </Link>
        <nav className="header-nav" aria-label={SHELL_TEXTS.mainNavigation}>
          <ul>
            {headerLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to}>{link.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <OfferBanner />
        <InstallAction />
        <div className="header-account" aria-busy={!known}>
          {!known ? null : member ? (
            <>
              {member.hasActiveLoan && (
                <Suspense fallback={null}>
                  <HeaderPayShortcut />
                </Suspense>
              )}
              <Link
                className="ui-button ui-button--secondary header-client-area"
                to={landingFor(status)}
                aria-label={formatMessage(SHELL_TEXTS.clientAreaOf, { name: member.fullName })}
              >
                <span className="name-full">{member.fullName}</span>
                <span className="name-initials">{member.twoLetterName}</span>
              </Link>
              <button
                type="button"
                className="ui-button ui-button--link header-logout"
                onClick={() => void logout(appStore, navigate)}
              >
                {NAVIGATION_TEXTS.logout}
              </button>
            </>
          ) : (
            <Link className="ui-button ui-button--primary header-login" to={buildPath('login')}>
              {NAVIGATION_TEXTS.login}
            </Link>
          )}
        </div>
        <button
          type="button"
          className="mobile-menu-button"
          aria-label={SHELL_TEXTS.openMenu}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={openMenu}
        >
          <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        {menuLoaded ? (
          <Suspense fallback={null}>
            <MobileMenuPanel isOpen={menuOpen} onOpenChange={setMenuOpen} />
          </Suspense>
        ) : null}
      </div>
    </header>
  );
}
