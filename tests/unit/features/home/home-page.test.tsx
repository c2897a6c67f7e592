import { act, cleanup, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import HomePage from '../../../../src/features/home/HomePage.tsx';
import { configureTestApi } from '../../harness/api.ts';
import { sessionAtom } from '../../../../src/lib/storage/atoms.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type TestServer } from '../../lib/api/test-server.ts';
import { answerQuote } from './loan-server.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { freshStore } from '../../harness/render-at-route.tsx';

/** The home page's content (first document §2, second document §1-§2): hero, calculator, steps, requirements. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(cleanup);
beforeEach(() => {
  server.handler = (request, response) => {
    if (!answerQuote(request, response)) json(response, 404, {});
  };
  configureTestApi(server);
});

async function renderHome(store: AppStore) {
  await act(async () => {
    render(
      <Provider store={store}>
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>
      </Provider>,
    );
  });
}

describe('home page', () => {
  it('a visitor sees the title and the zero-interest offer of the first loan (up to 300€)', async () => {
    await renderHome(await freshStore());
    expect(
      screen.getByRole('heading', { level: 1, name: 'Solicita tu préstamo rápido en menos de 10 minutos' }),
    ).toBeInTheDocument();
    expect(screen.getByText('0 % en tu primer préstamo')).toBeInTheDocument();
    expect(
      screen.getByText(/hasta 300€ al 0 %: sin intereses ni comisiones si lo devuelves a tiempo/),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Calcula tu préstamo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Solicita YA' })).toBeInTheDocument();
  });

  it('a customer with a loan behind them sees the standard hero, without the offer', async () => {
    const store = await freshStore();
    await store.set(sessionAtom, { token: 'a.b.c', memberDetails: memberDetails({ status: 'securityChecked' }) });
    await renderHome(store);
    expect(screen.queryByText('0 % en tu primer préstamo')).not.toBeInTheDocument();
    expect(screen.getByText(/recibe el dinero en tu cuenta 10 minutos después de solicitarlo/)).toBeInTheDocument();
  });

  it("'Cómo funciona' has the three steps, the money 10 minutes after applying", async () => {
    await renderHome(await freshStore());
    const steps = within(screen.getByRole('region', { name: 'Cómo funciona' })).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('h3')?.textContent)).toEqual([
      'Elige tu préstamo',
      'Envía tus datos',
      'Recibe el dinero',
    ]);
    expect(steps[0]).toHaveTextContent('cuánto dinero necesitas y en cuántas cuotas');
    expect(steps[1]).toHaveTextContent('datos personales y bancarios');
    expect(steps[2]).toHaveTextContent('10 minutos después de solicitarlo');
  });

  it('lists the four requirements', async () => {
    await renderHome(await freshStore());
    const items = within(screen.getByRole('region', { name: 'Requisitos' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Tener un teléfono móvil que reciba tu código de acceso.',
      'Tener una cuenta bancaria vinculada a una tarjeta de débito o crédito.',
      'Ser mayor de 18 años.',
      'Residir en España con un DNI o NIE válido.',
    ]);
  });
});
