import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createStore } from 'jotai';
import { Route } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MarketingPrompt } from '../../../../src/features/marketing/MarketingPrompt.tsx';
import { mayShowMarketingPrompt, type PromptContext } from '../../../../src/features/marketing/prompt-rules.ts';
import { sessionReadyAtom } from '../../../../src/lib/session/session.ts';
import {
  cookieConsentAtom,
  marketingPromptAtom,
  persistedAtoms,
  sessionAtom,
} from '../../../../src/lib/storage/atoms.ts';
import { hydrate } from '../../../../src/lib/storage/persisted-atom.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { closeAllDialogs } from '../../../../src/lib/ui/dialog-store.ts';
import { clearToasts } from '../../../../src/lib/ui/toast-store.ts';
import { customerStatuses, type CustomerStatus } from '../../../../src/shared/statuses.ts';
import { memberDetails } from '../../helpers/members.ts';
import { configureTestApi, json, startTestServer, type TestServer } from '../../harness/api.ts';
import { freshStore, renderAtRoute } from '../../harness/render-at-route.tsx';
import { body } from '../home/loan-server.ts';

/**
 * The '¡Hola de nuevo!' opt-in prompt (second document §2, §4): who sees it, not again within 7 days, never
 * over the cookie modal, and what 'Sí' stores (UpdateCommunicationPermissionPost, against a local HTTP server).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
let server: TestServer;
let permissions: { allowEmail: boolean; allowSms: boolean; allow3CxCalls: boolean };
let updateStatus: number;
let lastChoiceDate: string | null;

beforeAll(async () => {
  server = await startTestServer();
  await import('../../../../src/features/marketing/prompt-flow.ts');
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests = [];
  permissions = { allowEmail: false, allowSms: false, allow3CxCalls: false };
  updateStatus = 200;
  lastChoiceDate = null;
  server.handler = (request, response) => {
    if (request.url === '/api/communication/checkPermissions') {
      return json(response, 200, { data: [{ customerId: 4, ...permissions, lastChoiceDate }] });
    }
    if (request.url === '/api/communication/updateCommunicationPermission') {
      return updateStatus === 200 ? json(response, 200, { data: true }) : json(response, updateStatus, { errors: [] });
    }
    json(response, 404, {});
  };
});
afterEach(() => {
  act(() => {
    closeAllDialogs();
    clearToasts();
  });
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const decided = {
  strictlyNecessary: true,
  functional: true,
  analyticsPerformance: false,
  advertisingPurposing: false,
  fullStoryVideo: false,
} as const;

async function customerStore(status: CustomerStatus, { consent = true } = {}): Promise<AppStore> {
  const store = await freshStore();
  await store.set(sessionAtom, { token: 'a.b.c', memberDetails: memberDetails({ id: 4, status }) });
  if (consent) await store.set(cookieConsentAtom, decided);
  store.set(sessionReadyAtom, true);
  configureTestApi(server, { store });
  return store;
}

/** The app opened again later with what is still stored, and the customer logged in again (24 h sessions). */
async function laterVisit(): Promise<AppStore> {
  const store = createStore();
  await hydrate(store, persistedAtoms);
  await store.set(sessionAtom, { token: 'a.b.c', memberDetails: memberDetails({ id: 4, status: 'securityChecked' }) });
  store.set(sessionReadyAtom, true);
  expect(await store.get(cookieConsentAtom)).toEqual(decided);
  configureTestApi(server, { store });
  return store;
}

/** The prompt as the layout mounts it, on any page (the harness renders the dialog and toast hosts it asks through). */
async function renderPrompt(store: AppStore, path = '/') {
  await renderAtRoute(store, path, <Route path="*" element={<MarketingPrompt />} />);
}

const prompt = () => screen.findByRole('alertdialog', { name: '¡Hola de nuevo!' });
const updates = () => server.requests.filter((r) => r.url === '/api/communication/updateCommunicationPermission');
const checks = () => server.requests.filter((r) => r.url === '/api/communication/checkPermissions');
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

describe('marketing prompt rules', () => {
  const base: PromptContext = {
    ready: true,
    status: 'registered',
    cookieConsentDecided: true,
    lastShownAt: null,
    route: 'home',
  };

  it('only preRegistered, registered, systemApproved and securityChecked customers may see it', () => {
    const allowed = customerStatuses.filter((status) => mayShowMarketingPrompt({ ...base, status }));
    expect(allowed.sort()).toEqual(['preRegistered', 'registered', 'securityChecked', 'systemApproved']);
    expect(mayShowMarketingPrompt({ ...base, status: null })).toBe(false);
  });

  it('never before the cookie choice, within 7 days of the last time, before start-up ends, or inside a flow', () => {
    expect(mayShowMarketingPrompt(base)).toBe(true);
    expect(mayShowMarketingPrompt({ ...base, route: 'dashboard' })).toBe(true);
    expect(mayShowMarketingPrompt({ ...base, cookieConsentDecided: false })).toBe(false);
    expect(mayShowMarketingPrompt({ ...base, lastShownAt: '2026-03-01T10:00:00.000Z' })).toBe(false);
    expect(mayShowMarketingPrompt({ ...base, ready: false })).toBe(false);
    for (const route of ['loanRequest', 'addressDetails', 'payment', 'login'] as const) {
      expect(mayShowMarketingPrompt({ ...base, route })).toBe(false);
    }
  });
});

