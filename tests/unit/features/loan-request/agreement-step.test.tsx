import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import type { ServerResponse } from 'node:http';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import AgreementStepModal from '../../../../src/features/loan-request/components/AgreementStepModal.tsx';
import { configureTestApi } from '../../harness/api.ts';
import { startSession } from '../../../../src/lib/session/session.ts';
import { persistedAtoms } from '../../../../src/lib/storage/atoms.ts';
import { storageBackend } from '../../../../src/lib/storage/backend.ts';
import { hydrate } from '../../../../src/lib/storage/persisted-atom.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { closeAllDialogs } from '../../../../src/lib/ui/dialog-store.ts';
import { DialogHost } from '../../../../src/lib/ui/DialogHost.tsx';
import { clearToasts } from '../../../../src/lib/ui/toast-store.ts';
import { ToastHost } from '../../../../src/lib/ui/ToastHost.tsx';
import { businessErrorCodes } from '../../../../src/shared/api/business-error-codes.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/**
 * The agreement step after a loan request (second document §4, §8): pre-contract information then agreement,
 * Descargar, Imprimir, and every AssignAgreementPost outcome, against a local HTTP server standing in for the API.
 */

const MEMBER = memberDetails({ id: 4, status: 'systemApproved' });
const LOAN_ID = 77;

let server: TestServer;
let store: AppStore;
let assignAnswers: Array<(response: ServerResponse) => void>;
let onClose: ReturnType<typeof vi.fn<() => void>>;
let onAccepted: ReturnType<typeof vi.fn<() => Promise<void>>>;
let preContractStatus: number;

function businessError(code: keyof typeof businessErrorCodes) {
  const known = businessErrorCodes[code];
  return (response: ServerResponse) =>
    json(response, 422, {
      errors: [{ code: { name: code, value: known.value }, message: known.message, title: 'Aviso' }],
    });
}
const accepted = (response: ServerResponse) => json(response, 200, { data: true });

function handle(request: SeenRequest, response: ServerResponse) {
  const path = request.url.split('?')[0];
  switch (path) {
    case '/api/loan/agreements/preContractInformation':
      if (preContractStatus !== 200) return json(response, preContractStatus, { errors: [] });
      return json(response, 200, {
        data: {
          type: 'preContractInformation',
          title: 'Información normalizada europea sobre el crédito al consumo',
          agreement: '<h1>Información normalizada europea</h1><p>TAE 103,7 %</p>',
        },
      });
    case `/api/loan/agreement/${LOAN_ID}`:
      return json(response, 200, {
        data: { title: 'Contrato de préstamo', agreement: '<h1>Contrato</h1>', loanId: LOAN_ID },
      });
    case `/api/communication/loanAgreement/${LOAN_ID}`:
      return json(response, 200, {
        data: { filename: `PrestamoRapido_${LOAN_ID}_informacion.pdf`, base64String: btoa('%PDF-1.7 test') },
      });
    case '/api/loan/assignAgreement': {
      const answer = assignAnswers.shift() ?? accepted;
      return answer(response);
    }
    case '/api/customer/communication':
      return json(response, 200, { data: true });
    default:
      return json(response, 404, {});
  }
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

async function renderModal() {
  await act(async () => {
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/loan-request?l=flow0001']}>
          <Routes>
            <Route
              path="/loan-request"
              element={
                <Suspense fallback={null}>
                  <AgreementStepModal
                    loanId={LOAN_ID}
                    email="javier@example.com"
                    onClose={onClose}
                    onAccepted={onAccepted}
                  />
                </Suspense>
              }
            />
            <Route path="*" element={<Where />} />
          </Routes>
          <DialogHost />
          <ToastHost />
        </MemoryRouter>
      </Provider>,
    );
  });
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  closeAllDialogs();
  clearToasts();
  vi.restoreAllMocks();
});
beforeEach(async () => {
  server.requests = [];
  server.handler = handle;
  assignAnswers = [];
  preContractStatus = 200;
  onClose = vi.fn<() => void>();
  onAccepted = vi.fn<() => Promise<void>>(() => Promise.resolve());
  await Promise.all(persistedAtoms.map((persisted) => storageBackend.del(persisted.key)));
  store = createStore();
  await hydrate(store, persistedAtoms);
  await startSession(store, { token: 'token-of-4', memberDetails: MEMBER });
  configureTestApi(server, { store });
});

