import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeAllDialogs } from '../../../../src/lib/ui/dialog-store.ts';
import type { CustomerStatus } from '../../../../src/shared/statuses.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type TestServer } from '../../lib/api/test-server.ts';
import { location, newStore, renderAt } from './bank-harness.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

/**
 * The credit limit page (second document §1, §2): the limit from CreditLimitGet; a congratulation for a first-time
 * customer (FTB), the grown limit for a returning one (RTB); 'Siguiente' to the loan request keeping `l`.
 */

let server: TestServer;
let customerAnswer: (response: ServerResponse) => void;
let limitEuros: number;

const customer = (isRtb: boolean) => ({
  id: 4,
  status: 'systemApproved',
  memberDetails: memberDetails(),
  isRtb,
  isBlacklist: false,
  additionalField: 'REF4',
  firstName: 'Javier',
  lastName: 'Martín López',
  email: 'javier@example.com',
  phone: '600000004',
  gender: null,
  dni: '12345678Z',
  birthDate: '1990-01-01',
  address: null,
});

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
  limitEuros = 3000;
  customerAnswer = (response) => json(response, 200, { data: customer(false) });
  server.handler = (request, response) => {
    if (request.url === '/api/customer/creditlimit') {
      return json(response, 200, {
        data: { availableLimit: limitEuros, miniAvailableLimit: limitEuros > 0 ? 300 : 0 },
      });
    }
    if (request.url === '/api/customer/customer') return customerAnswer(response);
    return json(response, 404, {});
  };
});

async function open(status: CustomerStatus = 'systemApproved', url = '/loan-request/limit-approve?l=flow-1') {
  const store = await newStore(server, memberDetails({ status }));
  await renderAt(store, url);
}

describe('limit approval page', () => {
  it('FTB: a congratulation with the limit in euros; Siguiente goes to /loan-request keeping l', async () => {
    const user = userEvent.setup();
    await open();
    expect(await screen.findByRole('heading', { level: 2, name: '¡Enhorabuena!' })).toBeInTheDocument();
    expect(screen.getByTestId('credit-limit')).toHaveTextContent('3.000,00 €');
    expect(screen.getByText(/Puedes solicitar hasta 3\.000,00 €/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(location()).toHaveTextContent('/loan-request?l=flow-1'));
  });

  it('RTB: the limit that grew as they repaid', async () => {
    customerAnswer = (response) => json(response, 200, { data: customer(true) });
    limitEuros = 4500.5;
    await open('securityChecked');
    expect(await screen.findByRole('heading', { level: 2, name: 'Tu límite ha crecido' })).toBeInTheDocument();
    expect(screen.getByTestId('credit-limit')).toHaveTextContent('4.500,50 €');
    expect(screen.getByText(/Gracias por devolver tus préstamos a tiempo/)).toBeInTheDocument();
    expect(screen.queryByText('¡Enhorabuena!')).not.toBeInTheDocument();
  });

  it('without CustomerGet the status tells: systemApproved is FTB, securityChecked RTB', async () => {
    customerAnswer = (response) => json(response, 404, {});
    await open('systemApproved');
    expect(await screen.findByRole('heading', { level: 2, name: '¡Enhorabuena!' })).toBeInTheDocument();
    cleanup();
    await open('securityChecked');
    expect(await screen.findByRole('heading', { level: 2, name: 'Tu límite ha crecido' })).toBeInTheDocument();
  });

  it('without l, Siguiente goes to /loan-request', async () => {
    const user = userEvent.setup();
    await open('systemApproved', '/loan-request/limit-approve');
    await user.click(await screen.findByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/loan-request$/));
  });

  it('a registered customer is redirected to the bank credentials (§6)', async () => {
    await open('registered');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/bank-credentials$/));
  });
});
