import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../src/backoffice/lib/backoffice-session.ts';
import { agent, answer, location, ok, renderAt, requests, storedSession } from './harness.tsx';

/**
 * The idle warning (src/backoffice/app/IdleWarning.tsx) on vitest's fake clock: 13 minutes without a call bring the
 * dialog, 'Seguir conectado' calls StaffMeGet and starts the count again, 15 minutes end the session.
 */

const MINUTE = 60_000;
const TITLE = 'Tu sesión caducará en 2 minutos por inactividad';
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

async function loggedIn(): Promise<void> {
  storedSession();
  answer(() => ok(agent));
  await renderAt('/backoffice/clientes');
  await advance(0);
  expect(screen.getByRole('heading', { level: 1, name: 'Buscar cliente' })).toBeInTheDocument();
}

describe('the idle warning', () => {
  it('opens after 13 minutes without a call; ‘Seguir conectado’ calls StaffMeGet and closes it', async () => {
    await loggedIn();
    await advance(13 * MINUTE - 1_000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await advance(1_000);
    const dialog = screen.getByRole('alertdialog', { name: TITLE });
    expect(dialog).toHaveTextContent('Si no haces nada, cerraremos tu sesión');

    const before = requests.length;
    // A virtual click, as assistive technology sends it (userEvent waits on timers this test has stopped).
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Seguir conectado' })));
    await advance(0);
    expect(requests.slice(before).map((request) => request.path)).toEqual(['/api/membership/staff/me']);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    // The count starts again from that call.
    await advance(12 * MINUTE);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await advance(MINUTE);
    expect(screen.getByRole('alertdialog', { name: TITLE })).toBeInTheDocument();
  });

  it('any call of the session counts: the warning moves on', async () => {
    await loggedIn();
    await advance(10 * MINUTE);
    await act(async () => {
      sessionStore.touch();
      await Promise.resolve();
    });
    await advance(10 * MINUTE);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await advance(3 * MINUTE);
    expect(screen.getByRole('alertdialog', { name: TITLE })).toBeInTheDocument();
  });

  it('at 15 minutes the session ends: the login page with the expired message', async () => {
    await loggedIn();
    await advance(15 * MINUTE);
    expect(sessionStore.getState()).toMatchObject({ session: null, ended: 'expired' });
    expect(location()).toBe('/login?volver=%2Fclientes');
    expect(screen.getByRole('alert')).toHaveTextContent('Tu sesión ha caducado. Vuelve a iniciar sesión.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
