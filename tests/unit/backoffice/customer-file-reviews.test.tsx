import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffDocument } from '../../../src/shared/api/document-staff.ts';
import type { StaffMember } from '../../../src/shared/api/staff.ts';
import { cellsOf, collectionCompanySession, pageOf } from './customer-file-harness.ts';
import { mariaRecord, visaCard } from './fixtures.ts';
import {
  agent,
  answer,
  ok,
  renderAt,
  requests,
  staffError,
  storedSession,
  type Answer,
  type SeenRequest,
} from './harness.tsx';

/**
 * The customer file's review actions: 'Aprobar' / 'Rechazar' of a document in 'Documentos' (`DocumentReviewPost`)
 * and the card proof's actions in 'Tarjetas' (`SetCardSubStatusPost`), each through the action dialog, the list read
 * again after it.
 */

const front: StaffDocument = {
  id: 31,
  type: 'identity',
  subType: 'front',
  cardId: null,
  name: 'dni-delante.jpg',
  contentType: 'image/jpeg',
  sizeBytes: 204_800,
  channel: 'website',
  status: 'new',
  uploadedAt: '2026-03-02T10:00:00Z',
  reviewedByStaffId: null,
  reviewedAt: null,
  rejectionReason: null,
};
const count = { total: 1, kinds: [{ type: 'identity', subType: 'front', count: 1 }] };
const reviewed = { reviewedByStaffId: 7, reviewedAt: '2026-03-03T09:00:00Z' };

/** Answers the staff member and customer 5 as `serve` does, and the rest from `handler`, which sees the body. */
function serveAll(handler: (request: SeenRequest) => Answer | null, me: StaffMember = agent) {
  answer((request) => {
    if (request.path === '/api/membership/staff/me') return ok(me);
    if (request.path === '/api/customer/customer/5') return ok(mariaRecord);
    return handler(request) ?? staffError('StaffCustomerNotFound');
  });
}

/** Serves 'Documentos' with the front, as `review` leaves it once posted (or its refusal). */
function serveDocuments(review: () => { answer: Answer; after?: StaffDocument }) {
  let document = front;
  serveAll(({ path }) => {
    if (path === '/api/communication/document/31/review') {
      const { answer, after } = review();
      if (after) document = after;
      return answer;
    }
    if (path === '/api/communication/documentCount/5') return ok(count);
    if (path.startsWith('/api/communication/documentList/5')) return ok(pageOf([document]));
    return null;
  });
}

const listReads = () => requests.filter(({ path }) => path.startsWith('/api/communication/documentList/5')).length;
const posts = (path: string) => requests.filter((request) => request.method === 'POST' && request.path === path);

describe('reviewing a document in ‘Documentos’', () => {
  it('‘Rechazar’ asks for the reason the customer reads and the audit reason, sends both, then shows the rejection', async () => {
    storedSession();
    serveDocuments(() => {
      const after = { ...front, ...reviewed, status: 'rejected', rejectionReason: 'La foto está cortada' };
      return { answer: ok({ document: after, securityChecked: false }), after };
    });
    await renderAt('/backoffice/clientes/5/documentos');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rechazar DNI/NIE: anverso (dni-delante.jpg)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar el documento: DNI/NIE: anverso' });

    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo (queda en la auditoría)' }), 'Revisado a mano');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Escribe el motivo del rechazo (al menos 3 caracteres)',
    );
    const customerReason = within(dialog).getByRole('textbox', { name: 'Motivo del rechazo (lo leerá el cliente)' });
    expect(customerReason).toHaveAttribute('aria-invalid', 'true');
    expect(posts('/api/communication/document/31/review')).toEqual([]);

    await user.type(customerReason, '  La foto está cortada ');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts('/api/communication/document/31/review').map(({ body }) => body)).toEqual([
      { decision: 'rejected', rejectionReason: 'La foto está cortada', reason: 'Revisado a mano' },
    ]);
    expect(await screen.findByText('Documento rechazado.')).toBeInTheDocument();
    const table = await screen.findByRole('grid', { name: 'Documentos del cliente' });
    expect(cellsOf(table)).toEqual([
      [
        '02/03/2026 11:00',
        'DNI/NIE: anverso',
        'dni-delante.jpg',
        '200 KB',
        'Rechazado: La foto está cortada',
        'Ver',
        'Aprobar',
      ],
    ]);
    expect(listReads()).toBe(2);
  });

  it('‘Aprobar’ sends the decision and the audit reason only, and says when the customer became verified', async () => {
    storedSession();
    serveDocuments(() => {
      const after = { ...front, ...reviewed, status: 'accepted' };
      return { answer: ok({ document: after, securityChecked: true }), after };
    });
    await renderAt('/backoffice/clientes/5/documentos');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Aprobar DNI/NIE: anverso (dni-delante.jpg)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprobar el documento: DNI/NIE: anverso' });
    expect(within(dialog).queryByRole('textbox', { name: /lo leerá el cliente/ })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo (queda en la auditoría)' }), 'DNI legible');
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByText('Documento aprobado. El cliente ha pasado a verificado.')).toBeInTheDocument();
    expect(posts('/api/communication/document/31/review').map(({ body }) => body)).toEqual([
      { decision: 'accepted', reason: 'DNI legible' },
    ]);
    const table = await screen.findByRole('grid', { name: 'Documentos del cliente' });
    expect(cellsOf(table)[0]?.slice(4)).toEqual(['Aceptado', 'Ver', 'Rechazar']);
    expect(listReads()).toBe(2);
  });

  it('a refusal is shown inside the dialog, which stays open, and nothing is read again', async () => {
    storedSession();
    serveDocuments(() => ({ answer: staffError('StaffDocumentNotFound') }));
    await renderAt('/backoffice/clientes/5/documentos');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Aprobar DNI/NIE: anverso (dni-delante.jpg)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprobar el documento: DNI/NIE: anverso' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo (queda en la auditoría)' }), 'DNI legible');
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No hemos encontrado ese documento.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(listReads()).toBe(1);
  });
});

