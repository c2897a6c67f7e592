import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SANDBOX_LENDER } from '../../../src/shared/lender.ts';
import { location, renderAt } from './harness.tsx';

/** The back office's shell (src/backoffice): the layout around the login page, where every path leads without a session. */

describe('the back office app', () => {
  it('renders the login page in the layout: skip link, header «Panel de gestión · brand», main content', async () => {
    await renderAt('/backoffice/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Acceso de empleados' })).toBeInTheDocument();
    expect(
      screen.getByText('Inicia sesión con tu correo de trabajo, tu contraseña y el código de tu app de autenticación.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Saltar al contenido' })).toHaveAttribute('href', '#contenido');
    expect(screen.getByRole('banner')).toHaveTextContent(`Panel de gestión · ${SANDBOX_LENDER.tradeName}`);
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'contenido');
    expect(main).toContainElement(screen.getByRole('heading', { level: 1 }));
    // No one is logged in: no name and no 'Cerrar sesión' in the header.
    expect(screen.queryByRole('button', { name: 'Cerrar sesión' })).toBeNull();
  });

  it('sends any other path without a session to the login page, naming it in `volver` (the root: no `volver`)', async () => {
    for (const [path, expected] of [
      ['/backoffice/clientes', '/login?volver=%2Fclientes'],
      ['/backoffice/clientes/12/documentos', '/login?volver=%2Fclientes%2F12%2Fdocumentos'],
      ['/backoffice', '/login'],
    ] as const) {
      await renderAt(path);
      expect(location(), path).toBe(expected);
      expect(screen.getByRole('heading', { level: 1, name: 'Acceso de empleados' })).toBeInTheDocument();
      cleanup();
    }
  });
});
