import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import RepayLinkPage from '../../../../src/features/short-links/RepayLinkPage.tsx';
import { LoanFlowGate } from '../../../../src/lib/loan-flow/LoanFlowGate.tsx';
import { loanFlowAtom } from '../../../../src/lib/storage/loan-flow-atom.ts';
import { configureTestApi } from '../../harness/api.ts';
import { currentSession, sessionReadyAtom } from '../../../../src/lib/session/session.ts';
import { persistedAtoms, sessionAtom } from '../../../../src/lib/storage/atoms.ts';
import { hydrate } from '../../../../src/lib/storage/persisted-atom.ts';
import { clearToasts, getToasts } from '../../../../src/lib/ui/toast-store.ts';
import type { RepayLinkCustomerInfo } from '../../../../src/shared/api/links.ts';
import { apiErrorOf } from '../../../../src/shared/api/errors.ts';
import type { MemberDetails } from '../../../../src/shared/api/customer-schemas.ts';
import { routes } from '../../../../src/shared/routes/table.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type TestServer } from '../../lib/api/test-server.ts';

/**
 * The repay short link page against a local API server: a visitor is logged in with the link's token and sent where
 * the first document §4 table says; a customer already logged in is only navigated; a refused link goes home.
 */

const TOKEN = 'tok_AbC-123';
const LOGIN_PATH = `/api/membership/loginWithRepayToken/${TOKEN}`;
const INFO_PATH = `/api/customer/customerForLoginRedirection?repayToken=${TOKEN}`;

let server: TestServer;
let store: ReturnType<typeof createStore>;
const onGlobalFailure = vi.fn();

const owner = memberDetails({ id: 4, phone: '600000004', status: 'systemApproved' });
const info = (overrides: Partial<RepayLinkCustomerInfo> = {}): RepayLinkCustomerInfo => ({
  customerStatus: 'systemApproved',
  documentCount: 0,
  fullName: owner.fullName,
  hasCardAdded: false,
  lastLoanStatus: null,
  phoneNumber: owner.phone,
  hasAskForProofCard: false,
  ...overrides,
});

function answer(customerInfo: RepayLinkCustomerInfo, login: MemberDetails = owner) {
  server.handler = (request, response) => {
    if (request.method === 'POST' && request.url === LOGIN_PATH) {
      return json(response, 200, {
        data: { token: 'h.p.s', customerDetails: { ...login, passwordRequired: false } },
      });
    }
    if (request.method === 'GET' && request.url === INFO_PATH) return json(response, 200, { data: customerInfo });
    return json(response, 404, {});
  };
}

/** Where the app is; on the documents and add-card routes, inside their real flow gate (the flow it found). */
function Probe({ flowId }: { flowId?: string }) {
  const location = useLocation();
  return (
    <output data-testid="location" data-flow={flowId}>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

async function open(path: string) {
  await act(async () => {
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/r/:repayToken" element={<RepayLinkPage />} />
            <Route path="/rx/:repayToken" element={<RepayLinkPage />} />
            <Route path="/rs/:repayToken" element={<RepayLinkPage />} />
            <Route
              path="/documents"
              element={<LoanFlowGate step="documents">{(flow) => <Probe flowId={flow.id} />}</LoanFlowGate>}
            />
            <Route
              path="/financial-info/add-card"
              element={<LoanFlowGate step="financialInfoAddCard">{(flow) => <Probe flowId={flow.id} />}</LoanFlowGate>}
            />
            <Route path="*" element={<Probe />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
  });
}

const landedOn = (path: string) => waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(path));
const calls = () => server.requests.map((request) => `${request.method} ${request.url}`);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  clearToasts();
});

beforeEach(async () => {
  server.requests = [];
  onGlobalFailure.mockReset();
  store = createStore();
  await hydrate(store, persistedAtoms);
  await store.set(sessionAtom, null);
  store.set(sessionReadyAtom, true);
  configureTestApi(server, { store, onGlobalFailure });
});

