import './mobile-menu.css';
import { I18nProvider } from 'react-aria-components/I18nProvider';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components/Modal';
import { LOCALE } from '../../shared/constants.ts';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../lib/session/session.ts';
import { appStore } from '../../lib/storage/store.ts';
import { CONTACT } from '../../lib/lender.ts';
import { NAVIGATION_TEXTS } from '../../shared/messages.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { logout } from '../session-actions.ts';
import { SHELL_TEXTS } from '../texts.ts';
import { headerLinks } from './header-links.ts';
import { useLoanCtaDestination } from '../../lib/loan-flow/use-loan-cta.ts';
import { MenuCreditBalance } from './MenuCreditBalance.tsx';
import { customerMenuLinks } from './menu-links.ts';
import { canAccess } from '../../shared/routes/access.ts';
import { isRegisteredOrLater } from '../../shared/statuses.ts';
import { CALL_ME_ANCHOR } from '../../features/calls/anchor.ts';

/**
 * The mobile menu (first document §2, second document §2 "Side menu"): below 890 px, a 400 px side panel. Visitors
 * get 'Inicia Sesion', 'Crea una Cuenta' and the loan call-to-action; customers, above their links, their credit
 * balance (MenuCreditBalance: what they owe, or their limit), the links their status admits (menu-links.ts: 'Area
 * de Clientes', 'Historial de Prestamos', 'Gestion de la Cuenta', 'Completa tu registro' or 'Solicita tu
 * préstamo') and 'Cerrar Sesion'; everyone the header's links and the contact cards (e-mail; phone with the call
 * centre's hours; for customers who may open the account, 'Te llamamos' to its call scheduling form). Focus trap,
 * Escape and the overlay come from react-aria-components.
 */
export default function MobileMenuPanel({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { member, status } = useSession();
  const navigate = useNavigate();
  const loanCta = useLoanCtaDestination();
  const close = () => onOpenChange(false);
  const customerLinks = customerMenuLinks(status, { hasActiveLoan: member?.hasActiveLoan ?? false, loanCta });
  return (
    <I18nProvider locale={LOCALE}>
      <ModalOverlay className="mobile-menu-overlay" isDismissable isOpen={isOpen} onOpenChange={onOpenChange}>
        <Modal className="mobile-menu">
          <Dialog className="mobile-menu-dialog">
            <div className="mobile-menu-top">
              <Heading slot="title" className="mobile-menu-title">
                {SHELL_TEXTS.menuTitle}
              </Heading>
              <Button className="mobile-menu-close" aria-label={SHELL_TEXTS.closeMenu} onPress={close}>
                <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </Button>
            </div>
            {member && status !== null && isRegisteredOrLater(status) && <MenuCreditBalance />}
            <nav aria-label={SHELL_TEXTS.mobileNavigation}>
              <ul className="mobile-menu-list">
                {member ? (
                  <>
                    {customerLinks.map((link) => (
                      <li key={link.label}>
                        <Link
                          className={link.primary ? 'ui-button ui-button--primary' : undefined}
                          to={link.to}
                          onClick={close}
                        >
                          {link.label}
                        </Link>
                      </li>
                    ))}
                    <li>
                      <button
                        type="button"
                        className="ui-button ui-button--link"
                        onClick={() => {
                          close();
                          void logout(appStore, navigate);
                        }}
                      >
                        {NAVIGATION_TEXTS.logout}
                      </button>
                    </li>
                  </>
                ) : (
                  <>
                    <li>
                      <Link to={buildPath('login')} onClick={close}>
                        {NAVIGATION_TEXTS.login}
                      </Link>
                    </li>
                    <li>
                      <Link to={buildPath('register')} onClick={close}>
                        {NAVIGATION_TEXTS.createAccount}
                      </Link>
                    </li>
                    <li>
                      <Link className="ui-button ui-button--primary" to={loanCta} onClick={close}>
                        {SHELL_TEXTS.loanCta}
                      </Link>
                    </li>
                  </>
                )}
                {headerLinks.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} onClick={close}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <ul className="mobile-menu-contact" aria-label={SHELL_TEXTS.contactLinks}>
              <li className="mobile-menu-contact-card">
                <span className="mobile-menu-contact-title">{SHELL_TEXTS.contactEmailTitle}</span>
                <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
              </li>
              <li className="mobile-menu-contact-card">
                <span className="mobile-menu-contact-title">{SHELL_TEXTS.contactPhoneTitle}</span>
                <a href={`tel:+34${CONTACT.phone}`}>{CONTACT.phoneDisplay}</a>
                <span className="mobile-menu-contact-note">{SHELL_TEXTS.contactHours}</span>
              </li>
              {status !== null && canAccess('account', status) && (
                <li className="mobile-menu-contact-card">
                  <span className="mobile-menu-contact-title">{SHELL_TEXTS.contactCallMeTitle}</span>
                  <Link to={`${buildPath('account')}#${CALL_ME_ANCHOR}`} onClick={close}>
                    {SHELL_TEXTS.contactCallMe}
                  </Link>
                </li>
              )}
            </ul>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </I18nProvider>
  );
}
