import { Outlet } from 'react-router';
import { LENDER } from '../../lib/lender.ts';
import { StaffBar } from './StaffBar.tsx';
import { SHELL_TEXTS } from './texts.ts';

/**
 * Every back-office page: a skip link to the content, the header naming the lender (and, with a session, who is
 * logged in and 'Cerrar sesión'), the page in `<main>`.
 */
export function Layout() {
  return (
    <>
      <a className="skip-link" href="#contenido">
        {SHELL_TEXTS.skipToContent}
      </a>
      <header className="bo-header">
        <p className="bo-header-title">{SHELL_TEXTS.header(LENDER.tradeName)}</p>
        <StaffBar />
      </header>
      <main id="contenido" className="bo-main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
