import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../src/backoffice/lib/backoffice-session.ts';
import { staffErrorCodes } from '../../../src/shared/api/staff-error-codes.ts';
import { agent, answer, location, ok, renderAt, requests, sessionOf, staffError, storedSession } from './harness.tsx';

/** The password change (src/backoffice/features/change-password): 12–128 characters, typed twice, then the search. */

const PATH = '/api/membership/staff/changePassword';
const mustChange = { ...agent, mustChangePassword: true };

async function openPage() {
  storedSession(sessionOf(mustChange));
  answer(({ path }) => (path === PATH ? ok(true) : ok(mustChange)));
  await renderAt('/backoffice/cambiar-contrasena');
  await screen.findByRole('heading', { level: 1, name: 'Cambia tu contraseña' });
}

async function fill(current: string, next: string, repeat: string) {
  const user = userEvent.setup();
  for (const [label, value] of [
    ['Contraseña actual', current],
    ['Nueva contraseña', next],
    ['Repite la nueva contraseña', repeat],
  ] as const) {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    if (value) await user.paste(value);
  }
  await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
}

describe('the password change', () => {
  it('checks the new password before sending: length, not the current one, typed twice (Spanish messages)', async () => {
    await openPage();
    await fill('', 'corta', 'otra');
    expect(await screen.findByText('Escribe tu contraseña actual.')).toBeInTheDocument();
    expect(screen.getByText('La nueva contraseña debe tener al menos 12 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('Las contraseñas no coinciden.')).toBeInTheDocument();

    await fill('Demo-Backoffice-1', 'Demo-Backoffice-1', 'Demo-Backoffice-1');
    expect(await screen.findByText('La nueva contraseña debe ser distinta de la actual.')).toBeInTheDocument();

    await fill('Demo-Backoffice-1', 'x'.repeat(129), 'x'.repeat(129));
    expect(await screen.findByText('La nueva contraseña puede tener como máximo 128 caracteres.')).toBeInTheDocument();
    expect(requests.filter((request) => request.path === PATH)).toEqual([]);
  });

  it('sends StaffPasswordChangePost, clears the pending change and goes to the search', async () => {
    await openPage();
    await fill('Demo-Backoffice-1', 'Una-clave-nueva-2', 'Una-clave-nueva-2');
    await waitFor(() => expect(location()).toBe('/clientes'));
    expect(requests.find((request) => request.path === PATH)).toMatchObject({
      method: 'POST',
      body: { currentPassword: 'Demo-Backoffice-1', newPassword: 'Una-clave-nueva-2' },
      headers: { Authorization: 'Bearer bo_test-token' },
    });
    expect(sessionStore.getState().session?.staff.mustChangePassword).toBe(false);
  });

  it('a wrong current password: the server’s message in an alert, the page stays', async () => {
    await openPage();
    answer(() => staffError('WrongCurrentPassword'));
    await fill('No-es-la-actual-1', 'Una-clave-nueva-2', 'Una-clave-nueva-2');
    expect(await screen.findByRole('alert')).toHaveTextContent(staffErrorCodes.WrongCurrentPassword.message);
    expect(location()).toBe('/cambiar-contrasena');
  });
});
