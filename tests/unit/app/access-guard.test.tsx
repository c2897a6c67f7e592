import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import { AppRoutes } from '../../../src/app/router.tsx';
import { sessionCheckingAtom, sessionReadyAtom } from '../../../src/lib/session/session.ts';
import { loansCacheAtom, sessionAtom } from '../../../src/lib/storage/atoms.ts';
import { addDaysIso } from '../../../src/shared/calendar.ts';
import { todayInMadrid } from '../../../src/shared/madrid-today.ts';
import { SHELL_MESSAGES } from '../../../src/shared/messages.ts';
import { decideAccess, landingFor } from '../../../src/shared/routes/access.ts';
import { buildPath } from '../../../src/shared/routes/paths.ts';
import { routeList, type RouteDefinition, type RouteKey } from '../../../src/shared/routes/table.ts';
import { customerStatuses, type CustomerStatus } from '../../../src/shared/statuses.ts';
import { memberDetails } from '../helpers/members.ts';

/**
 * The access guard as the customer meets it: the real routes and shell rendered for every route of the table and
 * every status (and the visitor). Allowed → the page stays; denied visitor → the login-required notice with its
 * redirectTo link; denied customer → redirected by status (bank credentials even when granted). The table's own
 * rules (first document §6, second document §6) are checked row by row in tests/unit/shared/routes.test.ts; this
 * checks that the shell applies them.
 */

const sampleParams: Record<string, string> = {
  loanId: '7',
  installmentId: '70',
  paymentType: 'debit-card',
  paidType: 'installment',
  introductionId: 'intro-1',
  repayToken: 'tok123',
};

function pathOf(route: RouteDefinition): string {
  const params = Object.fromEntries(route.params.map((param) => [param.name, sampleParams[param.name] ?? 'x']));
  return buildPath(route.key as never, params as never);
}

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const member = (status: CustomerStatus) => memberDetails({ status });

async function renderAt(path: string, status: CustomerStatus | null) {
  const store = createStore();
  await store.set(sessionAtom, status === null ? null : { token: 'a.b.c', memberDetails: member(status) });
  store.set(sessionReadyAtom, true);
  await act(async () => {
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <Probe />
        </MemoryRouter>
      </Provider>,
    );
  });
}

afterEach(cleanup);

/**
 * Repay short links log in and navigate on their own (first document §4), and so does a staff member's read-only
 * view (`/morph`, to the landing page once start-up has logged in): the guard lets everyone in.
 */
const navigatesOnItsOwn = new Set<RouteKey>(['shortLink', 'shortLinkX', 'shortLinkS', 'morph']);
const pageRoutes = routeList.filter((route) => route.kind === 'page' && !navigatesOnItsOwn.has(route.key));
// Statuses whose session the shell ends at once (closed, none) are covered by the session tests.
const statuses: (CustomerStatus | null)[] = [null, ...customerStatuses.filter((s) => s !== 'closed' && s !== 'none')];

/**
 * Pages that send a status elsewhere by a rule of their own after the guard let it in: the loan request sends a
 * declined customer to dashboardDeclined (second document §4), which its own tests cover.
 */
const pageRedirects: Partial<Record<RouteKey, Partial<Record<CustomerStatus, string>>>> = {
  loanRequest: { declined: '/dashboard/declined' },
  loanApply: { declined: '/dashboard/declined' },
  // A screen after the loan request reads the flow of its `l`; without one there is no flow to go on with.
  documents: Object.fromEntries(customerStatuses.map((status) => [status, '/dashboard'])),
  // A customer already logged in on the device is sent to their own landing page (as by a repay link).
  handover: Object.fromEntries(customerStatuses.map((status) => [status, landingFor(status)])),
};

describe.each(statuses)('status %s', (status) => {
  it.each(pageRoutes.map((route) => [route.key, route] as const))('%s', async (_key: RouteKey, route) => {
    const path = pathOf(route);
    await renderAt(path, status);
    const decision = decideAccess(route.key, status);
    const location = await screen.findByTestId('location');
    if (decision.kind === 'redirect') {
      expect(location).toHaveTextContent(decision.to);
      expect(screen.queryByRole('heading', { name: SHELL_MESSAGES.loginRequired })).toBeNull();
    } else if (decision.kind === 'loginRequired') {
      expect(location).toHaveTextContent(path);
      expect(screen.getByRole('heading', { name: SHELL_MESSAGES.loginRequired })).toBeInTheDocument();
      expect(loginRequiredLink()).toHaveAttribute('href', `/login?redirectTo=${encodeURIComponent(path)}`);
    } else {
      const own = status === null ? undefined : pageRedirects[route.key]?.[status];
      if (own === undefined) expect(location).toHaveTextContent(path);
      // The page's own redirect follows its lazy code.
      else await waitFor(() => expect(location).toHaveTextContent(own));
      expect(screen.queryByRole('heading', { name: SHELL_MESSAGES.loginRequired })).toBeNull();
    }
  });
});

/** The notice's own login link (the header has one with the same name: 'Inicia sesión'). */
const loginRequiredLink = () =>
  within(screen.getByRole('region', { name: SHELL_MESSAGES.loginRequired })).getByRole('link', {
    name: 'Inicia sesión',
  });

