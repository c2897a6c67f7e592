import { configure, act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import type { ServerResponse } from 'node:http';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import AddressDeclinedPage from '../../../../src/features/address/AddressDeclinedPage.tsx';
import AddressPage from '../../../../src/features/address/AddressPage.tsx';
import { configureTestApi } from '../../harness/api.ts';
import { startSession } from '../../../../src/lib/session/session.ts';
import { persistedAtoms, sessionAtom } from '../../../../src/lib/storage/atoms.ts';
import { storageBackend } from '../../../../src/lib/storage/backend.ts';
import { hydrate } from '../../../../src/lib/storage/persisted-atom.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { closeAllDialogs } from '../../../../src/lib/ui/dialog-store.ts';
import { DialogHost } from '../../../../src/lib/ui/DialogHost.tsx';
import { businessErrorCodes } from '../../../../src/shared/api/business-error-codes.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';

/** The machine running the tests is shared and slow at times: wait up to 5 s for what the page shows. */
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

/** The address page and the declined page (second document §8), against a local HTTP server. */

const PRE_REGISTERED = memberDetails({ id: 90, status: 'preRegistered', phone: '612345678' });
let server: TestServer;
let store: AppStore;
let answer: (response: ServerResponse) => void;

function businessError(code: keyof typeof businessErrorCodes) {
  const known = businessErrorCodes[code];
  return (response: ServerResponse) =>
    json(response, 422, {
      errors: [{ code: { name: code, value: known.value }, message: known.message, title: 'Aviso' }],
    });
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

async function renderAt(url: string) {
  await act(async () => {
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/address-details" element={<AddressPage />} />
            <Route path="/address-details/declined" element={<AddressDeclinedPage />} />
            <Route path="*" element={<Where />} />
          </Routes>
          <DialogHost />
        </MemoryRouter>
      </Provider>,
    );
  });
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  closeAllDialogs();
});
beforeEach(async () => {
  server.requests = [];
  answer = (response) => json(response, 200, { data: { memberDetails: { ...PRE_REGISTERED, status: 'registered' } } });
  server.handler = (request, response) => {
    if (request.url === '/api/customer/light/saveAddress' && request.method === 'PUT') return answer(response);
    if (request.url === '/api/membership/memberDetails') {
      return json(response, 200, { data: { memberDetails: { ...PRE_REGISTERED, status: 'registered' } } });
    }
    return json(response, 404, {});
  };
  await Promise.all(persistedAtoms.map((persisted) => storageBackend.del(persisted.key)));
  store = createStore();
  await hydrate(store, persistedAtoms);
  await startSession(store, { token: 'token-of-90', memberDetails: PRE_REGISTERED });
  configureTestApi(server, { store });
});

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const provinceTrigger = () => screen.getByRole('button', { name: /Provincia/ });
const saveRequests = (): SeenRequest[] => server.requests.filter((r) => r.url === '/api/customer/light/saveAddress');

async function fillAddress(user: ReturnType<typeof userEvent.setup>, postcode = '28013') {
  await user.type(field(/^Calle/), 'Calle Mayor');
  await user.type(field(/^Número/), '12');
  await user.type(field(/^Piso, puerta/), '3º B');
  await user.type(field(/^Código postal/), postcode);
  await user.type(field(/^Localidad/), 'Madrid');
}