describe('the documents and add-card destinations (issue 23 §8: they ended on the dashboard)', () => {
  it.each([
    [1, false, '/documents'],
    [2, false, '/financial-info/add-card'],
  ] as const)(
    '%i document(s), card %s: %s opens in a flow of its own, which its flow gate finds',
    async (documentCount, hasCardAdded, path) => {
      answer(
        info({ customerStatus: 'systemApproved', lastLoanStatus: 'agreementAssigned', documentCount, hasCardAdded }),
      );
      await open(`/r/${TOKEN}`);
      await landedOn(`${path}?l=`);
      const probe = screen.getByTestId('location');
      const flowId = new URLSearchParams(probe.textContent?.split('?')[1]).get('l');
      expect(flowId).toMatch(/^[\w-]+$/);
      // The page's own gate read the flow (without one it sends the customer to the dashboard).
      await waitFor(() => expect(probe).toHaveAttribute('data-flow', flowId));
      expect(await store.get(loanFlowAtom(flowId!))).toMatchObject({ id: flowId });
      // A flow of this device only: not the customer's current flow, nothing sent to the server.
      expect(calls().some((call) => call.includes('makeLoanApplication'))).toBe(false);
    },
  );
});

describe('a visitor opening a repay link', () => {
  it('shows the route title while it logs in with the token, then asks the customer info and lands by the table', async () => {
    answer(info({ customerStatus: 'systemApproved', lastLoanStatus: 'agreementAssigned', documentCount: 1 }));
    await open(`/r/${TOKEN}`);
    expect(screen.getByRole('heading', { level: 1, name: routes.shortLink.title })).toBeInTheDocument();
    await landedOn('/documents?l=');
    expect(calls()).toEqual([`POST ${LOGIN_PATH}`, `GET ${INFO_PATH}`]);
    // The contract decodes the wire's euros into Cents.
    expect(currentSession(store)).toEqual({
      token: 'h.p.s',
      memberDetails: { ...owner, customerCreditLimit: 300_000 },
    });
    // The customer info is asked with the new session's bearer token.
    expect(server.requests[1]?.headers.authorization).toBe('Bearer h.p.s');
  });

  it('/rx/ and /rs/ links work the same way', async () => {
    answer(info({ customerStatus: 'registered', phoneNumber: owner.phone }), { ...owner, status: 'registered' });
    await open(`/rx/${TOKEN}`);
    await landedOn('/bank-credentials');
    cleanup();
    await store.set(sessionAtom, null);
    answer(info({ customerStatus: 'systemApproved' }));
    await open(`/rs/${TOKEN}`);
    await landedOn('/loan-request');
  });

  it('waits for start-up to finish before doing anything', async () => {
    store.set(sessionReadyAtom, false);
    answer(info());
    await open(`/r/${TOKEN}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toEqual([]);
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => store.set(sessionReadyAtom, true));
    await landedOn('/loan-request');
  });

  it('a refused token goes home with the server message as a warning, and no session is stored', async () => {
    const refusal = apiErrorOf('TokenNotValid');
    server.handler = (_request, response) => json(response, 422, { errors: [refusal] });
    await open(`/r/${TOKEN}`);
    await landedOn('/');
    expect(screen.getByTestId('location').textContent).toBe('/');
    expect(currentSession(store)).toBeNull();
    expect(getToasts()).toEqual([
      expect.objectContaining({ alertType: 'warning', header: refusal.title, content: refusal.message }),
    ]);
    expect(calls()).toEqual([`POST ${LOGIN_PATH}`]);
  });

  it('a failure after the login (the customer info cannot be read) also goes home', async () => {
    answer(info());
    const loginOnly = server.handler;
    server.handler = (request, response) =>
      request.url === INFO_PATH ? json(response, 500, { errors: [] }) : loginOnly(request, response);
    await open(`/r/${TOKEN}`);
    await landedOn('/');
    expect(calls()).toEqual([`POST ${LOGIN_PATH}`, `GET ${INFO_PATH}`]);
  });
});

describe('a customer already logged in', () => {
  beforeEach(async () => {
    await store.set(sessionAtom, { token: 'own.session.token', memberDetails: owner });
  });

  it('is only navigated: no new login, the destination from the link customer info', async () => {
    answer(info({ customerStatus: 'securityChecked', lastLoanStatus: 'repaid', hasCardAdded: true, documentCount: 2 }));
    await open(`/r/${TOKEN}`);
    await landedOn('/loan-request');
    expect(calls()).toEqual([`GET ${INFO_PATH}`]);
    expect(currentSession(store)?.token).toBe('own.session.token');
  });

  it('a link of another customer does not switch accounts: the logged-in customer goes to their own landing', async () => {
    answer(info({ customerStatus: 'securityChecked', phoneNumber: '600000009', hasAskForProofCard: true }));
    await open(`/r/${TOKEN}`);
    await landedOn('/dashboard');
    expect(calls()).toEqual([`GET ${INFO_PATH}`]);
    expect(currentSession(store)?.memberDetails.phone).toBe(owner.phone);
  });
});
