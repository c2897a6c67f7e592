import { Outlet } from 'react-router';
import { LENDER } from '../../lib/lender.ts';
import { Nav } from './Nav.tsx';
import { StaffBar } from './StaffBar.tsx';
import { SHELL_TEXTS } from './texts.ts';

/** The sections whose pages are built (a section's page adds itself here with its route in routes.tsx). */
const BUILT_SECTIONS = [
  'customers',
  'portfolio',
  'complaints',
  'todos',
  'impediments',
  'reconciliation',
  'products',
  'calendar',
  'proposals',
  'audit',
  'staffUsers',
] as const;

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
        <Nav sections={BUILT_SECTIONS} />
        <StaffBar />
      </header>
      <main id="contenido" className="bo-main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
