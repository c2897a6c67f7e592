import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import AddCardPage from '../../../../src/features/cards/AddCardPage.tsx';
import { FROM_DOCUMENTS_STATE } from '../../../../src/lib/loan-flow/from-documents.ts';
import { cancelScheduledDrafts } from '../../../../src/lib/loan-flow/saved-flow.ts';
import { onlineAtom } from '../../../../src/lib/pwa/network-status.ts';
import { storageBackend } from '../../../../src/lib/storage/backend.ts';
import { loanFlowAtom } from '../../../../src/lib/storage/loan-flow-atom.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { clearToasts } from '../../../../src/lib/ui/toast-store.ts';
import { defaultFlow } from '../../../../src/shared/loan/payment-dates.ts';
import { todayInMadrid } from '../../../../src/shared/madrid-today.ts';
import { madridToday } from '../../../../src/shared/validators/madrid-today.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';
import { businessError, choose, createdCard, newStore, renderPage, where } from './cards-harness.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/** /financial-info/add-card (second document §2, §4, §5, §8 "Cards"). */

const MEMBER = memberDetails({ id: 4, status: 'systemApproved' });
const FLOW_ID = 'flow0001';
const CHALLENGE_URL = 'https://acs.example/sandbox/card-gateway/challenge?t=trk-1';
const THIS_YEAR = madridToday(new Date()).year;

let server: TestServer;
let store: AppStore;
let api: {
  create: (response: ServerResponse) => void;
  threeDs: Array<(response: ServerResponse) => void>;
  journey: { status: string; loanAmount: number } | null;
  /** JourneyGet loses its connection while true. */
  journeyDown: boolean;
};

const created = createdCard;

const threeDsState =
  (state: string, url: string | null = null) =>
  (response: ServerResponse) =>
    json(response, 200, { data: { state, transactionId: 'tx-1', provider: 'credorax', formFields: {}, url } });

function handle(request: SeenRequest, response: ServerResponse) {
  const path = request.url.split('?')[0];
  switch (path) {
    case '/api/card/createAndValidate':
      return api.create(response);
    case '/api/card/threeDsState': {
      const next = api.threeDs.shift();
      return next ? next(response) : json(response, 404, { errors: [] });
    }
    case '/api/loan/journey':
      if (api.journeyDown) return response.socket?.destroy();
      return json(response, 200, {
        data: {
          documents: [],
          cardProvided: false,
          loanDetails: api.journey ? { loanId: 77, ...api.journey } : null,
        },
      });
    case '/api/loan/makeLoanApplication':
    case '/api/loan/loanApplicationScreens':
      return json(response, 200, { data: true });
    default:
      return json(response, 404, {});
  }
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  server.requests = [];
  server.handler = handle;
  api = { create: created({}), threeDs: [], journey: null, journeyDown: false };
  await storageBackend.del(loanFlowAtom(FLOW_ID).key);
  store = await newStore(server, MEMBER);
  await store.set(loanFlowAtom(FLOW_ID), {
    id: FLOW_ID,
    dto: { ...defaultFlow(todayInMadrid()) },
    formValues: {},
    step: 'loanRequest',
  });
});
afterEach(() => {
  cleanup();
  clearToasts();
  cancelScheduledDrafts();
  vi.restoreAllMocks();
});

const IN_FLOW = `/financial-info/add-card?l=${FLOW_ID}`;
const open = (entry: Parameters<typeof renderPage>[3] = IN_FLOW) =>
  renderPage(store, '/financial-info/add-card', <AddCardPage />, entry);
const journeys = () => server.requests.filter((request) => request.url === '/api/loan/journey');
const creates = () => server.requests.filter((request) => request.url.startsWith('/api/card/createAndValidate'));
const cardNumber = () => screen.getByRole('textbox', { name: /^Número de tarjeta/ });
const cvv = () => screen.getByRole('textbox', { name: /^CVV/ });
/** The warning written above the submit button (a toast says it too). */
const formAlert = async (timeout = 5000) =>
  within(await screen.findByRole('form', { name: 'Datos de tu tarjeta' }, { timeout })).findByRole(
    'alert',
    {},
    { timeout },
  );
const submitButton = (name: string | RegExp = 'Siguiente') => screen.getByRole('button', { name });

async function fill(user: ReturnType<typeof userEvent.setup>, number = '4111111111111111') {
  await user.type(cardNumber(), number);
  await choose(user, /Mes de caducidad/, '12');
  await choose(user, /Año de caducidad/, String(THIS_YEAR + 2));
  await user.type(cvv(), '123');
  await user.click(screen.getByRole('checkbox', { name: /Acepto que se guarde esta tarjeta/ }));
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, label: string | RegExp = 'Siguiente') {
  await fill(user);
  await user.click(submitButton(label));
}

