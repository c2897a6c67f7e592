import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApplyNow } from '../../../../src/features/home/components/ApplyNow.tsx';
import { configureTestApi } from '../../harness/api.ts';
import { basicDetailsAtom, loanFlowIdsAtom, sessionAtom } from '../../../../src/lib/storage/atoms.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type TestServer } from '../../lib/api/test-server.ts';
import { body } from './loan-server.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { freshStore } from '../../harness/render-at-route.tsx';

/**
 * 'Solicita YA' (first document §2, §4 "Phone check"): the phone form for visitors who never logged in on this
 * device, validated with the shared phone schema; a registered phone goes to login, a new one to registration;
 * everyone else gets the button with the home call-to-action destination.
 */

let server: TestServer;
let registeredPhones: Set<string>;

beforeAll(async () => {
  server = await startTestServer();
  // The phone rule is a lazy chunk: transform it once here so that no test waits on the first compilation.
  await import('../../../../src/features/home/phone/phone-check-logic.ts');
});
afterAll(() => server.close());
afterEach(cleanup);

beforeEach(() => {
  server.requests = [];
  registeredPhones = new Set(['600000004']);
  server.handler = (request, response) => {
    if (request.url === '/api/customer/CheckPhoneDNI') {
      const { phone } = body<{ phone: string }>(request);
      return json(response, 200, { data: { phoneregistered: registeredPhones.has(phone) } });
    }
    return json(response, 404, {});
  };
  configureTestApi(server);
});

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

async function renderApplyNow(store: AppStore) {
  await act(async () => {
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route path="/" element={<ApplyNow />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
  });
}

const phoneField = () => screen.getByLabelText('Tu número de móvil');
const applyButton = () => screen.getByRole('button', { name: 'Solicita YA' });

/** Clicks into the field (which loads the phone rule) and types. */
async function typePhone(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(phoneField());
  await user.keyboard(text);
}

const checks = () => server.requests.filter((request) => request.url === '/api/customer/CheckPhoneDNI');

describe("'Solicita YA' phone form (visitor who never logged in here)", () => {
  it('shows the phone field with its +34 prefix and the button', async () => {
    await renderApplyNow(await freshStore());
    expect(phoneField()).toHaveAttribute('name', 'phone');
    expect(phoneField()).toHaveAttribute('type', 'tel');
    expect(screen.getByText('+34')).toBeInTheDocument();
    expect(applyButton()).toBeInTheDocument();
  });

  it("an empty submit says 'Campo obligatorio' and asks nothing", async () => {
    await renderApplyNow(await freshStore());
    const user = userEvent.setup();
    await user.click(applyButton());
    expect(await screen.findByText('Campo obligatorio')).toBeInTheDocument();
    expect(phoneField()).toHaveAttribute('aria-invalid', 'true');
    expect(checks()).toHaveLength(0);
  });

  it("a number that is not a Spanish mobile says 'Patrón incorrecto' once the field is left", async () => {
    await renderApplyNow(await freshStore());
    const user = userEvent.setup();
    await typePhone(user, '912345678');
    await user.tab();
    expect(await screen.findByText('Patrón incorrecto')).toBeInTheDocument();
    expect(checks()).toHaveLength(0);
  });

  it('a new phone goes to registration with the phone (spaces and +34 removed)', async () => {
    await renderApplyNow(await freshStore());
    const user = userEvent.setup();
    await typePhone(user, '+34 612 34 56 78');
    await user.click(applyButton());
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/registro/datos-personales?phone=612345678'),
    );
    expect(body(checks()[0]!)).toEqual({ countryCode: '+34', phone: '612345678' });
  });

  it('a registered phone goes to login with the phone', async () => {
    await renderApplyNow(await freshStore());
    const user = userEvent.setup();
    await typePhone(user, '600000004{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?phone=600000004'));
  });

  it('the form is never replaced while the phone rule loads: the same field and button, the focus and what is typed stay', async () => {
    await renderApplyNow(await freshStore());
    const field = phoneField();
    const button = applyButton();
    // Typed (or autofilled) without any focus or pointer event: the rule is not loaded yet.
    fireEvent.input(field, { target: { value: '91234' } });
    const user = userEvent.setup();
    await typePhone(user, '5678');
    await user.tab();
    // The rule has answered (it needed the module), and nothing was swapped under the visitor.
    expect(await screen.findByText('Patrón incorrecto')).toBeInTheDocument();
    expect(phoneField()).toBe(field);
    expect(applyButton()).toBe(button);
    expect(field).toHaveValue('912345678');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Patrón incorrecto/);
  });

  it('a corrected number clears the message as it is typed, once the field was left', async () => {
    await renderApplyNow(await freshStore());
    const user = userEvent.setup();
    await typePhone(user, '61234567');
    await user.tab();
    expect(await screen.findByText('Patrón incorrecto')).toBeInTheDocument();
    await user.click(phoneField());
    await user.keyboard('8');
    await waitFor(() => expect(screen.queryByText('Patrón incorrecto')).not.toBeInTheDocument());
    expect(phoneField()).not.toHaveAttribute('aria-invalid');
  });

  it("'Solicita YA' pressed before the form has loaded submits once it has", async () => {
    await renderApplyNow(await freshStore());
    fireEvent.input(phoneField(), { target: { value: '612345678' } });
    fireEvent.submit(applyButton().closest('form')!);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/registro/datos-personales?phone=612345678'),
    );
    expect(checks()).toHaveLength(1);
  });

  it("the server's InvalidPhone answer shows on the field", async () => {
    server.handler = (_request, response) =>
      json(response, 422, {
        errors: [
          { code: { name: 'InvalidPhone', value: 4001 }, message: 'Número de teléfono no válido.', title: 'Aviso' },
        ],
      });
    await renderApplyNow(await freshStore());
    const user = userEvent.setup();
    await typePhone(user, '612345678');
    await user.click(applyButton());
    expect(await screen.findByText('Número de teléfono no válido.')).toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('when the check itself fails, the visitor goes on to registration with the phone', async () => {
    server.handler = (_request, response) => json(response, 500, { errors: [] });
    configureTestApi(server);
    await renderApplyNow(await freshStore());
    const user = userEvent.setup();
    await typePhone(user, '612345678');
    await user.click(applyButton());
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/registro/datos-personales?phone=612345678'),
    );
  });
});

