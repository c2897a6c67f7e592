import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../src/backoffice/lib/backoffice-session.ts';
import { SESSION_CHANNEL, SESSION_STORAGE_KEY } from '../../../src/backoffice/lib/session-store.ts';
import { agent, answer, location, ok, renderAt, requests, storedSession, unauthorized } from './harness.tsx';

/** The session guard and the header (src/backoffice/app): who may see a page, who is logged in, logging out. */

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('the session guard', () => {
  it('confirms a stored session with StaffMeGet, then shows the page and the member’s name and role', async () => {
    storedSession();
    answer(() => ok({ ...agent, fullName: 'Lucía Agente Demo', role: 'alladmins' }));
    await renderAt('/backoffice/clientes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Buscar cliente' })).toBeInTheDocument();
    expect(requests.map((request) => request.path)).toEqual(['/api/membership/staff/me']);
    expect(screen.getByRole('group', { name: 'Sesión iniciada' })).toHaveTextContent(
      'Lucía Agente Demo · Superadministrador',
    );
    expect(screen.getByRole('searchbox', { name: 'Buscar cliente' })).toBeInTheDocument();
  });

  it('a stored session the server refuses (401) leads to the login page with the expired message', async () => {
    storedSession();
    answer(() => unauthorized);
    await renderAt('/backoffice/clientes');
    await waitFor(() => expect(location()).toBe('/login?volver=%2Fclientes'));
    expect(screen.getByRole('alert')).toHaveTextContent('Tu sesión ha caducado. Vuelve a iniciar sesión.');
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('a pending password change leads every page to /cambiar-contrasena', async () => {
    storedSession();
    answer(() => ok({ ...agent, mustChangePassword: true }));
    await renderAt('/backoffice/clientes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cambia tu contraseña' })).toBeInTheDocument();
    expect(location()).toBe('/cambiar-contrasena');
    expect(screen.getByText('Antes de continuar tienes que cambiar tu contraseña.')).toBeInTheDocument();
  });

  it('an unknown page with a session goes to the search; the login page with one goes on to `volver`, if ours', async () => {
    storedSession();
    answer(() => ok(agent));
    await renderAt('/backoffice/no-existe');
    await waitFor(() => expect(location()).toBe('/clientes'));
    cleanup();
    await renderAt('/backoffice/login?volver=%2Fcambiar-contrasena');
    await waitFor(() => expect(location()).toBe('/cambiar-contrasena'));
    cleanup();
    await renderAt('/backoffice/login?volver=%2F%2Fotro-sitio.example');
    await waitFor(() => expect(location()).toBe('/clientes'));
  });

  it('a network failure while confirming says so and offers to retry', async () => {
    storedSession();
    answer(() => 'network');
    await renderAt('/backoffice/clientes');
    expect(await screen.findByRole('alert')).toHaveTextContent('No hemos podido conectar con el servidor.');
    answer(() => ok(agent));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Buscar cliente' })).toBeInTheDocument();
  });

  it('‘Cerrar sesión’ revokes the session on the server, tells the other tabs and shows the login page', async () => {
    const otherTab = new BroadcastChannel(SESSION_CHANNEL);
    const heard: unknown[] = [];
    otherTab.onmessage = (event: MessageEvent) => heard.push(event.data);
    storedSession();
    answer(({ path }) => (path.endsWith('/logout') ? ok(true) : ok(agent)));
    await renderAt('/backoffice/clientes');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cerrar sesión' }));

    await waitFor(() => expect(location()).toBe('/login'));
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/membership/staff/logout',
      headers: { Authorization: 'Bearer bo_test-token' },
    });
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    await settle();
    expect(heard).toEqual([{ type: 'logout' }]);
    otherTab.close();
  });

  it('a logout in another tab ends this one too: its token revoked, the login page shown', async () => {
    storedSession();
    answer(({ path }) => (path.endsWith('/logout') ? ok(true) : ok(agent)));
    await renderAt('/backoffice/clientes');
    await screen.findByRole('heading', { level: 1, name: 'Buscar cliente' });
    const otherTab = new BroadcastChannel(SESSION_CHANNEL);
    otherTab.postMessage({ type: 'logout' });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(sessionStore.getState().session).toBeNull();
    await waitFor(() => expect(requests.at(-1)?.path).toBe('/api/membership/staff/logout'));
    expect(requests.at(-1)?.headers['Authorization']).toBe('Bearer bo_test-token');
    otherTab.close();
  });
});