const uploaded = { ...visaCard, cardSubStatus: 'uploaded' };
const deleted = {
  ...visaCard,
  id: 2,
  maskedCardNumber: '522222******2222',
  cardStatus: 'Deleted',
  cardSubStatus: 'uploaded',
};
const fresh = { ...visaCard, id: 4, maskedCardNumber: '499999******9999', cardSubStatus: null };

/** Serves 'Tarjetas' with the cards, the first one as `set` leaves it once posted (or its refusal). */
function serveCards(set: () => { answer: Answer; after?: typeof uploaded }, me: StaffMember = agent) {
  let card: typeof uploaded = uploaded;
  serveAll(({ path }) => {
    if (path === '/api/card/customer/ordered/5') return ok([card, fresh, deleted]);
    if (path === '/api/card/setCardSubStatus') {
      const { answer, after } = set();
      if (after) card = after;
      return answer;
    }
    return null;
  }, me);
}
const cardReads = () => requests.filter(({ path }) => path === '/api/card/customer/ordered/5').length;

describe('the card proof’s actions in ‘Tarjetas’', () => {
  it('offers only what the card’s state allows, sends the chosen sub-status with the reason, then reads the cards again', async () => {
    storedSession();
    serveCards(() => {
      const after = { ...uploaded, cardSubStatus: 'proofAccepted' };
      return { answer: ok({ id: 3, cardSubStatus: 'proofAccepted' }), after };
    });
    await renderAt('/backoffice/clientes/5/tarjetas');
    const table = await screen.findByRole('grid', { name: 'Tarjetas del cliente' });
    expect(cellsOf(table).map((row) => row.at(-1))).toEqual([
      'Pedir justificanteAceptar justificanteRechazar justificante',
      'Pedir justificante',
      '—',
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Aceptar justificante de la tarjeta 411111******1111' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Aceptar el justificante de la tarjeta 411111******1111',
    });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Motivo (queda en la auditoría)' }),
      'Coincide el titular',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar justificante' }));
    expect(await screen.findByText('Tarjeta 411111******1111: justificante aceptado.')).toBeInTheDocument();
    expect(posts('/api/card/setCardSubStatus').map(({ body }) => body)).toEqual([
      { cardId: 3, cardSubStatus: 'proofAccepted', reason: 'Coincide el titular' },
    ]);
    const after = await screen.findByRole('grid', { name: 'Tarjetas del cliente' });
    expect(cellsOf(after)[0]?.slice(4)).toEqual([
      'Justificante aceptado',
      'Completada',
      'Sí',
      '12/01/2026 17:45',
      'Pedir justificante',
    ]);
    expect(cardReads()).toBe(2);
  });

  it('the server’s refusal shows in the dialog, which stays open', async () => {
    storedSession();
    serveCards(() => ({ answer: staffError('CardProofNotUploaded') }));
    await renderAt('/backoffice/clientes/5/tarjetas');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Rechazar justificante de la tarjeta 411111******1111' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Rechazar el justificante de la tarjeta 411111******1111',
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo (queda en la auditoría)' }), 'Otro titular');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar justificante' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'El cliente no ha subido ningún justificante de esta tarjeta pendiente de revisar.',
    );
    expect(posts('/api/card/setCardSubStatus').map(({ body }) => body)).toEqual([
      { cardId: 3, cardSubStatus: 'proofRejected', reason: 'Otro titular' },
    ]);
    expect(cardReads()).toBe(1);
  });

  it('a collection company’s user reads the cards but gets no proof action (SetCardSubStatusPost’s roles)', async () => {
    serveCards(() => ({ answer: ok({ id: 3, cardSubStatus: 'proofAccepted' }) }), collectionCompanySession());
    await renderAt('/backoffice/clientes/5/tarjetas');
    const table = await screen.findByRole('grid', { name: 'Tarjetas del cliente' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(8);
    expect(within(table).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: /justificante/ })).toBeNull();
  });
});
