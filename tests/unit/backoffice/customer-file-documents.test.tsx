import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cellsOf, collectionCompanySession, pageOf, serve } from './customer-file-harness.ts';
import { location, ok, renderAt, requests, staffError, storedSession, type Answer } from './harness.tsx';

/**
 * The customer file's 'Documentos' tab: the counts by kind (`DocumentCountGet`), the documents newest first
 * (`DocumentListGet`, paged) and 'Ver', which reads the file (`DocumentFileGet`, bytes) into an object URL shown in a
 * dialog and revoked when it closes.
 */

const front = {
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
const proof = {
  ...front,
  id: 30,
  type: 'copyOfCard',
  subType: null,
  cardId: 3,
  name: 'justificante.pdf',
  contentType: 'application/pdf',
  sizeBytes: 800,
  status: 'rejected',
  uploadedAt: '2026-02-20T08:00:00Z',
  reviewedByStaffId: 7,
  reviewedAt: '2026-02-21T09:00:00Z',
  rejectionReason: 'La foto está borrosa',
};
const count = {
  total: 2,
  kinds: [
    { type: 'copyOfCard', subType: null, count: 1 },
    { type: 'identity', subType: 'front', count: 1 },
  ],
};
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);

function serveDocuments(file: (path: string) => Answer | null = () => null) {
  serve((path) => {
    if (path === '/api/communication/documentCount/5') return ok(count);
    if (path.startsWith('/api/communication/documentList/5')) return ok(pageOf([front, proof]));
    return file(path);
  });
}

const created: string[] = [];
const revoked: string[] = [];
const originals = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

beforeEach(() => {
  created.length = 0;
  revoked.length = 0;
  // jsdom has no object URLs: these record what the viewer makes and revokes.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:http://localhost/${created.length + 1}-${blob.type}`;
    created.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
});

afterEach(() => {
  URL.createObjectURL = originals.create;
  URL.revokeObjectURL = originals.revoke;
});

describe('the customer file’s ‘Documentos’ tab', () => {
  it('shows the counts by kind and the documents newest first, kinds and states in Spanish', async () => {
    storedSession();
    serveDocuments();
    await renderAt('/backoffice/clientes/5/documentos');
    const table = await screen.findByRole('grid', { name: 'Documentos del cliente' });
    expect(cellsOf(table)).toEqual([
      [
        '02/03/2026 11:00',
        'DNI/NIE: anverso',
        'dni-delante.jpg',
        '200 KB',
        'Pendiente de revisar',
        'Ver',
        'AprobarRechazar',
      ],
      [
        '20/02/2026 09:00',
        'Justificante de tarjeta',
        'justificante.pdf',
        '1 KB',
        'Rechazado: La foto está borrosa',
        'Ver',
        'Aprobar',
      ],
    ]);
    const counts = screen.getByRole('tabpanel').querySelector('dl');
    if (!counts) throw new Error('no counts');
    const value = (term: string) => within(counts).getByText(term).nextElementSibling?.textContent;
    expect(value('Justificante de tarjeta')).toBe('1 documento');
    expect(value('DNI/NIE: anverso')).toBe('1 documento');
    expect(value('En total')).toBe('2 documentos');
    expect(requests.map(({ path }) => path)).toContain('/api/communication/documentList/5?page=1&pageSize=25');
  });

  it('‘Ver’ reads the file with the staff headers, shows the image from an object URL, and revokes it on close', async () => {
    storedSession();
    serveDocuments((path) =>
      path === '/api/communication/document/31/file'
        ? { status: 200, file: { bytes: JPEG, type: 'image/jpeg' } }
        : null,
    );
    await renderAt('/backoffice/clientes/5/documentos');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ver DNI/NIE: anverso (dni-delante.jpg)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Documento: DNI/NIE: anverso' });
    const image = within(dialog).getByRole('img', { name: 'DNI/NIE: anverso, archivo dni-delante.jpg' });
    expect(created).toEqual(['blob:http://localhost/1-image/jpeg']);
    expect(image).toHaveAttribute('src', created[0]);
    const read = requests.find(({ path }) => path === '/api/communication/document/31/file');
    expect(read?.headers).toMatchObject({ Authorization: 'Bearer bo_test-token', 'X-Member-Role': 'cam' });
    expect(revoked).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(revoked).toEqual(created);
  });

  it('a PDF is offered to open in a new tab (the page frames nothing but its own origin)', async () => {
    storedSession();
    serveDocuments((path) =>
      path === '/api/communication/document/30/file'
        ? { status: 200, file: { bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46]), type: 'application/pdf' } }
        : null,
    );
    await renderAt('/backoffice/clientes/5/documentos');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Ver Justificante de tarjeta (justificante.pdf)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Documento: Justificante de tarjeta' });
    const link = within(dialog).getByRole('link', { name: 'Abrir justificante.pdf en una pestaña nueva' });
    expect(link).toHaveAttribute('href', 'blob:http://localhost/1-application/pdf');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('a file read answered with a JSON error shows the server’s message, and no dialog opens', async () => {
    storedSession();
    serveDocuments((path) =>
      path === '/api/communication/document/31/file' ? staffError('StaffDocumentNotFound') : null,
    );
    await renderAt('/backoffice/clientes/5/documentos');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Ver DNI/NIE: anverso (dni-delante.jpg)' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByRole('alert')).toHaveTextContent('No hemos encontrado ese documento.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(created).toEqual([]);
  });

  it('a customer without documents: the tab says so', async () => {
    storedSession();
    serve((path) =>
      path === '/api/communication/documentCount/5'
        ? ok({ total: 0, kinds: [] })
        : path.startsWith('/api/communication/documentList/5')
          ? ok(pageOf([]))
          : null,
    );
    await renderAt('/backoffice/clientes/5/documentos');
    expect(await screen.findByText('El cliente no ha subido documentos.')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('a collection company’s user has no ‘Documentos’ tab, not even by URL', async () => {
    serve(() => null, collectionCompanySession());
    await renderAt('/backoffice/clientes/5/documentos');
    await waitFor(() => expect(location()).toBe('/clientes/5'));
    expect(screen.queryByRole('tab', { name: 'Documentos' })).toBeNull();
    expect(requests.some(({ path }) => path.includes('/api/communication/document'))).toBe(false);
  });
});
