import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import ActiveCardsPage from '../../../../src/features/cards/ActiveCardsPage.tsx';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { clearToasts } from '../../../../src/lib/ui/toast-store.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';
import { newStore, renderPage, where } from './cards-harness.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/** /financial-info/active-cards: the customer's cards, the principal one, 'Establecer como principal'. */

let server: TestServer;
let store: AppStore;
let cards: Array<Record<string, unknown>>;
let setActive: (response: ServerResponse) => void;

function handle(request: SeenRequest, response: ServerResponse) {
  const path = request.url.split('?')[0] ?? '';
  if (path === '/api/card/customer/mini') return json(response, 200, { data: cards });
  if (path.startsWith('/api/card/active/')) return setActive(response);
  return json(response, 404, {});
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  server.requests = [];
  server.handler = handle;
  cards = [
    {
      id: 1,
      cardStatus: 'Valid',
      maskedCardNumber: '411111******1111',
      cardSubStatus: null,
      isActive: true,
      brand: 'visa',
    },
    {
      id: 2,
      cardStatus: 'Valid',
      maskedCardNumber: '******5454',
      cardSubStatus: 'uploaded',
      isActive: false,
      brand: 'other',
    },
  ];
  setActive = (response) => json(response, 200, { data: true });
  store = await newStore(server, memberDetails({ id: 4, status: 'securityChecked' }));
});
afterEach(() => {
  cleanup();
  clearToasts();
});

const open = () =>
  renderPage(store, '/financial-info/active-cards', <ActiveCardsPage />, '/financial-info/active-cards');
const items = async () => within(await screen.findByRole('list', { name: 'Tus tarjetas' })).getAllByRole('listitem');

describe('active cards', () => {
  it('lists the cards masked in groups of 4 with the Visa icon for visa, and marks the principal one', async () => {
    await open();
    const [first, second] = await items();
    expect(first).toHaveTextContent('**** **** **** 1111');
    expect(within(first!).getByRole('img', { name: 'Visa' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Principal');
    expect(within(first!).queryByRole('button')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('**** **** **** 5454');
    expect(within(second!).queryByRole('img', { name: 'Visa' })).not.toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: /Establecer como principal/ })).toBeInTheDocument();
  });

  it("'Establecer como principal' calls CardSetActivePutByCardId, shows the toast and moves the mark", async () => {
    const user = userEvent.setup();
    await open();
    const [, second] = await items();
    await user.click(within(second!).getByRole('button', { name: /Establecer como principal/ }));
    expect(await screen.findByText('Has establecido tu tarjeta como principal.')).toBeInTheDocument();
    const puts = server.requests.filter((request) => request.url.startsWith('/api/card/active/'));
    expect(puts.map((request) => [request.method, request.url])).toEqual([['PUT', '/api/card/active/2']]);
    const [first, after] = await items();
    expect(after).toHaveTextContent('Principal');
    expect(within(first!).getByRole('button', { name: /Establecer como principal/ })).toBeInTheDocument();
  });

  it('a refused change keeps the principal card and says so', async () => {
    const user = userEvent.setup();
    setActive = (response) =>
      json(response, 422, {
        errors: [
          { code: { name: 'CardNotFound', value: 1302 }, message: 'No hemos encontrado la tarjeta.', title: 'Aviso' },
        ],
      });
    await open();
    const [, second] = await items();
    await user.click(within(second!).getByRole('button', { name: /Establecer como principal/ }));
    expect(
      await screen.findByText('No hemos podido cambiar tu tarjeta principal. Por favor, inténtalo de nuevo.'),
    ).toBeInTheDocument();
    const [first] = await items();
    expect(first).toHaveTextContent('Principal');
  });

  it('links to add a card and to verify a card with a photo', async () => {
    const user = userEvent.setup();
    await open();
    await items();
    expect(screen.getByRole('link', { name: 'Verificar una tarjeta con una foto' })).toHaveAttribute(
      'href',
      '/financial-info/upload-card',
    );
    await user.click(screen.getByRole('link', { name: 'Añadir una tarjeta' }));
    await waitFor(() => expect(where()).toBe('/financial-info/add-card'));
  });

  it('without cards it says so', async () => {
    cards = [];
    await open();
    expect(await screen.findByText('Todavía no tienes ninguna tarjeta registrada.')).toBeInTheDocument();
  });
});