describe('address page', () => {
  it('an empty submit shows the Spanish message on every required field (floor is optional)', async () => {
    const user = userEvent.setup();
    await renderAt('/address-details');
    await user.click(screen.getByRole('button', { name: 'Guardar y continuar' }));
    await waitFor(() => expect(field(/^Calle/)).toHaveAccessibleDescription(/Campo obligatorio/));
    expect(field(/^Número/)).toHaveAccessibleDescription('Campo obligatorio');
    expect(field(/^Código postal/)).toHaveAccessibleDescription(/Campo obligatorio/);
    expect(field(/^Localidad/)).toHaveAccessibleDescription('Campo obligatorio');
    expect(field(/^Piso, puerta/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText('Campo obligatorio')).toHaveLength(5);
    expect(field(/^Calle/)).toHaveFocus();
    expect(saveRequests()).toHaveLength(0);
  });

  it('refuses a postcode that is not 5 digits or whose first two digits are no province (01–52)', async () => {
    const user = userEvent.setup();
    await renderAt('/address-details');
    const postcode = field(/^Código postal/);
    for (const wrong of ['2801', '53001', '00100']) {
      await user.clear(postcode);
      await user.type(postcode, wrong);
      await user.tab();
      await waitFor(() => expect(postcode).toHaveAccessibleDescription(/Patrón incorrecto/));
    }
    await user.clear(postcode);
    await user.type(postcode, '52001');
    await waitFor(() => expect(postcode).not.toHaveAttribute('aria-invalid'));
  });

  it('a valid postcode chooses its province; the select offers the 52 provinces', async () => {
    const user = userEvent.setup();
    await renderAt('/address-details');
    await user.type(field(/^Código postal/), '08001');
    expect(provinceTrigger()).toHaveTextContent('Barcelona');
    await user.clear(field(/^Código postal/));
    await user.type(field(/^Código postal/), '48001');
    expect(provinceTrigger()).toHaveTextContent('Bizkaia');
    await user.click(provinceTrigger());
    expect(within(await screen.findByRole('listbox')).getAllByRole('option')).toHaveLength(52);
  });

  it('saves the address (number as streetNumber), makes the customer registered and goes to /bank-credentials', async () => {
    const user = userEvent.setup();
    await renderAt('/address-details');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Guardar y continuar' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/bank-credentials'));
    expect(JSON.parse(saveRequests()[0]?.body.toString() ?? '{}')).toEqual({
      street: 'Calle Mayor',
      streetNumber: '12',
      floor: '3º B',
      postcode: '28013',
      city: 'Madrid',
      province: 'Madrid',
    });
    expect(saveRequests()[0]?.headers.authorization).toBe('Bearer token-of-90');
    expect((await store.get(sessionAtom))?.memberDetails.status).toBe('registered');
  });

  it('an empty floor is sent as null', async () => {
    const user = userEvent.setup();
    await renderAt('/address-details');
    await user.type(field(/^Calle/), 'Calle Mayor');
    await user.type(field(/^Número/), '12');
    await user.type(field(/^Código postal/), '28013');
    await user.type(field(/^Localidad/), 'Madrid');
    await user.click(screen.getByRole('button', { name: 'Guardar y continuar' }));
    await waitFor(() => expect(saveRequests()).toHaveLength(1));
    expect(JSON.parse(saveRequests()[0]?.body.toString() ?? '{}')).toMatchObject({ floor: null });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/bank-credentials'));
  });

  for (const [code, label] of [
    ['InvalidPostcode', /^Código postal/],
    ['InvalidProvince', /Provincia/],
  ] as const) {
    it(`${code}: the message shows on its field`, async () => {
      answer = businessError(code);
      const user = userEvent.setup();
      await renderAt('/address-details');
      await fillAddress(user);
      await user.click(screen.getByRole('button', { name: 'Guardar y continuar' }));
      const control = code === 'InvalidPostcode' ? field(label) : provinceTrigger();
      await waitFor(() => expect(control.closest('.ui-field')).toHaveTextContent(businessErrorCodes[code].message));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
  }

  it("NotAllowedCustomerStatus: an 'Aviso' with the message and the customer's status refreshed", async () => {
    answer = businessError('NotAllowedCustomerStatus');
    const user = userEvent.setup();
    await renderAt('/address-details');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Guardar y continuar' }));
    expect(await screen.findByRole('alertdialog', { name: /Aviso/ })).toHaveTextContent(
      businessErrorCodes.NotAllowedCustomerStatus.message,
    );
    await waitFor(async () => expect((await store.get(sessionAtom))?.memberDetails.status).toBe('registered'));
  });
});

describe('address declined page', () => {
  it('explains the decision in Spanish and how to contact support', async () => {
    await renderAt('/address-details/declined');
    expect(screen.getByRole('heading', { level: 1, name: 'Solicitud no aprobada' })).toBeInTheDocument();
    expect(screen.getByText(/no podemos concederte un préstamo/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Escríbenos a/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
    expect(screen.getByRole('link', { name: /Llámanos al/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:\+34/),
    );
    expect(screen.getByRole('link', { name: 'Otras formas de contactar' })).toHaveAttribute('href', '/contactanos');
    expect(screen.getByRole('link', { name: 'Ir a la página de inicio' })).toHaveAttribute('href', '/');
  });
});
