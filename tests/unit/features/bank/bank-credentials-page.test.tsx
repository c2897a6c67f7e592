import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loanFlowIdsAtom } from '../../../../src/lib/storage/atoms.ts';
import { loanFlowAtom } from '../../../../src/lib/storage/loan-flow-atom.ts';
import { newSavedFlow, saveFlow } from '../../../../src/lib/loan-flow/saved-flow.ts';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionAtom } from '../../../../src/lib/storage/atoms.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { closeAllDialogs } from '../../../../src/lib/ui/dialog-store.ts';
import { clearToasts, getToasts } from '../../../../src/lib/ui/toast-store.ts';
import { OPEN_BANKING_MESSAGE_SOURCE } from '../../../../src/shared/api/bank.ts';
import { BANK_SCRAPE_MESSAGES, SUCCESS_TOASTS, WIDGET_MESSAGES } from '../../../../src/shared/messages-loan.ts';
import type { CustomerStatus } from '../../../../src/shared/statuses.ts';
import type { ScrapeSessionStatus } from '../../../../src/shared/card-statuses.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';
import { businessError, location, newStore, renderAt, visited } from './bank-harness.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/**
 * The bank credentials page (second document §2, §4, §6, §8): choose a bank, link it in the provider's widget (a
 * full-screen iframe modal whose messages count only from the widget's origin), poll the scrape session every 10 s
 * while inProgress, and follow the decision; or enter the IBAN by hand.
 */

const REGISTERED = memberDetails({ id: 3, status: 'registered', fullName: 'Lucía García Pérez', phone: '600000003' });
const WIDGET_ORIGIN = 'http://widget.test';
const WIDGET_URL = `${WIDGET_ORIGIN}/sandbox/open-banking/tink?session=s-1`;
const FLOW = '/bank-credentials?l=flow-1';

let server: TestServer;
let store: AppStore;
let widgetInit: (response: ServerResponse) => void;
let scrapeStatuses: ScrapeSessionStatus[];
let statusAfter: CustomerStatus;
let manualAnswer: (response: ServerResponse) => void;

const account = {
  accountId: 31,
  accountNumber: 'ES9121000418450200051332',
  bankValue: 'CaixaBank',
  status: 'active',
  latestLoanDate: null,
  loanCount: 0,
  salaryCount: 3,
  transactionCount: 90,
  transactions: [],
};

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  closeAllDialogs();
  clearToasts();
});
beforeEach(async () => {
  server.requests = [];
  widgetInit = (response) => json(response, 200, { data: { widgetUrl: WIDGET_URL, sessionId: 's-1' } });
  scrapeStatuses = ['succeeded'];
  statusAfter = 'systemApproved';
  manualAnswer = (response) => json(response, 200, { data: account });
  server.handler = (request, response) => {
    const url = new URL(request.url, 'http://x');
    if (url.pathname === '/api/tink/WidgetInit' && request.method === 'POST') return widgetInit(response);
    if (url.pathname === '/api/bankscraper/statusScraper') {
      const status = scrapeStatuses.length > 1 ? scrapeStatuses.shift() : scrapeStatuses[0];
      const accounts = status === 'succeeded' || status === 'decisionRejected' ? [account] : [];
      return json(response, 200, { data: { status, accounts: { accountDtos: accounts } } });
    }
    if (url.pathname === '/api/bankscraper/addCustomerBankAccountManually') return manualAnswer(response);
    if (url.pathname === '/api/membership/memberDetails') {
      return json(response, 200, { data: { memberDetails: { ...REGISTERED, status: statusAfter } } });
    }
    if (url.pathname === '/api/customer/creditlimit')
      return json(response, 200, { data: { availableLimit: 3000, miniAvailableLimit: 300 } });
    return json(response, 404, {});
  };
  store = await newStore(server, REGISTERED);
  // The page belongs to the loan flow: its `l` names a flow saved on this device.
  await saveFlow(store, { ...newSavedFlow('bankCredentials'), id: 'flow-1' }, { toServer: false });
});

const requestsTo = (path: string): SeenRequest[] =>
  server.requests.filter((request) => new URL(request.url, 'http://x').pathname === path);
