import { act, cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import LoanFlowShell from '../../../src/app/shell/LoanFlowShell.tsx';
import { configureTestApi } from '../harness/api.ts';
import { onlineAtom } from '../../../src/lib/pwa/network-status.ts';
import { sessionReadyAtom, startSession } from '../../../src/lib/session/session.ts';
import { loanFlowIdsAtom, persistedAtoms } from '../../../src/lib/storage/atoms.ts';
import { loanFlowAtom } from '../../../src/lib/storage/loan-flow-atom.ts';
import { storageBackend } from '../../../src/lib/storage/backend.ts';
import { hydrate } from '../../../src/lib/storage/persisted-atom.ts';
import type { AppStore } from '../../../src/lib/storage/store.ts';
import { defaultFlow } from '../../../src/shared/loan/payment-dates.ts';
import { todayInMadrid } from '../../../src/shared/madrid-today.ts';
import { memberDetails } from '../helpers/members.ts';
import { json, startTestServer, type TestServer } from '../lib/api/test-server.ts';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

/** The loan flow's shell part: screen-visit logs of every loan-flow route, and 'Continúa tu solicitud'. */

const MEMBER = memberDetails({ id: 4, status: 'systemApproved' });
const FLOW_ID = 'serverflow01';
let server: TestServer;
let store: AppStore;
let draft: unknown;

function Where() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="where">{`${location.pathname}${location.search}`}</p>
      <button type="button" onClick={() => navigate('/dashboard')}>
        al panel
      </button>
    </>
  );
}

async function renderAt(url: string) {
  await act(async () => {
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[url]}>
          <LoanFlowShell />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
  });
}

const screenPosts = () => server.requests.filter((request) => request.url === '/api/loan/loanApplicationScreens');

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => cleanup());
beforeEach(async () => {
  server.requests = [];
  draft = null;
  server.handler = (request, response) => {
    if (request.url === '/api/loan/loanApplicationScreens') return json(response, 500, { errors: [] });
    if (request.url === '/api/loan/continueLoanApplication') return json(response, 200, { data: draft });
    return json(response, 404, {});
  };
  await Promise.all(persistedAtoms.map((persisted) => storageBackend.del(persisted.key)));
  await storageBackend.del(loanFlowAtom(FLOW_ID).key);
  store = createStore();
  await hydrate(store, persistedAtoms);
  store.set(onlineAtom, true);
  await startSession(store, { token: 'token-of-4', memberDetails: MEMBER });
  store.set(sessionReadyAtom, true);
  configureTestApi(server, { store });
});

describe('screen-visit logs', () => {
  it.each([
    ['/loan-request?l=abc12345', 'LoanCreation'],
    ['/loan-apply?l=abc12345', 'LoanApply'],
    ['/bank-credentials?l=abc12345', 'Scrape'],
    ['/loan-request/limit-approve?l=abc12345', 'LimitApproval'],
    ['/documents?l=abc12345', 'DocumentUpload'],
    ['/financial-info/add-card?l=abc12345', 'CardEntry'],
    ['/loan-request/declined?l=abc12345', 'Decline'],
    ['/loan-request/success?l=abc12345', 'Success'],
  ])('%s is logged as %s 1 s after it is shown (an error answer is ignored)', async (url, screenName) => {
    await renderAt(url);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screenPosts()).toHaveLength(0);
    await waitFor(() => expect(screenPosts()).toHaveLength(1));
    expect(JSON.parse(screenPosts()[0]!.body.toString())).toEqual({
      screen: screenName,
      // The spec's params: screen and 'status: {status}', the customer's status.
      status: 'status: systemApproved',
      loanFlowId: 'abc12345',
    });
  });

  it('other routes are not logged; leaving before the second sends nothing', async () => {
    const user = userEvent.setup();
    await renderAt('/dashboard');
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(screenPosts()).toHaveLength(0);
    cleanup();
    await renderAt('/loan-request?l=abc12345');
    await user.click(screen.getByRole('button', { name: 'al panel' }));
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(screenPosts()).toHaveLength(0);
  });
});

describe("'Continúa tu solicitud'", () => {
  const serverDraft = () => ({
    flowId: FLOW_ID,
    step: 'loanRequest',
    dto: { ...defaultFlow(todayInMadrid()), amount: 3000 },
    formValues: { product: 3000, installment: 12, accountId: 11 },
    updatedAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });

  it('a server draft not saved on this device is offered; the button saves it and opens its step with l', async () => {
    const user = userEvent.setup();
    draft = serverDraft();
    await renderAt('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Continúa tu solicitud' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/loan-request?l=${FLOW_ID}`));
    const saved = await store.get(loanFlowAtom(FLOW_ID));
    expect(saved?.formValues).toEqual({ product: 3000, installment: 12, accountId: 11 });
    expect(saved?.dto.amount).toBe(3000);
    expect(await store.get(loanFlowIdsAtom)).toEqual({ '4': FLOW_ID });
    expect(screen.queryByRole('button', { name: 'Continúa tu solicitud' })).not.toBeInTheDocument();
  });

  it('no offer without a server draft, or when the flow is already on this device', async () => {
    await renderAt('/dashboard');
    await waitFor(() =>
      expect(server.requests.some((request) => request.url === '/api/loan/continueLoanApplication')).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('button', { name: 'Continúa tu solicitud' })).not.toBeInTheDocument();
    cleanup();
    draft = { ...serverDraft(), flowId: 'localflow01' };
    await store.set(loanFlowAtom('localflow01'), {
      id: 'localflow01',
      dto: defaultFlow(todayInMadrid()),
      formValues: {},
    });
    server.requests = [];
    await renderAt('/dashboard');
    await waitFor(() =>
      expect(server.requests.some((request) => request.url === '/api/loan/continueLoanApplication')).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('button', { name: 'Continúa tu solicitud' })).not.toBeInTheDocument();
  });
});