describe("'Solicita YA' button (everyone else)", () => {
  const link = () => screen.getByRole('link', { name: 'Solicita YA' });

  it('a visitor who logged in here before (basic details stored) goes to login, with no phone form', async () => {
    const store = await freshStore();
    await store.set(basicDetailsAtom, { firstName: 'Javier', phone: '600000004' });
    await renderApplyNow(store);
    expect(link()).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Tu número de móvil')).not.toBeInTheDocument();
  });

  it('a customer with a stored loan flow goes to the loan apply page with it', async () => {
    const store = await freshStore();
    const member = memberDetails({ id: 4, status: 'systemApproved' });
    await store.set(sessionAtom, { token: 'a.b.c', memberDetails: member });
    await store.set(loanFlowIdsAtom, { '4': 'flow-1' });
    await renderApplyNow(store);
    expect(link()).toHaveAttribute('href', '/loan-apply?l=flow-1');
  });

  it('a customer without a stored loan flow goes to the page for their status', async () => {
    for (const [status, path] of [
      ['new', '/otp'],
      ['preRegistered', '/address-details'],
      ['registered', '/bank-credentials'],
      ['systemApproved', '/dashboard'],
      ['securityChecked', '/dashboard'],
    ] as const) {
      const store = await freshStore();
      await store.set(sessionAtom, { token: 'a.b.c', memberDetails: memberDetails({ status }) });
      await store.set(loanFlowIdsAtom, { '99': 'someone-else' });
      await renderApplyNow(store);
      expect(link(), status).toHaveAttribute('href', path);
      cleanup();
    }
  });
});
