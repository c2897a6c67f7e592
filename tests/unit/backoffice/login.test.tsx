import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../src/backoffice/lib/backoffice-session.ts';
import { SESSION_STORAGE_KEY } from '../../../src/backoffice/lib/session-store.ts';
import { staffErrorCodes } from '../../../src/shared/api/staff-error-codes.ts';
import { agent, answer, location, ok, renderAt, requests, staffError, storedSession, type Answer } from './harness.tsx';

/** The staff login (src/backoffice/features/login): e-mail and password, then the app's code, or first its set-up. */

const LOGIN = '/api/membership/staff/login';
const TOTP = '/api/membership/staff/totp';
const totpAnswer = (staff = agent): Answer =>
  ok({ token: 'bo_new-token', expiresAt: new Date(Date.now() + 36e6).toISOString(), idleSeconds: 900, staff });

async function sendCredentials(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Correo electrónico'), 'agente@demo.prestamo.local');
  await user.type(screen.getByLabelText('Contraseña'), 'Demo-Backoffice-1');
  await user.click(screen.getByRole('button', { name: 'Continuar' }));
}

describe('the staff login', () => {
  it('password then code: opens the session (sessionStorage, not localStorage) and goes to the page asked for', async () => {
    const user = userEvent.setup();
    answer(({ path }) =>
      path === LOGIN ? ok({ step: 'totp', challengeId: 'challenge-1', enrolment: null }) : totpAnswer(),
    );
    await renderAt('/backoffice/login?volver=%2Fclientes%3Fpagina%3D2');
    await sendCredentials(user);

    const heading = await screen.findByRole('heading', { level: 2, name: 'Introduce el código de tu app' });
    expect(heading).toHaveFocus();
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: LOGIN,
      body: { email: 'agente@demo.prestamo.local', password: 'Demo-Backoffice-1' },
      headers: { 'X-Member-Role': 'none' },
    });
    expect(requests[0]?.headers['Authorization']).toBeUndefined();
    const code = screen.getByLabelText('Código de verificación');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    await waitFor(() => expect(location()).toBe('/clientes?pagina=2'));
    expect(requests[1]).toMatchObject({ path: TOTP, body: { challengeId: 'challenge-1', code: '123456' } });
    expect(sessionStore.getState().session?.token).toBe('bo_new-token');
    expect(JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toMatchObject({ token: 'bo_new-token' });
    expect(localStorage.length).toBe(0);
    expect(await screen.findByRole('heading', { level: 1, name: 'Buscar cliente' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Lucía Agente Demo · Agente');
  });

  it('first login: shows the QR code as an image and the secret in groups, then the code confirms it', async () => {
    const user = userEvent.setup();
    const qrSvg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h1v1H0z"/></svg>';
    answer(({ path }) =>
      path === LOGIN
        ? ok({
            step: 'enrol',
            challengeId: 'challenge-2',
            enrolment: { otpauthUri: 'otpauth://totp/x', secret: 'JBSW Y3DP EHPK 3PXP', qrSvg },
          })
        : totpAnswer(),
    );
    await renderAt('/backoffice/login');
    await sendCredentials(user);

    expect(await screen.findByRole('heading', { level: 2, name: 'Configura tu app de autenticación' })).toHaveFocus();
    expect(screen.getByText('Escanea el código QR con tu app de autenticación')).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: 'Código QR para añadir tu cuenta a la app de autenticación' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Código de verificación'), '654321');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(location()).toBe('/clientes'));
    expect(requests[1]?.body).toEqual({ challengeId: 'challenge-2', code: '654321' });
  });

  it('a wrong code: the server’s message in an alert, the code step stays with an empty field', async () => {
    const user = userEvent.setup();
    answer(({ path }) =>
      path === LOGIN ? ok({ step: 'totp', challengeId: 'c', enrolment: null }) : staffError('WrongTotpCode'),
    );
    await renderAt('/backoffice/login');
    await sendCredentials(user);
    await user.type(await screen.findByLabelText('Código de verificación'), '000000');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(staffErrorCodes.WrongTotpCode.message);
    expect(screen.getByLabelText('Código de verificación')).toHaveValue('');
    expect(location()).toBe('/login');
    expect(sessionStore.getState().session).toBeNull();
  });

  it('an expired challenge goes back to step 1 with its message, the e-mail kept', async () => {
    const user = userEvent.setup();
    answer(({ path }) =>
      path === LOGIN ? ok({ step: 'totp', challengeId: 'c', enrolment: null }) : staffError('ChallengeExpired'),
    );
    await renderAt('/backoffice/login');
    await sendCredentials(user);
    await user.type(await screen.findByLabelText('Código de verificación'), '111111');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Correo y contraseña' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(staffErrorCodes.ChallengeExpired.message);
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('agente@demo.prestamo.local');
    expect(screen.getByLabelText('Contraseña')).toHaveValue('');
  });

  it('wrong credentials, a locked account and too many attempts: each one’s Spanish message, still on step 1', async () => {
    const user = userEvent.setup();
    const cases: [Answer, string][] = [
      [staffError('WrongCredentials'), staffErrorCodes.WrongCredentials.message],
      [staffError('StaffLocked'), staffErrorCodes.StaffLocked.message],
      [
        {
          status: 429,
          body: { errors: [{ code: { name: 'TooManyRequests', value: 429 }, message: 'x', title: 'x' }] },
        },
        'Has hecho demasiados intentos seguidos. Espera un minuto y vuelve a intentarlo.',
      ],
      ['network', 'No hemos podido conectar con el servidor. Comprueba tu conexión y vuelve a intentarlo.'],
    ];
    await renderAt('/backoffice/login');
    await user.type(screen.getByLabelText('Correo electrónico'), 'agente@demo.prestamo.local');
    for (const [reply, message] of cases) {
      answer(() => reply);
      await user.clear(screen.getByLabelText('Contraseña'));
      await user.type(screen.getByLabelText('Contraseña'), 'mala-contraseña');
      await user.click(screen.getByRole('button', { name: 'Continuar' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.getByRole('heading', { level: 2, name: 'Correo y contraseña' })).toBeInTheDocument();
    }
  });

  it('disables the button while the request is on its way', async () => {
    const user = userEvent.setup();
    let release: (reply: Answer) => void = () => undefined;
    answer(() => new Promise<Answer>((resolve) => (release = resolve)));
    await renderAt('/backoffice/login');
    await sendCredentials(user);
    const button = screen.getByRole('button', { name: /Continuar/ });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(requests).toHaveLength(1);
    release(staffError('WrongCredentials'));
    await screen.findByRole('alert');
    expect(screen.getByRole('button', { name: 'Continuar' })).not.toHaveAttribute('aria-disabled');
  });

  it('checks the fields before sending: Spanish messages, nothing sent', async () => {
    const user = userEvent.setup();
    await renderAt('/backoffice/login');
    await user.type(screen.getByLabelText('Correo electrónico'), 'agente');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(
      await screen.findByText('Escribe un correo electrónico válido, como nombre@empresa.es.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Escribe tu contraseña.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('shows the expired session’s message when the guard sent the staff member here', async () => {
    answer(() => ({ status: 401, body: {} }));
    storedSession();
    await renderAt('/backoffice/clientes');
    await waitFor(() => expect(location()).toBe('/login?volver=%2Fclientes'));
    expect(screen.getByRole('alert')).toHaveTextContent('Tu sesión ha caducado. Vuelve a iniciar sesión.');
  });
});
