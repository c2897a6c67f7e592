import { I18nProvider } from 'react-aria-components/I18nProvider';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components/Modal';
import { LOCALE } from '../../shared/constants.ts';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../lib/session/session.ts';
import { appStore } from '../../lib/storage/store.ts';
import { CONTACT } from '../../shared/constants.ts';
import { NAVIGATION_TEXTS } from '../../shared/messages.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { logout } from '../session-actions.ts';
import { SHELL_TEXTS } from '../texts.ts';
import { headerLinks } from './header-links.ts';
import { useLoanCtaDestination } from '../../lib/loan-flow/use-loan-cta.ts';
import { MenuCreditBalance } from './MenuCreditBalance.tsx';

/**
 * The mobile menu (first document §2): below 890 px, a 400 px side panel. Visitors get 'Inicia Sesion', 'Crea una
 * Cuenta' and the loan call-to-action; customers 'Area de Clientes', 'Historial de Prestamos', 'Gestion de la
 * Cuenta' and 'Cerrar Sesion', above them their credit balance (what they owe, src/lib/loans); both the contact links. Focus trap, Escape and the overlay come from
 * react-aria-components.
 */
export default function MobileMenuPanel({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { member } = useSession();
  const navigate = useNavigate();
  const loanCta = useLoanCtaDestination();
  const close = () => onOpenChange(false);
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
            {member && <MenuCreditBalance />}
            <nav aria-label={SHELL_TEXTS.mobileNavigation}>
              <ul className="mobile-menu-list">
                {member ? (
                  <>
                    <li>
                      <Link to={buildPath('dashboard')} onClick={close}>
                        {NAVIGATION_TEXTS.clientArea}
                      </Link>
                    </li>
                    <li>
                      <Link to={buildPath('creditHistory')} onClick={close}>
                        {NAVIGATION_TEXTS.loanHistory}
                      </Link>
                    </li>
                    <li>
                      <Link to={buildPath('account')} onClick={close}>
                        {NAVIGATION_TEXTS.accountManagement}
                      </Link>
                    </li>
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
              <li>
                <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
              </li>
              <li>
                <a href={`tel:+34${CONTACT.phone}`}>{CONTACT.phoneDisplay}</a>
              </li>
            </ul>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </I18nProvider>
  );
}
