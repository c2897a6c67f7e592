import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAnalyticsConsent, setAnalyticsSink } from '../../../../src/lib/analytics/analytics.ts';
import { cancelScheduledDrafts } from '../../../../src/lib/loan-flow/saved-flow.ts';
import { loanFlowAtom } from '../../../../src/lib/storage/loan-flow-atom.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { closeAllDialogs } from '../../../../src/lib/ui/dialog-store.ts';
import { clearToasts } from '../../../../src/lib/ui/toast-store.ts';
import { defaultFlow } from '../../../../src/shared/loan/payment-dates.ts';
import { todayInMadrid } from '../../../../src/shared/madrid-today.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';
import { catchUploads, fileOf, location, newStore, renderAt, type Upload } from './documents-harness.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/** The documents screen (second document §2, §4, §5): DNI/NIE front and back, the file rules, skipping, next step. */

const MEMBER = memberDetails({ id: 4, status: 'systemApproved' });
const URL_WITH_FLOW = '/documents?l=flow0001';

let server: TestServer;
let store: AppStore;
let journey: { cardProvided: boolean; documents?: unknown[] };
let isRtb: boolean;
let uploads: Upload[];
let uploadAnswer: (upload: Upload) => { status: number; body: unknown };
let events: Array<{ name: string; props: unknown }>;

const documentAnswer = (upload: Upload) => ({
  status: 200,
  body: {
    data: { id: 10, type: 'identity', name: upload.fields.name, status: 'new', createdDate: '2026-11-24T10:00:00Z' },
  },
});

function handle(request: SeenRequest, response: ServerResponse) {
  const path = request.url.split('?')[0];
  switch (path) {
    case '/api/loan/journey':
      return json(response, 200, {
        data: {
          documents: journey.documents ?? [],
          cardProvided: journey.cardProvided,
          loanDetails: { loanId: 77, loanAmount: 2500, status: 'agreementAssigned' },
        },
      });
    case '/api/customer/customer':
      return json(response, 200, {
        data: {
          id: 4,
          status: 'systemApproved',
          memberDetails: MEMBER,
          isRtb,
          isBlacklist: false,
          additionalField: 'REF4',
          firstName: 'Javier',
          lastName: 'Martín',
          email: 'javier@example.com',
          phone: '600000004',
          gender: null,
          dni: '12345678Z',
          birthDate: '1990-01-01',
          address: null,
        },
      });
    case '/api/loan/makeLoanApplication':
      return json(response, 200, { data: true });
    default:
      return json(response, 404, {});
  }
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  closeAllDialogs();
  clearToasts();
  cancelScheduledDrafts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setAnalyticsSink(null);
  setAnalyticsConsent(null);
});
beforeEach(async () => {
  server.requests = [];
  server.handler = handle;
  journey = { cardProvided: false };
  isRtb = false;
  uploadAnswer = documentAnswer;
  uploads = catchUploads((upload) => uploadAnswer(upload));
  events = [];
  setAnalyticsSink({ page: () => undefined, event: (name, props) => events.push({ name, props }) });
  setAnalyticsConsent({
    strictlyNecessary: true,
    analyticsPerformance: true,
    functional: false,
    fullStoryVideo: false,
    advertisingPurposing: false,
  });
  store = await newStore(server, MEMBER);
  await store.set(loanFlowAtom('flow0001'), {
    id: 'flow0001',
    dto: { ...defaultFlow(todayInMadrid()) },
    formValues: {},
    step: 'loanRequest',
  });
});

const chooseFile = (side: 'delantera' | 'trasera') =>
  screen.getByLabelText(`DNI/NIE: parte ${side}: Elegir archivo`) as HTMLInputElement;

async function open() {
  await renderAt(store, URL_WITH_FLOW);
  await screen.findByRole('heading', { name: 'Documentos', level: 1 });
}

