import { cleanup, configure, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { closeAllDialogs } from '../../../../src/lib/ui/dialog-store.ts';
import { clearToasts } from '../../../../src/lib/ui/toast-store.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';
import { catchUploads, fileOf, location, newStore, renderAt, type Upload } from './documents-harness.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/** The card proof upload (second document §2, §3, §5, §8): pick a card, upload its proof, success or failure. */

const MEMBER = memberDetails({ id: 5, status: 'securityChecked' });
const CARD = {
  id: 31,
  maskedCardNumber: '411111******1111',
  cardStatus: 'Valid',
  cardSubStatus: null,
  isActive: true,
  brand: 'visa',
};
const CARD_2 = {
  id: 32,
  maskedCardNumber: '555555******4444',
  cardStatus: 'Valid',
  cardSubStatus: null,
  isActive: false,
  brand: 'other',
};

let server: TestServer;
let store: AppStore;
let cards: unknown[];
let uploads: Upload[];
let uploadAnswer: (upload: Upload) => { status: number; body: unknown };

function handle(request: SeenRequest, response: ServerResponse) {
  if (request.url.split('?')[0] === '/api/card/customer/mini') return json(response, 200, { data: cards });
  return json(response, 404, {});
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  closeAllDialogs();
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
beforeEach(async () => {
  server.requests = [];
  server.handler = handle;
  cards = [CARD, CARD_2];
  uploadAnswer = () => ({ status: 200, body: { data: { ...CARD, cardSubStatus: 'uploaded' } } });
  uploads = catchUploads((upload) => uploadAnswer(upload));
  store = await newStore(server, MEMBER);
});

const docInput = () => screen.getByLabelText('Foto o documento de tu tarjeta: Elegir archivo');
const send = () => screen.getByRole('button', { name: 'Enviar' });

async function open() {
  await renderAt(store, '/financial-info/upload-card');
  await screen.findByRole('heading', { name: 'Verifica tu tarjeta', level: 1 });
  await screen.findByRole('radio', { name: '**** **** **** 1111' });
}

describe('upload card proof', () => {
  it("lists the customer's cards masked (first six as asterisks, groups of 4)", async () => {
    await open();
    expect(screen.getByRole('radio', { name: '**** **** **** 4444' })).toBeInTheDocument();
    expect(screen.queryByText(/411111/)).not.toBeInTheDocument();
  });

  it("card and document are required ('No has subido ningún documento.')", async () => {
    const user = userEvent.setup();
    await open();
    await user.click(send());
    expect(await screen.findByText('Elige una tarjeta.')).toBeInTheDocument();
    expect(screen.getByText('No has subido ningún documento.')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
  });

  it("sends the multipart entry of §3 and confirms 'Hemos recibido tu solicitud de verificación.'", async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('radio', { name: '**** **** **** 4444' }));
    await user.upload(docInput(), fileOf('tarjeta.pdf', 'application/pdf', 5000));
    await user.click(send());
    expect((await screen.findAllByText('Hemos recibido tu solicitud de verificación.')).length).toBeGreaterThan(0);
    expect(uploads).toHaveLength(1);
    expect(new URL(uploads[0]!.url).pathname).toBe('/api/customer/document/cardProof');
    expect(uploads[0]?.fields).toEqual({
      type: 'copyOfCard',
      status: 'new',
      cardSubStatus: 'uploaded',
      name: 'tarjeta.pdf',
      document: { name: 'tarjeta.pdf', type: 'application/pdf', size: 5000 },
      channel: 'website',
      cardId: '32',
      maskedCardNumber: '555555******4444',
    });
  });

  it('a failure shows the spec text and keeps the chosen file', async () => {
    const user = userEvent.setup();
    uploadAnswer = () => ({ status: 500, body: { errors: [] } });
    await open();
    await user.click(screen.getByRole('radio', { name: '**** **** **** 1111' }));
    await user.upload(docInput(), fileOf('tarjeta.jpg', 'image/jpeg'));
    await user.click(send());
    expect(
      await screen.findByText('Ha surgido un error mientras se subían los documentos. Por favor inténtelo de nuevo.'),
    ).toBeInTheDocument();
    expect(screen.getByText('tarjeta.jpg')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/financial-info/upload-card');
  });

  it('offline: says so and keeps the chosen file', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('radio', { name: '**** **** **** 1111' }));
    await user.upload(docInput(), fileOf('tarjeta.jpg', 'image/jpeg'));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(send());
    expect(await screen.findByText(/No tienes conexión a internet/)).toBeInTheDocument();
    expect(screen.getByText('tarjeta.jpg')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
  });

  it('without cards it says so', async () => {
    cards = [];
    await renderAt(store, '/financial-info/upload-card');
    expect(await screen.findByText('No tienes ninguna tarjeta registrada.')).toBeInTheDocument();
  });
});
