import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffMember } from '../../../src/shared/api/staff.ts';
import { cellsOf, collectionCompanySession, pageOf } from './customer-file-harness.ts';
import { mariaRecord } from './fixtures.ts';
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
 * The customer file's 'Comentarios' tab (`CommentsGet`, 'Añadir comentario' through `CommentPost`) and the summary's
 * 'Preparar acceso del cliente' (`HandoverCreatePost`).
 */

function serveAll(handler: (request: SeenRequest) => Answer | null, me: StaffMember = agent) {
  answer((request) => {
    if (request.path === '/api/membership/staff/me') return ok(me);
    if (request.path === '/api/customer/customer/5') return ok(mariaRecord);
    return handler(request) ?? staffError('StaffCustomerNotFound');
  });
}

const older = {
  id: 1,
  at: '2026-02-10T09:30:00Z',
  text: 'Pide que le llamen\npor la tarde',
  staffUserId: 8,
  staffName: 'Ana Gestora',
};
const added = {
  id: 2,
  at: '2026-03-05T12:00:00Z',
  text: 'Ha enviado la nómina',
  staffUserId: 7,
  staffName: 'Lucía Agente Demo',
};

/** Serves the comments, `added` first once `post` has answered with it. */
function serveComments(post: () => Answer, me: StaffMember = agent) {
  let comments = [older];
  serveAll(({ method, path }) => {
    if (method === 'POST' && path === '/api/customer/comment') {
      const reply = post();
      if (reply !== 'network' && reply.status === 200) comments = [added, older];
      return reply;
    }
    if (path.startsWith('/api/customer/comment/5')) return ok({ ...pageOf(comments), customerId: 5 });
    return null;
  }, me);
}
const posts = (path: string) => requests.filter((request) => request.method === 'POST' && request.path === path);
const commentReads = () => requests.filter(({ path }) => path.startsWith('/api/customer/comment/5')).length;

describe('the customer file’s ‘Comentarios’ tab', () => {
  it('shows the comments newest first; ‘Añadir comentario’ checks the text, sends it and reads the comments again', async () => {
    storedSession();
    serveComments(() => ok(added));
    await renderAt('/backoffice/clientes/5/comentarios');
    const table = await screen.findByRole('grid', { name: 'Comentarios del cliente' });
    expect(cellsOf(table)).toEqual([['10/02/2026 10:30', 'Ana Gestora', 'Pide que le llamen\npor la tarde']]);
    expect(requests.map(({ path }) => path)).toContain('/api/customer/comment/5?page=1&pageSize=25');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Añadir comentario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añadir un comentario' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Comentario' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar comentario' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Escribe el comentario');
    expect(within(dialog).getByRole('textbox', { name: 'Comentario' })).toHaveAttribute('aria-invalid', 'true');
    expect(posts('/api/customer/comment')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Comentario' }), 'Ha enviado la nómina ');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar comentario' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts('/api/customer/comment').map(({ body }) => body)).toEqual([
      { customerId: 5, text: 'Ha enviado la nómina' },
    ]);
    expect(await screen.findByText('Comentario añadido.')).toBeInTheDocument();
    const after = await screen.findByRole('grid', { name: 'Comentarios del cliente' });
    expect(cellsOf(after).map((row) => row[2])).toEqual(['Ha enviado la nómina', 'Pide que le llamen\npor la tarde']);
    expect(commentReads()).toBe(2);
  });

  it('a refusal shows in the dialog, which keeps the text', async () => {
    storedSession();
    serveComments(() => staffError('StaffCustomerNotFound'));
    await renderAt('/backoffice/clientes/5/comentarios');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Añadir comentario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añadir un comentario' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Comentario' }), 'Llamada sin respuesta');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar comentario' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No hemos encontrado ese cliente.');
    expect(within(dialog).getByRole('textbox', { name: 'Comentario' })).toHaveValue('Llamada sin respuesta');
    expect(commentReads()).toBe(1);
  });

  it('a collection company’s user reads and adds comments (CommentPost’s roles include theirs)', async () => {
    serveComments(() => ok(added), collectionCompanySession());
    await renderAt('/backoffice/clientes/5/comentarios');
    expect(await screen.findByRole('grid', { name: 'Comentarios del cliente' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Añadir comentario' })).toBeInTheDocument();
  });

  it('a customer without comments: the tab says so', async () => {
    storedSession();
    serveAll(({ path }) => (path.startsWith('/api/customer/comment/5') ? ok({ ...pageOf([]), customerId: 5 }) : null));
    await renderAt('/backoffice/clientes/5/comentarios');
    expect(await screen.findByText('Todavía no hay comentarios.')).toBeInTheDocument();
  });
});

describe('‘Preparar acceso del cliente’ on the summary', () => {
  it('explains the SMS, sends the customer’s id, then shows the masked mobile and the expiry in Madrid time', async () => {
    storedSession();
    serveAll(({ method, path }) =>
      method === 'POST' && path === '/api/customer/handover'
        ? ok({ maskedPhone: '*** *** 005', expiresAt: '2026-12-04T10:00:00Z' })
        : null,
    );
    await renderAt('/backoffice/clientes/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Preparar acceso del cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preparar el acceso del cliente' });
    expect(dialog).toHaveTextContent('Enviaremos al móvil del cliente un SMS');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(posts('/api/customer/handover')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar el SMS' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts('/api/customer/handover').map(({ body }) => body)).toEqual([{ customerId: 5 }]);
    const sent = screen.getByText('Hemos enviado el SMS al *** *** 005. El enlace caduca el 04/12/2026 11:00.');
    expect(sent).toHaveAttribute('role', 'status');
  });

  it('a customer who cannot log in: the server’s refusal shows in the dialog', async () => {
    storedSession();
    serveAll(({ path }) => (path === '/api/customer/handover' ? staffError('HandoverNotAllowed') : null));
    await renderAt('/backoffice/clientes/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Preparar acceso del cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preparar el acceso del cliente' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar el SMS' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No se puede preparar el acceso de este cliente: su cuenta está cerrada o no ha terminado el registro.',
    );
    expect(screen.queryByText(/Hemos enviado el SMS/)).toBeNull();
  });

  it('is not shown to a collection company’s user (HandoverCreatePost’s roles)', async () => {
    serveAll(() => null, collectionCompanySession());
    await renderAt('/backoffice/clientes/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'María José Rodríguez Gil' })).toBeInTheDocument();
    expect(screen.getByText('600000005')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Preparar acceso del cliente' })).toBeNull();
  });
});