const requests = (path: string) => server.requests.filter((request) => request.url.split('?')[0] === path);
const assignKeys = () => requests('/api/loan/assignAgreement').map((request) => request.headers['idempotency-key']);
const dialog = () => screen.getByRole('dialog', { name: 'Tu contrato de préstamo' });

/** Opens the modal and goes on to the agreement (the 'Acepto' stage). */
async function toAgreement(user: ReturnType<typeof userEvent.setup>) {
  await renderModal();
  await user.click(await within(dialog()).findByRole('button', { name: 'Ver el contrato' }));
  return within(dialog()).getByRole('button', { name: 'Acepto' });
}

describe('agreement step: the documents', () => {
  it('shows the pre-contract information of the loan first, then the agreement, each in a sandboxed frame (max width 600)', async () => {
    const user = userEvent.setup();
    await renderModal();
    const secci = await within(dialog()).findByTitle('Información normalizada europea sobre el crédito al consumo');
    expect(secci).toHaveAttribute('sandbox', '');
    expect(secci.getAttribute('srcdoc')).toContain('TAE 103,7 %');
    expect(requests('/api/loan/agreements/preContractInformation')[0]?.url).toBe(
      `/api/loan/agreements/preContractInformation?loanId=${LOAN_ID}`,
    );
    expect(within(dialog()).queryByRole('button', { name: 'Acepto' })).not.toBeInTheDocument();
    expect(document.querySelector('.ui-modal')).toHaveStyle({ maxWidth: '600px' });
    await user.click(within(dialog()).getByRole('button', { name: 'Ver el contrato' }));
    const agreement = within(dialog()).getByTitle('Contrato de préstamo');
    expect(agreement).toHaveAttribute('sandbox', '');
    expect(agreement.getAttribute('srcdoc')).toContain('<h1>Contrato</h1>');
    expect(within(dialog()).getByRole('button', { name: 'Acepto' })).toBeInTheDocument();
  });

  it("'Descargar' saves the PDF of the shown document under the server's file name", async () => {
    const user = userEvent.setup();
    const saved: Array<{ name: string; type: string; size: number }> = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push({ name: '', type: blob.type, size: blob.size });
      return 'blob:test-pdf';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
    await renderModal();
    await user.click(await within(dialog()).findByRole('button', { name: 'Descargar' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(requests(`/api/communication/loanAgreement/${LOAN_ID}`)[0]?.url).toBe(
      `/api/communication/loanAgreement/${LOAN_ID}?type=preContractInformation`,
    );
    expect(saved).toEqual([
      { name: `PrestamoRapido_${LOAN_ID}_informacion.pdf`, type: 'application/pdf', size: '%PDF-1.7 test'.length },
    ]);
    await user.click(within(dialog()).getByRole('button', { name: 'Ver el contrato' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Descargar' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(requests(`/api/communication/loanAgreement/${LOAN_ID}`)[1]?.url).toBe(
      `/api/communication/loanAgreement/${LOAN_ID}?type=agreement`,
    );
  });

  it("'Imprimir' prints the document from a script-less sandboxed frame", async () => {
    const user = userEvent.setup();
    await renderModal();
    await user.click(await within(dialog()).findByRole('button', { name: 'Imprimir' }));
    const frame = document.querySelector<HTMLIFrameElement>('iframe[data-print-frame]');
    expect(frame).not.toBeNull();
    expect(frame?.getAttribute('sandbox')).toBe('allow-same-origin allow-modals');
    expect(frame?.getAttribute('srcdoc')).toContain('TAE 103,7 %');
  });

  it('a load failure closes the modal', async () => {
    preContractStatus = 500;
    await renderModal();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onAccepted).not.toHaveBeenCalled();
  });
});

describe('agreement step: Acepto (AssignAgreementPost, second document §8)', () => {
  it('accepts the loan with one Idempotency-Key, then goes on', async () => {
    const user = userEvent.setup();
    await user.click(await toAgreement(user));
    await waitFor(() => expect(onAccepted).toHaveBeenCalledTimes(1));
    const [sent] = requests('/api/loan/assignAgreement');
    expect(JSON.parse(sent!.body.toString())).toEqual({ loanId: LOAN_ID, acceptAgreement: true });
    expect(sent?.headers['idempotency-key']).toBeTruthy();
  });

  it('a lost answer is retried with the same Idempotency-Key (one press)', async () => {
    const user = userEvent.setup();
    assignAnswers = [(response) => response.socket?.destroy(), accepted];
    await user.click(await toAgreement(user));
    await waitFor(() => expect(onAccepted).toHaveBeenCalledTimes(1), { timeout: 5000 });
    const keys = assignKeys();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it.each(['LoanNotFound', 'AgreementNotAccepted'] as const)(
    "%s: 'Préstamo no encontrado.'; a new press sends a new Idempotency-Key",
    async (code) => {
      const user = userEvent.setup();
      assignAnswers = [businessError(code), accepted];
      const accept = await toAgreement(user);
      await user.click(accept);
      expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Préstamo no encontrado.');
      expect(onAccepted).not.toHaveBeenCalled();
      await user.click(accept);
      await waitFor(() => expect(onAccepted).toHaveBeenCalledTimes(1));
      const keys = assignKeys();
      expect(keys).toHaveLength(2);
      expect(keys[1]).not.toBe(keys[0]);
    },
  );

  it.each(['InvalidEmailWithUpdateRequest', 'EmailNotAvailable'] as const)(
    '%s opens the e-mail update modal; once saved (AddNewEmailPost) the agreement is accepted again',
    async (code) => {
      const user = userEvent.setup();
      assignAnswers = [businessError(code), accepted];
      await user.click(await toAgreement(user));
      const emailDialog = await screen.findByRole('dialog', { name: 'Actualiza tu email' });
      const field = within(emailDialog).getByRole('textbox', { name: /Email/ });
      expect(field).toHaveValue('javier@example.com');
      await user.clear(field);
      await user.type(field, 'javier.nuevo@example.com');
      await user.click(within(emailDialog).getByRole('button', { name: 'ENVIAR' }));
      await waitFor(() => expect(onAccepted).toHaveBeenCalledTimes(1));
      const [emailSent] = requests('/api/customer/communication');
      expect(JSON.parse(emailSent!.body.toString())).toEqual({
        type: 'email',
        subType: 'personal',
        value: 'javier.nuevo@example.com',
      });
      const keys = assignKeys();
      expect(keys).toHaveLength(2);
      expect(keys[1]).not.toBe(keys[0]);
    },
  );

  it.each([
    ['Verifica', '/financial-info/upload-card'],
    ['Ahora no', '/dashboard'],
  ])("CustomerBlackListedWithSuspiciousLoan asks to verify the card: '%s' goes to %s", async (button, to) => {
    const user = userEvent.setup();
    assignAnswers = [businessError('CustomerBlackListedWithSuspiciousLoan')];
    await user.click(await toAgreement(user));
    const prompt = await screen.findByRole('alertdialog');
    expect(prompt).toHaveTextContent(
      'Para continuar con el proceso de solicitud de tu préstamo debes verificar tu tarjeta.',
    );
    await user.click(within(prompt).getByRole('button', { name: button }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(to));
    expect(onAccepted).not.toHaveBeenCalled();
  });

  it('offline: says so and sends nothing', async () => {
    const user = userEvent.setup();
    const accept = await toAgreement(user);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(accept);
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('No tienes conexión a internet.');
    expect(requests('/api/loan/assignAgreement')).toHaveLength(0);
  });
});
