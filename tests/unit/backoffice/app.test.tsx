import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { BackofficeRoutes } from '../../../src/backoffice/app/routes.tsx';
import { SANDBOX_LENDER } from '../../../src/shared/lender.ts';

/** The back office's shell and its one page for now (src/backoffice): the login page, where every path leads. */

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

async function renderAt(path: string): Promise<void> {
  await act(async () =>
    render(
      <MemoryRouter basename="/backoffice" initialEntries={[path]}>
        <BackofficeRoutes />
        <Location />
      </MemoryRouter>,
    ),
  );
}

afterEach(cleanup);

describe('the back office app', () => {
  it('renders the login page in the layout: skip link, header with the brand, main content', async () => {
    await renderAt('/backoffice/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Acceso de empleados' })).toBeInTheDocument();
    expect(
      screen.getByText('Inicia sesión con tu correo de trabajo, tu contraseña y el código de tu app de autenticación.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Saltar al contenido' })).toHaveAttribute('href', '#contenido');
    expect(screen.getByRole('banner')).toHaveTextContent(`Back office · ${SANDBOX_LENDER.tradeName}`);
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'contenido');
    expect(main).toContainElement(screen.getByRole('heading', { level: 1 }));
    // The form comes with the staff calls: no fake one meanwhile.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('sends any other path, the root included, to the login page', async () => {
    for (const path of ['/backoffice/clientes', '/backoffice/clientes/12/documentos', '/backoffice']) {
      await renderAt(path);
      expect(screen.getByTestId('location'), path).toHaveTextContent(/^\/login$/);
      expect(screen.getByRole('heading', { level: 1, name: 'Acceso de empleados' })).toBeInTheDocument();
      cleanup();
    }
  });
});