describe('marketing prompt', () => {
  it("asks a returning customer; 'Sí' stores email, SMS and calls as allowed and confirms", async () => {
    const store = await customerStore('systemApproved');
    await renderPrompt(store);
    const dialog = await prompt();
    expect(dialog).toHaveTextContent('¿Quieres recibir nuestras ofertas y novedades por email, SMS y teléfono?');
    expect(await store.get(marketingPromptAtom)).not.toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sí, quiero recibirlas' }));
    expect(await screen.findByText('Los cambios se han guardado.')).toBeInTheDocument();
    expect(updates()).toHaveLength(1);
    expect(body(updates()[0]!)).toEqual({
      allowEmail: true,
      allowSms: true,
      allow3CxCalls: true,
      source: 'marketingPrompt',
    });
    expect(updates()[0]!.headers['authorization']).toBe('Bearer a.b.c');
  });

  it("'Ahora no' keeps the permissions and records the refusal on the server (source marketingPrompt); not shown again", async () => {
    permissions = { allowEmail: true, allowSms: false, allow3CxCalls: false };
    const store = await customerStore('registered');
    await renderPrompt(store);
    await prompt();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ahora no' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(body(updates()[0]!)).toEqual({
      allowEmail: true,
      allowSms: false,
      allow3CxCalls: false,
      source: 'marketingPrompt',
    });
    cleanup();
    await renderPrompt(store);
    await settle();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('a choice made anywhere within 7 days (sign-up, another device, /account) is respected: not asked; after 7 days it is', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = new Date('2026-03-10T09:00:00.000Z');
    vi.setSystemTime(now);
    // Refused at sign-up (or on another device, or switched SMS off on /account) 6 days and 23 hours ago.
    lastChoiceDate = new Date(now.getTime() - 7 * DAY_MS + 3_600_000).toISOString();
    const store = await customerStore('systemApproved');
    await renderPrompt(store);
    await waitFor(() => expect(checks()).toHaveLength(1));
    await settle();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // Nothing kept on this device: the server's date decides.
    expect(await store.get(marketingPromptAtom)).toBeNull();
    cleanup();

    lastChoiceDate = new Date(now.getTime() - 7 * DAY_MS - 60_000).toISOString();
    await renderPrompt(await customerStore('systemApproved'));
    expect(await prompt()).toBeInTheDocument();
  });

  it('permissions that cannot be read: nothing is asked (the choice may be there)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.handler = (_request, response) => json(response, 500, {});
    const store = await customerStore('registered');
    await renderPrompt(store);
    await waitFor(() => expect(checks()).toHaveLength(1));
    await settle();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('is not repeated within 7 days, and is shown again after them', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const shownAt = new Date('2026-03-10T09:00:00.000Z');
    vi.setSystemTime(shownAt);
    await renderPrompt(await customerStore('securityChecked'));
    await prompt();
    act(() => closeAllDialogs());
    cleanup();

    vi.setSystemTime(new Date(shownAt.getTime() + 7 * DAY_MS - 60_000));
    const sixDaysLater = await laterVisit();
    expect(await sixDaysLater.get(marketingPromptAtom)).toEqual({ shownAt: shownAt.toISOString() });
    await renderPrompt(sixDaysLater);
    await settle();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(checks()).toHaveLength(1);
    cleanup();

    vi.setSystemTime(new Date(shownAt.getTime() + 7 * DAY_MS + 1));
    const eightDaysLater = await laterVisit();
    expect(await eightDaysLater.get(marketingPromptAtom)).toBeNull();
    await renderPrompt(eightDaysLater);
    expect(await prompt()).toBeInTheDocument();
  });

  it('waits for the cookie choice: never on top of the cookie modal', async () => {
    const store = await customerStore('registered', { consent: false });
    await renderPrompt(store);
    await settle();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(checks()).toHaveLength(0);
    await act(async () => store.set(cookieConsentAtom, decided));
    expect(await prompt()).toBeInTheDocument();
  });

  it('is not shown to other statuses, nor in the middle of a flow', async () => {
    for (const status of ['new', 'declined', 'internalCollection'] as const) {
      await renderPrompt(await customerStore(status));
      await settle();
      expect(screen.queryByRole('alertdialog'), status).not.toBeInTheDocument();
      cleanup();
    }
    await renderPrompt(await customerStore('registered'), '/loan-request');
    await settle();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(checks()).toHaveLength(0);
  });

  it('is not shown to a customer who already accepts every channel', async () => {
    permissions = { allowEmail: true, allowSms: true, allow3CxCalls: true };
    const store = await customerStore('registered');
    await renderPrompt(store);
    await waitFor(() => expect(checks()).toHaveLength(1));
    await settle();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await store.get(marketingPromptAtom)).toBeNull();
  });

  it('when the answer cannot be saved, says so in Spanish and goes on', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    updateStatus = 404;
    await renderPrompt(await customerStore('registered'));
    await prompt();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sí, quiero recibirlas' }));
    expect(
      await screen.findByText('No hemos podido guardar tu preferencia. Inténtalo de nuevo más tarde.'),
    ).toBeInTheDocument();
  });
});