describe('add card: the form', () => {
  it('labels the fields in Spanish with the spec names and card autocomplete, and shows the number in groups of 4', async () => {
    const user = userEvent.setup();
    await open();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Añade tu tarjeta');
    expect(cardNumber()).toHaveAttribute('name', 'cardNumber');
    expect(cardNumber()).toHaveAttribute('autocomplete', 'cc-number');
    expect(cardNumber()).toHaveAttribute('inputmode', 'numeric');
    expect(cvv()).toHaveAttribute('name', 'cv2');
    expect(cvv()).toHaveAttribute('autocomplete', 'cc-csc');
    expect(screen.getByRole('checkbox', { name: /Acepto que se guarde esta tarjeta/ })).toHaveAttribute(
      'name',
      'agreementsAccept',
    );
    await user.type(cardNumber(), '41111111');
    expect(cardNumber()).toHaveValue('4111 1111');
    await user.type(cardNumber(), '11111111 99');
    expect(cardNumber()).toHaveValue('4111 1111 1111 1111');
    await user.type(cvv(), '12a34');
    expect(cvv()).toHaveValue('123');
  });

  it('offers the months 01–12 and the years from this year through 21 years ahead', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('button', { name: /Mes de caducidad/ }));
    const months = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(months.map((option) => option.textContent)).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
    ]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: /Año de caducidad/ }));
    const years = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(years).toHaveLength(22);
    expect(years[0]).toHaveTextContent(String(THIS_YEAR));
    expect(years.at(-1)).toHaveTextContent(String(THIS_YEAR + 21));
  });

  it('refuses a number failing the Luhn check, a short CVV and an unticked box, without calling the server', async () => {
    const user = userEvent.setup();
    await open();
    await user.type(cardNumber(), '4111111111111112');
    await user.type(cvv(), '12');
    await user.click(submitButton());
    expect(cardNumber()).toHaveAccessibleDescription(expect.stringContaining('Patrón incorrecto'));
    expect(cvv()).toHaveAccessibleDescription(expect.stringContaining('Patrón incorrecto'));
    expect(screen.getAllByText('Campo obligatorio').length).toBeGreaterThanOrEqual(3);
    expect(creates()).toHaveLength(0);
  });

  it('sends the card once per press with its own Idempotency-Key', async () => {
    const user = userEvent.setup();
    api.create = created({
      result: 'cardEntryRequired',
      editPaymentInfoSubReason: 'validationFailed',
      message: 'Tarjeta denegada por el banco emisor.',
    });
    await open();
    await fillAndSubmit(user);
    await formAlert();
    await user.type(cvv(), '123');
    await user.click(submitButton());
    await waitFor(() => expect(creates()).toHaveLength(2));
    const [first, second] = creates();
    expect(JSON.parse(first!.body.toString())).toEqual({
      cardNumber: '4111111111111111',
      expiryMonth: '12',
      expiryYear: String(THIS_YEAR + 2),
      cv2: '123',
      agreementsAccept: true,
    });
    expect(first!.headers['idempotency-key']).toBeTruthy();
    expect(second!.headers['idempotency-key']).toBeTruthy();
    expect(first!.headers['idempotency-key']).not.toBe(second!.headers['idempotency-key']);
  });
});

describe('add card: one call per press', () => {
  it('a second submit while the first runs sends nothing more', async () => {
    const user = userEvent.setup();
    api.create = (response) => setTimeout(() => created({})(response), 300);
    await open();
    await fill(user);
    const form = screen.getByRole('form', { name: 'Datos de tu tarjeta' });
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    await waitFor(() => expect(where()).toBe(`/loan-request/success?l=${FLOW_ID}`));
    expect(creates()).toHaveLength(1);
  });
});