const widgetInits = () => requestsTo('/api/tink/WidgetInit');
const polls = () => requestsTo('/api/bankscraper/statusScraper');
const bodyOf = (request: SeenRequest | undefined): unknown => JSON.parse(request?.body.toString() ?? '{}');

async function chooseBank(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: /Tu banco/ }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name }));
}

/** Chooses a bank, accepts the terms, presses 'Siguiente' and waits for the widget's modal. */
async function openWidget(user: ReturnType<typeof userEvent.setup>, bank = 'BBVA') {
  await chooseBank(user, bank);
  await user.click(screen.getByRole('checkbox', { name: /Acepto los términos/ }));
  await user.click(screen.getByRole('button', { name: 'Siguiente' }));
  return screen.findByRole('dialog', { name: 'Conecta tu banco' });
}

function post(data: unknown, origin = WIDGET_ORIGIN) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}
const completed = { source: OPEN_BANKING_MESSAGE_SOURCE, type: 'completed', sessionId: 's-1' };

const sessionStatus = async () => (await store.get(sessionAtom))?.memberDetails.status;

describe('bank credentials: the provider widget', () => {
  it("'Identifica tu banco': 'Siguiente' without a bank or the terms asks for both and calls nothing", async () => {
    const user = userEvent.setup();
    await renderAt(store, FLOW);
    expect(await screen.findByRole('heading', { level: 1, name: 'Identifica tu banco' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText(WIDGET_MESSAGES.mustAcceptTerms)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Tu banco/ }).closest('.ui-field')).toHaveTextContent(
      'Campo obligatorio',
    );
    expect(widgetInits()).toHaveLength(0);
  });

  it('the chosen bank picks its provider (tink, unnax), names the bank the widget opens at, terms accepted', async () => {
    const user = userEvent.setup();
    await renderAt(store, FLOW);
    await openWidget(user, 'BBVA');
    expect(bodyOf(widgetInits()[0])).toEqual({ acceptTerms: true, provider: 'tink', bankCode: '0182' });
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await chooseBank(user, 'Banco Sabadell');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await screen.findByRole('dialog', { name: 'Conecta tu banco' });
    expect(bodyOf(widgetInits()[1])).toEqual({ acceptTerms: true, provider: 'unnax', bankCode: '0081' });
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // 'Otro banco': no bank to name, the widget asks for it.
    await chooseBank(user, 'Otro banco');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await screen.findByRole('dialog', { name: 'Conecta tu banco' });
    expect(bodyOf(widgetInits()[2])).toEqual({ acceptTerms: true, provider: 'tink' });
  });

  it('the widget opens in a full-screen modal: a spinner until the iframe loads, and it can be closed', async () => {
    const user = userEvent.setup();
    await renderAt(store, FLOW);
    const dialog = await openWidget(user);
    const frame = within(dialog).getByTitle('Conecta tu banco');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', WIDGET_URL);
    expect(within(dialog).getByRole('progressbar', { name: 'Cargando' })).toBeInTheDocument();
    fireEvent.load(frame);
    await waitFor(() => expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(polls()).toHaveLength(0);
  });

  it("WidgetAccountBlocked: 'Su cuenta ha sido bloqueada…' and no widget", async () => {
    widgetInit = businessError('WidgetAccountBlocked');
    const user = userEvent.setup();
    await renderAt(store, FLOW);
    await chooseBank(user, 'BBVA');
    await user.click(screen.getByRole('checkbox', { name: /Acepto los términos/ }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByRole('alertdialog', { name: /Aviso/ })).toHaveTextContent(WIDGET_MESSAGES.accountBlocked);
    expect(screen.queryByRole('dialog', { name: 'Conecta tu banco' })).not.toBeInTheDocument();
  });

  it('TermsNotAccepted from the server shows under the terms box', async () => {
    widgetInit = businessError('TermsNotAccepted');
    const user = userEvent.setup();
    await renderAt(store, FLOW);
    await chooseBank(user, 'BBVA');
    await user.click(screen.getByRole('checkbox', { name: /Acepto los términos/ }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText(WIDGET_MESSAGES.mustAcceptTerms)).toBeInTheDocument();
  });

  it("an answer without a widget URL: 'Ha ocurrido un error. Por favor, inténtalo de nuevo.'", async () => {
    widgetInit = (response) => json(response, 200, { data: { widgetUrl: '', sessionId: 's-1' } });
    const user = userEvent.setup();
    await renderAt(store, FLOW);
    await chooseBank(user, 'BBVA');
    await user.click(screen.getByRole('checkbox', { name: /Acepto los términos/ }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByRole('alertdialog', { name: /Aviso/ })).toHaveTextContent(WIDGET_MESSAGES.noWidgetUrl);
  });

  it("messages count only from the widget's origin, in the shared shape, for this session", async () => {
    const user = userEvent.setup();
    await renderAt(store, FLOW);
    await openWidget(user);
    post(completed, 'http://evil.test');
    post(completed, 'http://localhost:3000');
    post({ ...completed, extra: true });
    post({ ...completed, source: 'something-else' });
    post({ ...completed, sessionId: 's-2' });
    post(JSON.stringify(completed));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(polls()).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Conecta tu banco' })).toBeInTheDocument();
    post(completed);
    await waitFor(() => expect(polls()).toHaveLength(1));
    expect(new URL(polls()[0]?.url ?? '', 'http://x').searchParams.get('sessionId')).toBe('s-1');
    expect(screen.queryByRole('dialog', { name: 'Conecta tu banco' })).not.toBeInTheDocument();
  });

  it("'cancelled' closes the widget; 'error' (the widget said why) closes it and asks the session's outcome", async () => {
    const user = userEvent.setup();
    await renderAt(store, FLOW);
    await openWidget(user);
    post({ ...completed, type: 'cancelled' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await screen.findByRole('dialog', { name: 'Conecta tu banco' });
    expect(polls()).toHaveLength(0);
    scrapeStatuses = ['sessionFailed'];
    post({ ...completed, type: 'error' });
    const dialog = await screen.findByRole('alertdialog', { name: /Aviso/ });
    expect(dialog).toHaveTextContent(BANK_SCRAPE_MESSAGES.error);
    expect(polls()).toHaveLength(1);
    // A notice, not a question: acknowledged with 'Aceptar'.
    expect(within(dialog).queryByRole('button', { name: 'Sí' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});

describe('bank credentials: the scrape session', () => {
  it("inProgress shows 'Procesando' and asks again only after 10 s; succeeded → toast, new status, the limit page keeping l", async () => {
    scrapeStatuses = ['inProgress', 'inProgress', 'succeeded'];
    const user = userEvent.setup();
    await renderAt(store, FLOW);
    await openWidget(user);
    // The local server's I/O needs time to run: the fake clock also moves with real time (a few ms here).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    post(completed);
    await waitFor(() => expect(polls()).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Procesando' })).toBeInTheDocument());
    expect(screen.getByText('Procesando', { selector: 'p' })).toBeInTheDocument();
    await act(async () => void (await vi.advanceTimersByTimeAsync(9_000)));
    expect(polls()).toHaveLength(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(1_000)));
    await waitFor(() => expect(polls()).toHaveLength(2));
    expect(screen.getByRole('progressbar', { name: 'Procesando' })).toBeInTheDocument();
    await act(async () => void (await vi.advanceTimersByTimeAsync(9_000)));
    expect(polls()).toHaveLength(2);
    await act(async () => void (await vi.advanceTimersByTimeAsync(1_000)));
    await waitFor(() => expect(polls()).toHaveLength(3));
    vi.useRealTimers();
    await waitFor(() => expect(location()).toHaveTextContent('/loan-request/limit-approve?l=flow-1'));
    // The guard let the new status in: the limit page, never the status page (dashboard) on the way.
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu límite de crédito' })).toBeInTheDocument();
    expect(visited).toEqual([FLOW, '/loan-request/limit-approve?l=flow-1']);
    expect(getToasts().map((toast) => toast.content)).toContain(SUCCESS_TOASTS.bankAccountAdded);
    expect(getToasts().find((toast) => toast.content === SUCCESS_TOASTS.bankAccountAdded)?.alertType).toBe('success');
    expect(await sessionStatus()).toBe('systemApproved');
    expect(requestsTo('/api/membership/memberDetails')).toHaveLength(1);
  });

  it('succeeded with a declined decision → /dashboard/declined', async () => {
    statusAfter = 'declined';
    const user = userEvent.setup();
    await renderAt(store, FLOW);
    await openWidget(user);
    post(completed);
    await waitFor(() => expect(location()).toHaveTextContent(/^\/dashboard\/declined$/));
    expect(await sessionStatus()).toBe('declined');
  });

  it('decisionRejected → /dashboard/declined without the success toast', async () => {
    scrapeStatuses = ['decisionRejected'];
    statusAfter = 'declined';
    const user = userEvent.setup();
    await renderAt(store, FLOW);
    await openWidget(user);
    post(completed);
    await waitFor(() => expect(location()).toHaveTextContent(/^\/dashboard\/declined$/));
    expect(getToasts()).toHaveLength(0);
    expect(await sessionStatus()).toBe('declined');
  });

  for (const [status, message] of [
    ['sessionFailed', BANK_SCRAPE_MESSAGES.error],
    ['unnaxResponseTimeout', BANK_SCRAPE_MESSAGES.couldNotAddAccount],
    ['decisionFailed', BANK_SCRAPE_MESSAGES.couldNotAddThisAccount],
  ] as const) {
    it(`${status}: '${message}', and the customer stays to try again`, async () => {
      scrapeStatuses = [status];
      const user = userEvent.setup();
      await renderAt(store, FLOW);
      await openWidget(user);
      post(completed);
      expect(await screen.findByRole('alertdialog', { name: /Aviso/ })).toHaveTextContent(message);
      expect(location()).toHaveTextContent(FLOW);
      expect(screen.queryByText('Procesando')).not.toBeInTheDocument();
      expect(requestsTo('/api/membership/memberDetails')).toHaveLength(0);
      expect(await sessionStatus()).toBe('registered');
    });
  }

  it('a lost connection while polling is asked again 10 s later, and the session still ends', async () => {
    const user = userEvent.setup();
    await renderAt(store, FLOW);
    await openWidget(user);
    const fallback = server.handler;
    let dropped = false;
    server.handler = (request, response) => {
      if (request.url.startsWith('/api/bankscraper/statusScraper') && !dropped) {
        dropped = true;
        response.socket?.destroy();
        return;
      }
      fallback(request, response);
    };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    post(completed);
    await waitFor(() => expect(polls()).toHaveLength(1));
    await act(async () => void (await vi.advanceTimersByTimeAsync(1_000)));
    expect(polls()).toHaveLength(1);
    expect(screen.getByRole('progressbar', { name: 'Procesando' })).toBeInTheDocument();
    await act(async () => void (await vi.advanceTimersByTimeAsync(9_000)));
    await waitFor(() => expect(polls()).toHaveLength(2));
    vi.useRealTimers();
    await waitFor(() => expect(location()).toHaveTextContent('/loan-request/limit-approve?l=flow-1'));
  });

  it('ScrapeFailed from the status call shows its message and stops polling', async () => {
    const user = userEvent.setup();
    await renderAt(store, FLOW);
    await openWidget(user);
    const fallback = server.handler;
    server.handler = (request, response) =>
      request.url.startsWith('/api/bankscraper/statusScraper')
        ? businessError('ScrapeFailed')(response)
        : fallback(request, response);
    post(completed);
    expect(await screen.findByRole('alertdialog', { name: /Aviso/ })).toHaveTextContent(BANK_SCRAPE_MESSAGES.error);
    expect(polls()).toHaveLength(1);
  });
});

describe('bank credentials: manual entry', () => {
  const ibanField = () => screen.getByRole('textbox', { name: /IBAN de tu cuenta/ });

  async function openManual(user: ReturnType<typeof userEvent.setup>) {
    await renderAt(store, FLOW);
    await user.click(await screen.findByRole('tab', { name: 'Introduce tu IBAN' }));
  }

  it("the IBAN field (accountNumber) groups by 4 as it is typed; the holder is the customer's name, read-only", async () => {
    const user = userEvent.setup();
    await openManual(user);
    expect(ibanField()).toHaveAttribute('name', 'accountNumber');
    await user.type(ibanField(), 'es9121000418450200051332');
    expect(ibanField()).toHaveValue('ES91 2100 0418 4502 0005 1332');
    const holder = screen.getByRole('textbox', { name: 'Titular de la cuenta' });
    expect(holder).toHaveValue('Lucía García Pérez');
    expect(holder).toHaveAttribute('readonly');
  });

  it('a wrong Spanish CCC (right IBAN check digits) is refused in Spanish and nothing is sent', async () => {
    const user = userEvent.setup();
    await openManual(user);
    await user.type(ibanField(), 'ES2921000418460200051332');
    await user.tab();
    await waitFor(() => expect(ibanField()).toHaveAccessibleDescription(/dígitos de control/));
    await user.click(screen.getByRole('button', { name: 'Añadir cuenta' }));
    expect(requestsTo('/api/bankscraper/addCustomerBankAccountManually')).toHaveLength(0);
    await user.clear(ibanField());
    await user.type(ibanField(), 'FR7630006000011234567890189');
    await user.tab();
    await waitFor(() => expect(ibanField()).toHaveAccessibleDescription(/IBAN español/));
  });

  it('a valid IBAN is sent without spaces; the account is linked → toast and the limit page keeping l', async () => {
    const user = userEvent.setup();
    await openManual(user);
    await user.type(ibanField(), 'ES91 2100 0418 4502 0005 1332');
    await user.click(screen.getByRole('button', { name: 'Añadir cuenta' }));
    await waitFor(() => expect(location()).toHaveTextContent('/loan-request/limit-approve?l=flow-1'));
    expect(bodyOf(requestsTo('/api/bankscraper/addCustomerBankAccountManually')[0])).toEqual({
      accountNumber: 'ES9121000418450200051332',
    });
    expect(getToasts().map((toast) => toast.content)).toContain(SUCCESS_TOASTS.bankAccountAdded);
    expect(await sessionStatus()).toBe('systemApproved');
    expect(visited).toEqual([FLOW, '/loan-request/limit-approve?l=flow-1']);
  });

  it("the server's 422 InvalidBankAccount shows under the field", async () => {
    manualAnswer = businessError('InvalidBankAccount');
    const user = userEvent.setup();
    await openManual(user);
    await user.type(ibanField(), 'ES9121000418450200051332');
    await user.click(screen.getByRole('button', { name: 'Añadir cuenta' }));
    await waitFor(() => expect(ibanField()).toHaveAccessibleDescription(/No se pudo añadir esta cuenta bancaria/));
    expect(ibanField().closest('.ui-field')).toHaveTextContent(BANK_SCRAPE_MESSAGES.couldNotAddThisAccount);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(location()).toHaveTextContent(FLOW);
  });
});

describe('bank credentials: the saved loan flow (second document §4)', () => {
  it('without `l`, the flow saved on this device is taken up', async () => {
    await renderAt(store, '/bank-credentials');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/bank-credentials\?l=flow-1$/));
  });

  it('without `l` and no saved flow, the default flow is created and its id added to the address', async () => {
    await store.set(loanFlowIdsAtom, {});
    await renderAt(store, '/bank-credentials');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/bank-credentials\?l=[0-9a-f]{32}$/));
    const flowId = new URLSearchParams(location().textContent?.split('?')[1]).get('l') ?? '';
    const flow = await store.get(loanFlowAtom(flowId));
    expect(flow?.dto).toMatchObject({ amount: 100, paymentDates: [expect.any(String)] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Identifica tu banco' })).toBeInTheDocument();
  });

  it('an `l` that points at nothing goes to the dashboard', async () => {
    await renderAt(store, '/bank-credentials?l=nothing-here');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/dashboard$/));
  });
});

describe('bank credentials: access', () => {
  it('a systemApproved customer is redirected by status (dashboard)', async () => {
    store = await newStore(server, memberDetails({ status: 'systemApproved' }));
    await renderAt(store, FLOW);
    await waitFor(() => expect(location()).toHaveTextContent(/^\/dashboard$/));
  });
});
