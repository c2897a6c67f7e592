import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import DashboardDeclinedPage from '../../../../src/features/loan-outcome/DashboardDeclinedPage.tsx';
import LoanDeclinedPage from '../../../../src/features/loan-outcome/LoanDeclinedPage.tsx';
import LoanSuccessPage from '../../../../src/features/loan-outcome/LoanSuccessPage.tsx';
import { cancelScheduledDrafts } from '../../../../src/lib/loan-flow/saved-flow.ts';
import { loanFlowIdsAtom } from '../../../../src/lib/storage/atoms.ts';
import { storageBackend } from '../../../../src/lib/storage/backend.ts';
import { loanFlowAtom } from '../../../../src/lib/storage/loan-flow-atom.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { defaultFlow } from '../../../../src/shared/loan/payment-dates.ts';
import { todayInMadrid } from '../../../../src/shared/madrid-today.ts';
import { canAccess } from '../../../../src/shared/routes/access.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';
import { newStore, renderPage } from '../cards/cards-harness.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/** The loan request's outcome pages: success (second document §4, §9: about 10 minutes), declined, dashboard declined. */

const FLOW_ID = 'flow0001';
let server: TestServer;
let store: AppStore;
let journey: { documents: number; cardProvided: boolean; loan: { loanAmount: number; status: string } | null };

function handle(request: SeenRequest, response: ServerResponse) {
  if (request.url === '/api/loan/journey')
    return json(response, 200, {
      data: {
        documents: Array.from({ length: journey.documents }, (_, index) => ({
          id: index + 1,
          type: 'identity',
          name: `dni-${index}.jpg`,
          status: 'new',
          createdDate: '2026-11-24T10:00:00.000Z',
        })),
        cardProvided: journey.cardProvided,
        loanDetails: journey.loan ? { loanId: 77, ...journey.loan } : null,
      },
    });
  return json(response, 404, {});
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  server.requests = [];
  server.handler = handle;
  journey = { documents: 2, cardProvided: true, loan: { loanAmount: 300, status: 'agreementAssigned' } };
  await storageBackend.del(loanFlowAtom(FLOW_ID).key);
  store = await newStore(server, memberDetails({ id: 4, status: 'systemApproved' }));
  await store.set(loanFlowAtom(FLOW_ID), {
    id: FLOW_ID,
    dto: { ...defaultFlow(todayInMadrid()) },
    formValues: {},
    step: 'loanRequest',
  });
  await store.set(loanFlowIdsAtom, { '4': FLOW_ID });
});
afterEach(() => {
  cleanup();
  cancelScheduledDrafts();
});

const openSuccess = () =>
  renderPage(store, '/loan-request/success', <LoanSuccessPage />, `/loan-request/success?l=${FLOW_ID}`);

describe('loan request success', () => {
  it('says what happens next and that the money arrives in about 10 minutes, with the amount and the dashboard', async () => {
    await openSuccess();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Solicitud completada');
    expect(await screen.findByText('¡Enhorabuena! Hemos recibido tu solicitud de 300,00 €.')).toBeInTheDocument();
    expect(screen.getByText(/el dinero llega a tu cuenta bancaria en unos 10 minutos/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a mi área de clientes' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText('No has subido tu DNI/NIE.')).not.toBeInTheDocument();
  });

  it('with documents and card the flow is finished: its saved copy and the current flow id are cleared', async () => {
    await openSuccess();
    await waitFor(async () => expect(await store.get(loanFlowAtom(FLOW_ID))).toBeNull());
    expect(await store.get(loanFlowIdsAtom)).toEqual({});
  });

  it('leaving the page while the journey loads aborts its request: the saved flow stays', async () => {
    let left: Promise<boolean> | undefined;
    server.handler = (request, response) => {
      if (request.url !== '/api/loan/journey') return handle(request, response);
      // Never answered: closed by the client, before an answer was written.
      left = new Promise((resolve) => response.on('close', () => resolve(!response.writableFinished)));
    };
    await openSuccess();
    await waitFor(() => expect(left).toBeDefined());
    cleanup();
    expect(await left).toBe(true);
    expect(await store.get(loanFlowAtom(FLOW_ID))).not.toBeNull();
  });

  it('missing identity documents: the Aviso with a link to /documents keeping l (the flow stays for it)', async () => {
    journey.documents = 1;
    await openSuccess();
    expect(await screen.findByText('No has subido tu DNI/NIE.')).toBeInTheDocument();
    expect(screen.getByText(/nos ayuda a confirmar tu identidad/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subir DNI/NIE' })).toHaveAttribute('href', `/documents?l=${FLOW_ID}`);
    await waitFor(async () => expect(await store.get(loanFlowIdsAtom)).toEqual({}));
    expect(await store.get(loanFlowAtom(FLOW_ID))).not.toBeNull();
  });

  it('a card still missing: the link to add it keeping l', async () => {
    journey.cardProvided = false;
    await openSuccess();
    expect(await screen.findByRole('link', { name: 'Añadir mi tarjeta' })).toHaveAttribute(
      'href',
      `/financial-info/add-card?l=${FLOW_ID}`,
    );
  });
});

describe('declined pages', () => {
  it('loan request declined: why in general terms, what to do, when to try again, contact and the dashboard', async () => {
    await renderPage(store, '/loan-request/declined', <LoanDeclinedPage />, '/loan-request/declined');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Solicitud no aprobada');
    for (const heading of [
      '¿Por qué puede haber pasado?',
      '¿Qué puedes hacer?',
      '¿Cuándo puedo volver a intentarlo?',
      '¿Necesitas ayuda?',
    ])
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Escríbenos a/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
    expect(screen.getByRole('link', { name: /Llámanos al/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:\+34/),
    );
    expect(screen.getByRole('link', { name: 'Ir a mi área de clientes' })).toHaveAttribute('href', '/dashboard');
  });

  it('dashboard declined: what the customer can do, contact, account and home', async () => {
    await renderPage(store, '/dashboard/declined', <DashboardDeclinedPage />, '/dashboard/declined');
    expect(screen.getByText('Lo sentimos: en este momento no podemos ofrecerte un préstamo.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '¿Qué puedes hacer?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gestión de la cuenta' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('link', { name: 'Otras formas de contactar' })).toHaveAttribute('href', '/contactanos');
  });
});

describe('who may enter (route table)', () => {
  it.each([
    ['loanRequestSuccess', 'systemApproved', true],
    ['loanRequestSuccess', 'securityChecked', true],
    ['loanRequestSuccess', 'registered', false],
    ['loanRequestDeclined', 'registered', true],
    ['loanRequestDeclined', 'declined', true],
    ['dashboardDeclined', 'declined', true],
    ['dashboardDeclined', 'systemApproved', true],
    ['addressDetailsDeclined', 'registered', true],
    ['financialInfoAddCard', 'systemApproved', true],
    ['financialInfoActiveCards', 'securityChecked', true],
  ] as const)('%s lets %s in: %s', (key, status, allowed) => {
    expect(canAccess(key, status)).toBe(allowed);
  });
});

describe('route wiring (src/app/route-pages.ts)', () => {
  it.each([
    'financialInfoAddCard',
    'financialInfoActiveCards',
    'loanRequestSuccess',
    'loanRequestDeclined',
    'dashboardDeclined',
    'dashboard',
  ] as const)('%s has its own page, not the upcoming notice', async (key) => {
    const { hasOwnPage, preloadPage } = await import('../../../../src/app/route-pages.ts');
    expect(hasOwnPage(key)).toBe(true);
    await expect(preloadPage(key)).resolves.toBeUndefined();
  });
});
