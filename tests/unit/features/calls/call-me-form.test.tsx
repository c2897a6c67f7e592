import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallMeForm, pageReload } from '../../../../src/features/calls/CallMeForm.tsx';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { clearToasts } from '../../../../src/lib/ui/toast-store.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';
import { choose, newStore, renderPage } from '../cards/cards-harness.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/** The call scheduling form ('call me'): the day, the hours of that day, 'Programar llamada'. */

let server: TestServer;
let store: AppStore;
let days: Array<{ date: string; times: Array<{ availableCallTimeId: number; startTime: string; endTime: string }> }>;
let answerChoice: (response: ServerResponse) => void;

function handle(request: SeenRequest, response: ServerResponse) {
  const path = request.url.split('?')[0] ?? '';
  if (path === '/api/todo/getAvailableCallTimesByDates') return json(response, 200, { data: days });
  if (path === '/api/todo/chooseCallTimeForCustomer') return answerChoice(response);
  return json(response, 404, {});
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  server.requests = [];
  server.handler = handle;
  days = [
    {
      date: '2026-11-25',
      times: [
        { availableCallTimeId: 100, startTime: '18:00', endTime: '18:30' },
        { availableCallTimeId: 101, startTime: '18:30', endTime: '19:00' },
      ],
    },
    { date: '2026-11-26', times: [{ availableCallTimeId: 200, startTime: '09:00', endTime: '09:30' }] },
  ];
  answerChoice = (response) => json(response, 200, { data: true });
  store = await newStore(server, memberDetails({ id: 7, status: 'securityChecked' }));
});
afterEach(() => {
  cleanup();
  clearToasts();
  vi.restoreAllMocks();
});

const open = async (waitForForm = true) => {
  await renderPage(store, '/account', <CallMeForm />, '/account');
  if (waitForForm) await screen.findByRole('button', { name: /Selecciona la fecha/ });
};
const choices = () => server.requests.filter((request) => request.url.startsWith('/api/todo/chooseCallTime'));
const listings = () => server.requests.filter((request) => request.url.startsWith('/api/todo/getAvailable'));
const optionsOf = async (user: ReturnType<typeof userEvent.setup>, label: RegExp) => {
  await user.click(screen.getByRole('button', { name: label }));
  const names = within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);
  await user.keyboard('{Escape}');
  return names;
};

describe('call scheduling', () => {
  it("offers the days as dd/MM/yyyy under 'Selecciona la fecha' and, under 'Selecciona la hora', that day's hours", async () => {
    const user = userEvent.setup();
    await open();
    await screen.findByRole('button', { name: /Selecciona la fecha/ });
    expect(await optionsOf(user, /Selecciona la fecha/)).toEqual(['25/11/2026', '26/11/2026']);
    await choose(user, /Selecciona la fecha/, '25/11/2026');
    expect(await optionsOf(user, /Selecciona la hora/)).toEqual(['18:00 - 18:30', '18:30 - 19:00']);
    await choose(user, /Selecciona la hora/, '18:30 - 19:00');
    await choose(user, /Selecciona la fecha/, '26/11/2026');
    // Another day empties the hour of the previous one and offers its own.
    expect(screen.getByRole('button', { name: /Selecciona la hora/ })).not.toHaveTextContent('18:30');
    expect(await optionsOf(user, /Selecciona la hora/)).toEqual(['09:00 - 09:30']);
  });

  it('requires both the day and the hour, with no message: nothing is sent, the first empty select has the focus', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(await screen.findByRole('button', { name: 'Programar llamada' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Selecciona la fecha/ })).toHaveFocus());
    await choose(user, /Selecciona la fecha/, '25/11/2026');
    await user.click(screen.getByRole('button', { name: 'Programar llamada' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Selecciona la hora/ })).toHaveFocus());
    expect(choices()).toHaveLength(0);
    expect(document.querySelector('.ui-field-error')).toBeNull();
  });

  it('books the slot for the customer with subject welcomeCall, loading meanwhile, then the toast and the slots again', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    answerChoice = (response) => {
      release = () => json(response, 200, { data: true });
    };
    await open();
    await choose(user, /Selecciona la fecha/, '25/11/2026');
    await choose(user, /Selecciona la hora/, '18:30 - 19:00');
    await user.click(screen.getByRole('button', { name: 'Programar llamada' }));
    await waitFor(() => expect(choices()).toHaveLength(1));
    const button = screen.getByRole('button', { name: /Programar llamada/ });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(JSON.parse(choices()[0]!.body.toString())).toEqual({
      customerId: 7,
      availableCallTimeId: 101,
      subject: 'welcomeCall',
    });
    days = [days[1]!];
    release();
    expect(
      await screen.findByText('Hemos aceptado tu solicitud. Te llamaremos a la hora que has especificado.'),
    ).toBeInTheDocument();
    expect(choices()).toHaveLength(1);
    await waitFor(() => expect(listings()).toHaveLength(2));
    const user2 = userEvent.setup();
    expect(await optionsOf(user2, /Selecciona la fecha/)).toEqual(['26/11/2026']);
  });

  it("on false shows 'Ha ocurrido un error. Vuelva a cargar la página o inténtelo de nuevo.' and reloads", async () => {
    const reload = vi.spyOn(pageReload, 'run').mockImplementation(() => undefined);
    answerChoice = (response) => json(response, 200, { data: false });
    const user = userEvent.setup();
    await open();
    await choose(user, /Selecciona la fecha/, '26/11/2026');
    await choose(user, /Selecciona la hora/, '09:00 - 09:30');
    await user.click(screen.getByRole('button', { name: 'Programar llamada' }));
    expect(
      await screen.findByText('Ha ocurrido un error. Vuelva a cargar la página o inténtelo de nuevo.'),
    ).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Programar llamada/ })).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 4000 });
  });

  it('says when there is no free hour at all', async () => {
    days = [];
    await open(false);
    expect(await screen.findByText(/no hay horas disponibles/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Programar llamada' })).toBeNull();
  });
});
