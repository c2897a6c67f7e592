import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { UpdatePasswordHost } from '../../features/auth/update-password/UpdatePasswordHost.tsx';
import { CookieConsent } from '../../features/cookies/CookieConsent.tsx';
import { onlineAtom } from '../../lib/pwa/network-status.ts';
import { isReadOnlyView } from '../../lib/session/read-only-view.ts';
import { useSession } from '../../lib/session/session.ts';
import { DialogHost } from '../../lib/ui/DialogHost.tsx';
import { lazyOverlay } from '../../lib/ui/lazy-overlay.tsx';
import { ToastHost } from '../../lib/ui/ToastHost.tsx';
import { matchRoute } from '../../shared/routes/paths.ts';
import { type RouteKey } from '../../shared/routes/table.ts';
import { NavigationBridge } from '../navigation.ts';
import { SHELL_TEXTS } from '../texts.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import { SessionEffects } from './SessionEffects.tsx';
import { ScrollOnNavigate } from './ScrollOnNavigate.tsx';

/**
 * Pages that hide the footer on mobile (first document §2 "Pages may hide the footer on mobile"): the loan-flow and
 * form screens, where the footer would push the next button off a phone's screen.
 */
const hideFooterOnMobile: ReadonlySet<RouteKey> = new Set<RouteKey>([
  'login',
  'register',
  'otp',
  'otpChangeMobile',
  'loginForgotPin',
  'loginResetPassword',
  'addressDetails',
  'bankCredentials',
  'loanRequest',
  'loanApply',
  'documents',
  'financialInfoAddCard',
  'payment',
]);

let shellMarked = false;

/** The loan flow's shell part (screen-visit logs, 'Continúa tu solicitud'), loaded for logged-in customers only. */
const LoanFlowLayer = lazyOverlay(() => import('./LoanFlowShell.tsx'), 'LoanFlowShell');

/** The banner of a staff member's read-only view: its code loads only in such a tab. */
const ReadOnlyViewBanner = lazyOverlay(() => import('./ReadOnlyViewBanner.tsx'), 'ReadOnlyViewBanner');

/** The marketing opt-in prompt asks logged-in customers only: its code loads for them. */
const MarketingLayer = lazyOverlay(
  () =>
    import('../../features/marketing/MarketingPrompt.tsx').then(({ MarketingPrompt }) => ({
      default: MarketingPrompt,
    })),
  'MarketingPrompt',
);

/**
 * The shell around every page: header, offline banner, the page, footer, and the dialog and toast hosts. A staff
 * member's read-only view shows its banner and no cookie or marketing prompt (nothing is kept or tracked there).
 */
export function Layout() {
  const readOnly = isReadOnlyView();
  const { pathname } = useLocation();
  const hideFooter = hideFooterOnMobile.has(matchRoute(pathname).key);
  const { loggedIn } = useSession();
  const online = useAtomValue(onlineAtom);
  useEffect(() => {
    // `npm run bench` measures the offline reload up to this mark: the shell has painted.
    if (shellMarked) return;
    shellMarked = true;
    requestAnimationFrame(() => performance.mark('shell-visible'));
  }, []);
  return (
    <>
      <a className="skip-link" href="#main">
        {SHELL_TEXTS.skipToContent}
      </a>
      <Header />
      {readOnly && <ReadOnlyViewBanner retryKey={online} />}
      <OfflineBanner />
      {loggedIn && <LoanFlowLayer retryKey={online} />}
      <main id="main" className="app-main container" tabIndex={-1}>
        <ErrorBoundary key={pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <Footer hideOnMobile={hideFooter} />
      <DialogHost />
      <ToastHost />
      <SessionEffects />
      <NavigationBridge />
      <ScrollOnNavigate />
      <UpdatePasswordHost />
      {!readOnly && <CookieConsent />}
      {loggedIn && !readOnly && <MarketingLayer retryKey={online} />}
    </>
  );
}