describe('documents: a side staff rejected (docs/backoffice.md §5)', () => {
  const identity = (id: number, subType: string, status: string, rejectionReason: string | null = null) => ({
    id,
    type: 'identity',
    subType,
    name: `${subType}.jpg`,
    status,
    createdDate: '2026-11-24T10:00:00Z',
    rejectionReason,
  });

  it("shows 'Documento rechazado: {motivo}. Súbelo de nuevo.' under the side whose newest upload was rejected", async () => {
    journey = {
      cardProvided: false,
      documents: [
        identity(1, 'front', 'rejected', 'la foto está borrosa.'),
        identity(2, 'back', 'rejected', 'no se lee la fecha'),
        identity(3, 'back', 'new'),
      ],
    };
    await open();
    const alert = await screen.findByText('Documento rechazado: la foto está borrosa. Súbelo de nuevo.');
    expect(alert).toHaveAttribute('role', 'alert');
    // The back was uploaded again after its rejection: nothing to say about it.
    expect(screen.queryByText(/no se lee la fecha/)).not.toBeInTheDocument();
    expect(screen.getAllByText(/^Documento rechazado/)).toHaveLength(1);
  });

  it('says nothing when no side was rejected', async () => {
    journey = { cardProvided: false, documents: [identity(1, 'front', 'accepted'), identity(2, 'back', 'new')] };
    await open();
    await waitFor(() => expect(server.requests.some((request) => request.url === '/api/loan/journey')).toBe(true));
    expect(screen.queryByText(/Documento rechazado/)).not.toBeInTheDocument();
  });
});

describe('documents: choosing files (second document §5)', () => {
  it("each side offers 'Elegir archivo' (accept list of §5); a wrong type is refused with 'Este tipo de archivo no está permitido.'", async () => {
    const user = userEvent.setup({ applyAccept: false });
    await open();
    expect(chooseFile('delantera')).toHaveAttribute('accept', '.jpg,.png,.jpeg,.gif,.pdf,.doc,.docx,image/*');
    await user.upload(chooseFile('delantera'), fileOf('dni.exe', 'application/x-msdownload'));
    expect(await screen.findByText('Este tipo de archivo no está permitido.')).toBeInTheDocument();
    expect(screen.queryByText('dni.exe')).not.toBeInTheDocument();
    expect(uploads).toHaveLength(0);
  });

  it("a file over 10,000,000 bytes is refused with 'El archivo supera los 10 MB.'", async () => {
    const user = userEvent.setup();
    await open();
    await user.upload(chooseFile('trasera'), fileOf('dni.jpg', 'image/jpeg', 11_000_000));
    expect(await screen.findByText('El archivo supera los 10 MB.')).toBeInTheDocument();
    expect(screen.queryByText('dni.jpg')).not.toBeInTheDocument();
  });

  it("sending without a file says 'No has subido ningún documento.'", async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('button', { name: 'Enviar documentos' }));
    expect(await screen.findByText('No has subido ningún documento.')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
  });
});

