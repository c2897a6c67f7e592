import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActionDialog } from '../../../src/backoffice/lib/ActionDialog.tsx';
import { StaffApiError } from '../../../src/backoffice/lib/api-error.ts';

/** The dialog of every staff write: the reason checked as the server checks it, the refusal shown inside. */

afterEach(cleanup);

function Harness({
  onConfirm,
  reason,
}: {
  onConfirm: (reason: string | null) => Promise<void>;
  reason: 'required' | 'optional' | 'none';
}) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p data-testid="open">{String(open)}</p>
      <ActionDialog
        isOpen={open}
        onClose={() => setOpen(false)}
        title="Bloquear al cliente"
        confirmLabel="Bloquear"
        reason={reason}
        onConfirm={onConfirm}
      >
        <p>El cliente no podrá pedir préstamos.</p>
      </ActionDialog>
    </>
  );
}

const renderDialog = async (
  onConfirm: (reason: string | null) => Promise<void>,
  reason: 'required' | 'optional' | 'none' = 'required',
) => {
  await act(async () => render(<Harness onConfirm={onConfirm} reason={reason} />));
};

describe('ActionDialog', () => {
  it('refuses to send without a reason where the call asks for one, then sends the trimmed reason and closes', async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    await renderDialog(onConfirm);
    expect(screen.getByRole('dialog', { name: 'Bloquear al cliente' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bloquear' }));
    expect(await screen.findByText('Escribe el motivo (al menos 3 caracteres)')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Motivo/ })).toHaveAttribute('aria-invalid', 'true');
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: /Motivo/ }), '  Fraude confirmado  ');
    await userEvent.click(screen.getByRole('button', { name: 'Bloquear' }));
    await waitFor(() => expect(screen.getByTestId('open')).toHaveTextContent('false'));
    expect(onConfirm).toHaveBeenCalledWith('Fraude confirmado');
  });

  it('shows the server’s refusal inside and stays open with what was typed', async () => {
    const refusal = new StaffApiError({
      kind: 'business',
      callName: 'BlacklistPost',
      message: 'El cliente ya está en la lista negra.',
      status: 422,
    });
    await renderDialog(() => Promise.reject(refusal));
    await userEvent.type(screen.getByRole('textbox', { name: /Motivo/ }), 'Fraude');
    await userEvent.click(screen.getByRole('button', { name: 'Bloquear' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El cliente ya está en la lista negra.');
    expect(screen.getByTestId('open')).toHaveTextContent('true');
    expect(screen.getByRole('textbox', { name: /Motivo/ })).toHaveValue('Fraude');
  });

  it('sends null without a reason field, and an empty optional reason as null', async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    await renderDialog(onConfirm, 'none');
    expect(screen.queryByRole('textbox')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Bloquear' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith(null));
    cleanup();
    const optional = vi.fn(() => Promise.resolve());
    await renderDialog(optional, 'optional');
    await userEvent.click(screen.getByRole('button', { name: 'Bloquear' }));
    await waitFor(() => expect(optional).toHaveBeenCalledWith(null));
  });
});