describe('add card: the answers of CardCreateAndValidatePost', () => {
  it.each(['success', 'successWithGroupChange', 'successWithLimitUpdate'])(
    '%s in the loan flow goes to the success page keeping l',
    async (result) => {
      const user = userEvent.setup();
      api.create = created({ result });
      await open();
      await fillAndSubmit(user);
      await waitFor(() => expect(where()).toBe(`/loan-request/success?l=${FLOW_ID}`));
    },
  );

  it('success outside the loan flow says so and goes back to the active cards', async () => {
    const user = userEvent.setup();
    await open('/financial-info/add-card');
    expect(screen.queryByRole('link', { name: 'Quiero añadir mi tarjeta más tarde' })).not.toBeInTheDocument();
    await fillAndSubmit(user);
    await waitFor(() => expect(where()).toBe('/financial-info/active-cards'));
    expect(await screen.findByText('Hemos añadido tu tarjeta.')).toBeInTheDocument();
  });

  it("cardEntryRequired + validationFailed: 'La validación ha fallado.' with the server's message", async () => {
    const user = userEvent.setup();
    api.create = created({
      result: 'cardEntryRequired',
      editPaymentInfoSubReason: 'validationFailed',
      message: 'Tarjeta denegada por el banco emisor.',
    });
    await open();
    await fillAndSubmit(user);
    expect(await formAlert()).toHaveTextContent('La validación ha fallado. Tarjeta denegada por el banco emisor.');
    // The warning toast says the same.
    expect(screen.getAllByText('La validación ha fallado. Tarjeta denegada por el banco emisor.')).toHaveLength(2);
    expect(where).toThrow();
  });

  it.each([
    ['InvalidCardNumber', /^Número de tarjeta/, 'El número de tarjeta no es válido.'],
    ['TermsNotAccepted', /Acepto que se guarde/, 'Debe aceptar los términos y condiciones.'],
  ] as const)('%s shows its Spanish message on its field', async (code, field, message) => {
    const user = userEvent.setup();
    api.create = businessError(code);
    await open();
    await fillAndSubmit(user);
    await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThan(0));
    const control = code === 'TermsNotAccepted' ? screen.getByRole('checkbox', { name: field }) : cardNumber();
    expect(control).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    ['CardExpired', 'La tarjeta ha caducado.'],
    ['CardAlreadyRegistered', 'Esta tarjeta ya está registrada.'],
  ] as const)('%s shows "%s"', async (code, message) => {
    const user = userEvent.setup();
    api.create = businessError(code);
    await open();
    await fillAndSubmit(user);
    await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThan(0));
  });

  it('NotAllowedCustomerStatus goes to dashboardDeclined', async () => {
    const user = userEvent.setup();
    api.create = businessError('NotAllowedCustomerStatus');
    await open();
    await fillAndSubmit(user);
    await waitFor(() => expect(where()).toBe('/dashboard/declined'));
  });
});

describe('add card: 3-D Secure', () => {
  const challenge = created({
    result: 'cardEntryRequired',
    editPaymentInfoSubReason: 'challengeNeeded',
    card3dsFlowResponse: {
      state: 'iframe',
      url: CHALLENGE_URL,
      provider: 'credorax',
      transactionId: 'tx-1',
      formFields: {},
    },
    threeDsTransactionId: 'trk-1',
  });

  async function completeChallenge() {
    const frame = (await screen.findByTitle('Verificación 3-D Secure')) as HTMLIFrameElement;
    expect(frame).toHaveAttribute('src', CHALLENGE_URL);
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: 'credorax_completed',
          origin: 'https://acs.example',
          source: frame.contentWindow,
        }),
      );
    });
  }

  it('challengeNeeded opens the challenge; after credorax_completed and a completed state, the card is added', async () => {
    const user = userEvent.setup();
    api.create = challenge;
    api.threeDs = [threeDsState('inprogress'), threeDsState('completed')];
    await open();
    await fillAndSubmit(user);
    await completeChallenge();
    await waitFor(() => expect(where()).toBe(`/loan-request/success?l=${FLOW_ID}`));
    const polls = server.requests.filter((request) => request.url.startsWith('/api/card/threeDsState'));
    expect(polls.map((request) => request.url)).toEqual([
      '/api/card/threeDsState?trackId=trk-1',
      '/api/card/threeDsState?trackId=trk-1',
    ]);
  });

  it('an error state shows the 3DS_FLOW_FAILED text and empties the CVV', async () => {
    const user = userEvent.setup();
    api.create = challenge;
    api.threeDs = [threeDsState('error')];
    await open();
    await fillAndSubmit(user);
    await completeChallenge();
    expect(await formAlert()).toHaveTextContent(
      'Falló la verificación de 3D Secure. No se pudo agregar la tarjeta bancaria. Por favor, inténtalo de nuevo.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cvv()).toHaveValue('');
    expect(cardNumber()).toHaveValue('4111 1111 1111 1111');
  });

  it('a failed state call (404) fails the flow', async () => {
    const user = userEvent.setup();
    api.create = challenge;
    api.threeDs = [];
    await open();
    await fillAndSubmit(user);
    await completeChallenge();
    expect(await formAlert()).toHaveTextContent('Falló la verificación de 3D Secure.');
  });
});