describe('documents: upload and next step', () => {
  it('sends each side as multipart DocumentUploadPost (type identity, subType, name, channel website, document) then goes to success with the ftb_success event when a card was provided', async () => {
    const user = userEvent.setup();
    journey.cardProvided = true;
    await open();
    await user.upload(chooseFile('delantera'), fileOf('dni-front.pdf', 'application/pdf', 2048));
    await user.upload(chooseFile('trasera'), fileOf('dni-back.pdf', 'application/pdf', 4096));
    await user.click(screen.getByRole('button', { name: 'Enviar documentos' }));
    await waitFor(() => expect(location()).toHaveTextContent('/loan-request/success?l=flow0001'));
    expect(uploads.map((upload) => [upload.method, new URL(upload.url).pathname, upload.fields])).toEqual([
      [
        'POST',
        '/api/customer/document',
        {
          type: 'identity',
          subType: 'front',
          name: 'dni-front.pdf',
          channel: 'website',
          document: { name: 'dni-front.pdf', type: 'application/pdf', size: 2048 },
        },
      ],
      [
        'POST',
        '/api/customer/document',
        {
          type: 'identity',
          subType: 'back',
          name: 'dni-back.pdf',
          channel: 'website',
          document: { name: 'dni-back.pdf', type: 'application/pdf', size: 4096 },
        },
      ],
    ]);
    expect(events).toEqual([{ name: 'ftb_success', props: { amount: 2500, currency: 'EUR', userId: 4 } }]);
  });

  it('without a card the flow goes on to add-card, keeping l, and no success event', async () => {
    const user = userEvent.setup();
    await open();
    await user.upload(chooseFile('delantera'), fileOf('dni-front.png', 'image/png'));
    await user.upload(chooseFile('trasera'), fileOf('dni-back.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Enviar documentos' }));
    await waitFor(() => expect(location()).toHaveTextContent('/financial-info/add-card?l=flow0001'));
    expect(uploads).toHaveLength(2);
    expect(events).toEqual([]);
  });

  it('a refusal from the server shows its Spanish message and keeps the chosen file', async () => {
    const user = userEvent.setup();
    uploadAnswer = () => ({
      status: 422,
      body: {
        errors: [
          { code: { name: 'InvalidFileType', value: 1308 }, message: 'Tipo de archivo no válido.', title: 'Aviso' },
        ],
      },
    });
    await open();
    await user.upload(chooseFile('delantera'), fileOf('dni-front.jpg', 'image/jpeg'));
    await user.click(screen.getByRole('button', { name: 'Enviar documentos' }));
    expect(await screen.findByText('Tipo de archivo no válido.')).toBeInTheDocument();
    expect(screen.getByText('dni-front.jpg')).toBeInTheDocument();
    expect(location()).toHaveTextContent(URL_WITH_FLOW);
  });

  it('offline: the upload says so in Spanish and keeps the chosen file', async () => {
    const user = userEvent.setup();
    await open();
    await user.upload(chooseFile('delantera'), fileOf('dni-front.jpg', 'image/jpeg'));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(screen.getByRole('button', { name: 'Enviar documentos' }));
    expect(
      await screen.findByText(/No tienes conexión a internet\. No hemos podido enviar tu documento/),
    ).toBeInTheDocument();
    expect(screen.getByText('dni-front.jpg')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
    expect(location()).toHaveTextContent(URL_WITH_FLOW);
  });
});

describe("documents: skipping ('Aviso')", () => {
  it("'Continuar' without the DNI/NIE asks first; 'Subir DNI/NIE' stays on the page", async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    const warning = await screen.findByRole('alertdialog', { name: 'Aviso' });
    expect(warning).toHaveTextContent('No has subido tu DNI/NIE.');
    expect(warning).toHaveTextContent('el envío de tu dinero puede retrasarse');
    await user.click(within(warning).getByRole('button', { name: 'Subir DNI/NIE' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(location()).toHaveTextContent(URL_WITH_FLOW);
    // Only the page's own read of the documents when it opened (a rejected side); going on would read it again.
    const journeyReads = server.requests.filter((request) => request.url.startsWith('/api/loan/journey'));
    expect(journeyReads.length).toBeLessThanOrEqual(1);
  });

  it("'Continuar' in the warning: no card → add-card", async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    const warning = await screen.findByRole('alertdialog', { name: 'Aviso' });
    await user.click(within(warning).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(location()).toHaveTextContent('/financial-info/add-card?l=flow0001'));
    expect(events).toEqual([]);
  });

  it("'Continuar' in the warning: a card provided → success with the rtb_success event for a returning customer", async () => {
    const user = userEvent.setup();
    journey.cardProvided = true;
    isRtb = true;
    await open();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    const warning = await screen.findByRole('alertdialog', { name: 'Aviso' });
    await user.click(within(warning).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(location()).toHaveTextContent('/loan-request/success?l=flow0001'));
    expect(events).toEqual([{ name: 'rtb_success', props: { amount: 2500, currency: 'EUR', userId: 4 } }]);
  });
});

describe('documents: access', () => {
  it('a registered customer (no decision yet) may not open it', async () => {
    store = await newStore(server, memberDetails({ id: 4, status: 'registered' }));
    await renderAt(store, URL_WITH_FLOW);
    await waitFor(() => expect(location()).not.toHaveTextContent('/documents'));
  });
});