describe('spot checks against the spec', () => {
  it.each([...navigatesOnItsOwn])(
    '%s is open to every visitor and customer (never the login-required notice)',
    async (key) => {
      for (const status of statuses) {
        expect(decideAccess(key, status)).toEqual({ kind: 'allow' });
      }
      await renderAt(buildPath(key as 'shortLink', { repayToken: 'tok123' }), null);
      expect(screen.queryByRole('heading', { name: SHELL_MESSAGES.loginRequired })).toBeNull();
    },
  );

  it('a customer who has just logged in on /login goes to its safe redirectTo, not to the status page', async () => {
    await renderAt(`/login?redirectTo=${encodeURIComponent('/account?tab=datos')}`, 'securityChecked');
    expect(await screen.findByTestId('location')).toHaveTextContent('/account?tab=datos');
  });

  it('an unsafe redirectTo on /login is ignored: the status page', async () => {
    await renderAt(`/login?redirectTo=${encodeURIComponent('//evil.example/x')}`, 'securityChecked');
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('a visitor on /account gets the login-required notice', async () => {
    await renderAt('/account?x=1', null);
    expect(loginRequiredLink()).toHaveAttribute('href', '/login?redirectTo=%2Faccount%3Fx%3D1');
  });

  it('systemApproved is sent to the dashboard from rollover', async () => {
    await renderAt('/rollover/7', 'systemApproved');
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('registered is sent to bank credentials from documents', async () => {
    await renderAt('/documents', 'registered');
    expect(await screen.findByTestId('location')).toHaveTextContent('/bank-credentials');
  });

  it('bank credentials redirects by status even when granted, and keeps a registered customer', async () => {
    await renderAt('/bank-credentials', 'registered');
    expect(await screen.findByTestId('location')).toHaveTextContent('/bank-credentials');
  });

  it('a logged-in customer on /login is redirected (anonymous-only)', async () => {
    await renderAt('/login', 'securityChecked');
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('before start-up has finished, a guarded page waits instead of deciding', async () => {
    const store = createStore();
    await store.set(sessionAtom, { token: 'a.b.c', memberDetails: member('securityChecked') });
    await act(async () => {
      render(
        <Provider store={store}>
          <MemoryRouter initialEntries={['/account']}>
            <AppRoutes />
            <Probe />
          </MemoryRouter>
        </Provider>,
      );
    });
    expect(screen.queryByRole('heading', { name: SHELL_MESSAGES.loginRequired })).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/account');
    expect(screen.getAllByRole('status').some((node) => node.textContent?.includes('Cargando'))).toBe(true);
  });

  describe('the installed app reopened on /dashboard while start-up checks the session (issue 24)', () => {
    const due = addDaysIso(todayInMadrid(), 5);
    const keptLoan = {
      id: 42,
      loanAmount: 250,
      createdDate: addDaysIso(todayInMadrid(), -25),
      status: 'issued',
      earlyClosureAmount: 100.1,
      installments: [
        {
          id: 4200,
          status: 'notPaid',
          expectedDate: due,
          totalPayment: 100.1,
          initialBase: 83.34,
          initialCalculatedInterest: 16.76,
          payments: [],
        },
      ],
      initialPayment: 100.1,
      firstRepaymentDate: due,
      overdueDay: 5,
      isRestructured: false,
      toAccountId: 7,
    };

    async function reopen(path: string, status: CustomerStatus) {
      const store = createStore();
      const details = member(status);
      await store.set(sessionAtom, { token: 'a.b.c', memberDetails: details });
      await store.set(loansCacheAtom, { customerId: details.id, savedAt: Date.now() - 60 * 60_000, loans: [keptLoan] });
      store.set(sessionCheckingAtom, true);
      await act(async () => {
        render(
          <Provider store={store}>
            <MemoryRouter initialEntries={[path]}>
              <AppRoutes />
              <Probe />
            </MemoryRouter>
          </Provider>,
        );
      });
    }

    it('a stored status allowed on the dashboard: the kept loans show at once, with their age', async () => {
      await reopen('/dashboard', 'securityChecked');
      expect(await screen.findByRole('region', { name: /^TU DEUDA ACTUAL/ }, { timeout: 10_000 })).toHaveTextContent(
        '100,10',
      );
      expect(screen.getByText('Datos de hace 1 h')).toBeInTheDocument();
    });

    it('other guarded pages, and a stored status the dashboard sends elsewhere, still wait for the check', async () => {
      const elsewhere = customerStatuses.find((status) => decideAccess('dashboard', status).kind === 'redirect');
      expect(elsewhere).toBeDefined();
      await reopen('/dashboard', elsewhere!);
      expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
      expect(screen.getAllByRole('status').some((node) => node.textContent?.includes('Cargando'))).toBe(true);
      cleanup();
      await reopen('/account', 'securityChecked');
      expect(screen.getByTestId('location')).toHaveTextContent('/account');
      expect(screen.getAllByRole('status').some((node) => node.textContent?.includes('Cargando'))).toBe(true);
    });
  });
});