describe('add card: in the loan flow', () => {
  it("'Quiero añadir mi tarjeta más tarde' goes to the success page keeping l", async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('link', { name: 'Quiero añadir mi tarjeta más tarde' }));
    expect(where()).toBe(`/loan-request/success?l=${FLOW_ID}`);
  });

  it("reads 'Recibir mis {amount}' when the loan is agreementAssigned and the customer comes from documents", async () => {
    api.journey = { status: 'agreementAssigned', loanAmount: 300 };
    await open({ pathname: '/financial-info/add-card', search: `?l=${FLOW_ID}`, state: FROM_DOCUMENTS_STATE });
    expect(await screen.findByRole('button', { name: 'Recibir mis 300,00\u00a0€' })).toBeInTheDocument();
  });

  it("reads 'Siguiente' when the customer does not come from documents, or the loan is not agreementAssigned", async () => {
    api.journey = { status: 'agreementAssigned', loanAmount: 300 };
    await open();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(submitButton()).toBeInTheDocument();
    cleanup();
    api.journey = { status: 'requested', loanAmount: 300 };
    await open({ pathname: '/financial-info/add-card', search: `?l=${FLOW_ID}`, state: FROM_DOCUMENTS_STATE });
    await waitFor(() => expect(server.requests.some((request) => request.url === '/api/loan/journey')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(submitButton()).toBeInTheDocument();
  });

  it('a journey lost for lack of connection is asked again when the connection comes back: then the amount', async () => {
    api.journey = { status: 'agreementAssigned', loanAmount: 300 };
    api.journeyDown = true;
    await open({ pathname: '/financial-info/add-card', search: `?l=${FLOW_ID}`, state: FROM_DOCUMENTS_STATE });
    await waitFor(() => expect(journeys()).toHaveLength(1));
    api.journeyDown = false;
    // The connection goes and comes back until the failed load has seen it (once it has, it loads again once).
    const amountButton = () => screen.queryByRole('button', { name: 'Recibir mis 300,00\u00a0€' });
    for (let round = 0; round < 50 && !amountButton(); round += 1) {
      act(() => store.set(onlineAtom, false));
      act(() => store.set(onlineAtom, true));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(amountButton()).toBeInTheDocument();
    expect(journeys()).toHaveLength(2);
  });

  it('leaving the page while the journey loads aborts its request', async () => {
    let left: Promise<boolean> | undefined;
    server.handler = (request, response) => {
      if (request.url !== '/api/loan/journey') return handle(request, response);
      // Never answered: closed by the client, before an answer was written.
      left = new Promise((resolve) => response.on('close', () => resolve(!response.writableFinished)));
    };
    await open({ pathname: '/financial-info/add-card', search: `?l=${FLOW_ID}`, state: FROM_DOCUMENTS_STATE });
    await waitFor(() => expect(left).toBeDefined());
    cleanup();
    expect(await left).toBe(true);
  });

  it('the saved flow is read, not saved again: no server copy is written back after the loan request', async () => {
    await open();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(server.requests.filter((request) => request.url.startsWith('/api/loan/makeLoanApplication'))).toEqual([]);
    expect((await store.get(loanFlowAtom(FLOW_ID)))?.step).toBe('loanRequest');
  });

  it('an l that points at nothing goes to the dashboard', async () => {
    await open('/financial-info/add-card?l=unknown1');
    await waitFor(() => expect(where()).toBe('/dashboard'));
  });
});

describe('add card: offline', () => {
  it('a submit without connection says so, keeps the typed fields but not the CVV, and sends nothing', async () => {
    const user = userEvent.setup();
    await open();
    await fill(user);
    act(() => store.set(onlineAtom, false));
    await user.click(submitButton());
    expect(await formAlert()).toHaveTextContent('No hay conexión a Internet');
    expect(cardNumber()).toHaveValue('4111 1111 1111 1111');
    expect(screen.getByRole('button', { name: /Mes de caducidad/ })).toHaveTextContent('12');
    expect(cvv()).toHaveValue('');
    expect(creates()).toHaveLength(0);
  });

  it('a connection lost during the submit is reported the same way', async () => {
    const user = userEvent.setup();
    api.create = (response) => response.socket?.destroy();
    await open();
    await fill(user);
    await user.click(submitButton());
    expect(await formAlert(15_000)).toHaveTextContent('No hay conexión a Internet');
    expect(cvv()).toHaveValue('');
    expect(cardNumber()).toHaveValue('4111 1111 1111 1111');
  });

  it('never stores the card number or the CVV on the device', async () => {
    const user = userEvent.setup();
    const writes: unknown[] = [];
    const original = storageBackend.set.bind(storageBackend);
    vi.spyOn(storageBackend, 'set').mockImplementation((key, value) => {
      writes.push([key, value]);
      return original(key, value);
    });
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    api.create = created({ result: 'cardEntryRequired', editPaymentInfoSubReason: 'validationFailed', message: 'No' });
    await open();
    await fillAndSubmit(user);
    await formAlert();
    const written = JSON.stringify(writes) + JSON.stringify(setItem.mock.calls);
    expect(written).not.toContain('4111111111111111');
    expect(written).not.toContain('4111 1111');
    expect(written).not.toMatch(/"cv2"|"123"/);
  });
});
