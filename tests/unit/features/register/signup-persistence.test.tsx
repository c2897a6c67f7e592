import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storageBackend } from '../../../../src/lib/storage/backend.ts';
import { persistedAtoms, signupFormAtom } from '../../../../src/lib/storage/atoms.ts';
import { hydrate } from '../../../../src/lib/storage/persisted-atom.ts';
import { closeAllDialogs } from '../../../../src/lib/ui/dialog-store.ts';
import { json, startTestServer, type TestServer } from '../../lib/api/test-server.ts';
import { configureTestApi, freshStore, renderRegister, storeSignup, validStoredSignup } from './register-harness.tsx';

/**
 * The signup values survive a reload or a lost connection (first document §3: the signup form is the one form whose
 * values are persisted), and the passwords never leave the page's memory.
 */

const SIGNUP_URL = '/registro/datos-personales?phone=612345678';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  closeAllDialogs();
});
beforeEach(() => {
  server.requests = [];
  server.handler = (_request, response) => json(response, 503, { errors: [] });
  configureTestApi(server);
});

type StoredEnvelope = { value: Record<string, unknown>; expiresAt: number };
const storedOnDevice = async () => (await storageBackend.get(signupFormAtom.key)) as StoredEnvelope | undefined;

async function typeSomeFields(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /^Nombre/ }), 'Lucía');
  await user.type(screen.getByRole('textbox', { name: /^Apellidos/ }), 'Fernández');
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'lucia@gmail.com');
  await user.click(screen.getByRole('button', { name: /Situación laboral/ }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Estudiante' }));
  await user.type(screen.getByLabelText(/^Contraseña/), 'secreta99');
  await user.type(screen.getByLabelText(/^Repite la contraseña/), 'secreta99');
  await user.click(screen.getByRole('checkbox', { name: /He leído y acepto/ }));
}

describe('signup values kept on the device', () => {
  it('every change is written (1 day), never the passwords', async () => {
    const user = userEvent.setup();
    await renderRegister(await freshStore(), SIGNUP_URL);
    await typeSomeFields(user);

    await waitFor(async () => expect((await storedOnDevice())?.value.acceptPolicy).toBe(true));
    const stored = await storedOnDevice();
    expect(stored?.value).toMatchObject({
      firstName: 'Lucía',
      lastName: 'Fernández',
      emailAddress: 'lucia@gmail.com',
      employmentStatus: 'student',
      mobilePhone: '612345678',
      acceptPolicy: true,
    });
    expect(stored?.value).not.toHaveProperty('password');
    expect(stored?.value).not.toHaveProperty('password2');
    expect(JSON.stringify(stored)).not.toContain('secreta99');
    const oneDay = 24 * 60 * 60 * 1000;
    expect(stored?.expiresAt).toBeGreaterThan(Date.now() + oneDay - 60_000);
    expect(stored?.expiresAt).toBeLessThanOrEqual(Date.now() + oneDay);
  });

  it('after a reload the values are back, the passwords empty', async () => {
    const user = userEvent.setup();
    const view = await renderRegister(await freshStore(), SIGNUP_URL);
    await typeSomeFields(user);
    await waitFor(async () => expect((await storedOnDevice())?.value.acceptPolicy).toBe(true));
    view.unmount();

    // A reload: a new store hydrated from IndexedDB, the page rendered again.
    const reloaded = createStore();
    await act(() => hydrate(reloaded, persistedAtoms));
    await renderRegister(reloaded, SIGNUP_URL);
    expect(screen.getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Lucía');
    expect(screen.getByRole('textbox', { name: /^Apellidos/ })).toHaveValue('Fernández');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('lucia@gmail.com');
    expect(screen.getByRole('button', { name: /Situación laboral/ })).toHaveTextContent('Estudiante');
    expect(screen.getByRole('checkbox', { name: /He leído y acepto/ })).toBeChecked();
    expect(screen.getByLabelText(/^Contraseña/)).toHaveValue('');
    expect(screen.getByLabelText(/^Repite la contraseña/)).toHaveValue('');
    // No error shows for what was restored until the customer submits or leaves a field.
    expect(screen.queryByText('Campo obligatorio')).not.toBeInTheDocument();
  });

  it('a failed registration (server unavailable) keeps everything on the page and on the device', async () => {
    const user = userEvent.setup();
    const store = await freshStore();
    await storeSignup(store, validStoredSignup({ acceptAgreement: true }));
    await renderRegister(store, SIGNUP_URL);
    await user.type(screen.getByLabelText(/^Contraseña/), 'secreta99');
    await user.type(screen.getByLabelText(/^Repite la contraseña/), 'secreta99');
    await user.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));

    await waitFor(() => expect(server.requests.some((r) => r.url === '/api/customer/light/register')).toBe(true));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Crear mi cuenta' })).not.toHaveAttribute('aria-busy'),
    );
    expect(screen.getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Lucía');
    expect(screen.getByLabelText(/^Contraseña/)).toHaveValue('secreta99');
    expect((await storedOnDevice())?.value).toMatchObject({ firstName: 'Lucía', nationalID: '12345678Z' });
  });

  it('a stored entry of the wrong shape is ignored field by field, and never fills a password', async () => {
    const store = await freshStore();
    await store.set(signupFormAtom, {
      firstName: 'Lucía',
      lastName: 42,
      password: 'robada',
      acceptPolicy: 'yes',
      employmentStatus: 'retired',
    });
    await renderRegister(store, SIGNUP_URL);
    expect(screen.getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Lucía');
    expect(screen.getByRole('textbox', { name: /^Apellidos/ })).toHaveValue('');
    expect(screen.getByLabelText(/^Contraseña/)).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /He leído y acepto/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: /Situación laboral/ })).toHaveTextContent('Jubilado/a o pensionista');
  });
});
