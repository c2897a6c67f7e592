import { Link } from 'react-router';
import { openCookieSettings } from '../../features/cookies/cookie-settings.ts';
import { CONTACT } from '../../lib/lender.ts';
import { BRAND } from '../../shared/constants.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { SHELL_TEXTS } from '../texts.ts';

const legalLinks = [
  { key: 'termsAndConditions', label: SHELL_TEXTS.legal.terms },
  { key: 'privacyPolicy', label: SHELL_TEXTS.legal.privacy },
  { key: 'cookies', label: SHELL_TEXTS.legal.cookies },
  { key: 'faq', label: SHELL_TEXTS.legal.faq },
  { key: 'contactUs', label: SHELL_TEXTS.legal.contact },
] as const;

/** The footer; a page may hide it on mobile (first document §2) through its route handle. */
export function Footer({ hideOnMobile = false }: { hideOnMobile?: boolean }) {
  return (
    <footer className={`app-footer${hideOnMobile ? ' app-footer-hide-mobile' : ''}`}>
      <div className="container">
        <nav aria-label={SHELL_TEXTS.legalNavigation}>
          <ul className="footer-links">
            {legalLinks.map((link) => (
              <li key={link.key}>
                <Link to={buildPath(link.key)}>{link.label}</Link>
              </li>
            ))}
            <li>
              {/* Reopens the cookie choices; without JavaScript (pre-rendered pages) it is a link to the policy. */}
              <a
                href={buildPath('cookies')}
                onClick={(event) => {
                  event.preventDefault();
                  openCookieSettings();
                }}
              >
                {SHELL_TEXTS.cookieSettings}
              </a>
            </li>
          </ul>
        </nav>
        <p className="footer-contact">
          <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
          <span aria-hidden="true"> · </span>
          <a href={`tel:+34${CONTACT.phone}`}>{CONTACT.phoneDisplay}</a>
        </p>
        <p className="footer-copyright">
          © {new Date().getFullYear()} {BRAND}
        </p>
      </div>
    </footer>
  );
}
