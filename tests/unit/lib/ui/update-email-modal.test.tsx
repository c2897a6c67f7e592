import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VALIDATION_MESSAGES } from '../../../../src/shared/validation-messages.ts';
import { UPDATE_EMAIL_TEXTS } from '../../../../src/shared/messages-identity.ts';
import { UpdateEmailModal } from '../../../../src/lib/ui/UpdateEmailModal.tsx';

afterEach(cleanup);

function Harness({ onSubmit, defaultEmail }: { onSubmit: (email: string) => Promise<void>; defaultEmail?: string }) {
  const [isOpen, setOpen] = useState(true);
  return (
    <>
      <p>{isOpen ? 'abierto' : 'cerrado'}</p>
      <UpdateEmailModal isOpen={isOpen} onOpenChange={setOpen} onSubmit={onSubmit} defaultEmail={defaultEmail} />
    </>
  );
}

describe('UpdateEmailModal', () => {
  it('an empty submit shows Campo obligatorio and does not call onSubmit', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => undefined);
    render(<Harness onSubmit={onSubmit} />);
    const dialog = screen.getByRole('dialog');
    const field = within(dialog).getByRole('textbox', { name: 'Email' });
    expect(field).toHaveAttribute('name', 'emailAddress');
    expect(within(dialog).queryByText(VALIDATION_MESSAGES.required)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: UPDATE_EMAIL_TEXTS.submit }));
    expect(await within(dialog).findByText(VALIDATION_MESSAGES.required)).toBeInTheDocument();
    expect(field).toBeInvalid();
    expect(field).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a bad address shows Email no válido once the field was touched', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => undefined);
    render(<Harness onSubmit={onSubmit} />);
    const field = screen.getByRole('textbox', { name: 'Email' });
    await user.type(field, 'ana@');
    expect(screen.queryByText(UPDATE_EMAIL_TEXTS.invalid)).not.toBeInTheDocument();

    await user.tab();
    expect(await screen.findByText(UPDATE_EMAIL_TEXTS.invalid)).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(UPDATE_EMAIL_TEXTS.invalid);

    await user.click(screen.getByRole('button', { name: UPDATE_EMAIL_TEXTS.submit }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a good address is passed to onSubmit trimmed, the button is busy meanwhile, then the modal closes', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(<Harness onSubmit={onSubmit} defaultEmail="vieja@example.com" />);
    const field = screen.getByRole('textbox', { name: 'Email' });
    expect(field).toHaveValue('vieja@example.com');
    await user.clear(field);
    await user.type(field, '  ana.garcia@example.com ');
    await user.click(screen.getByRole('button', { name: UPDATE_EMAIL_TEXTS.submit }));

    expect(onSubmit).toHaveBeenCalledWith('ana.garcia@example.com');
    const submit = screen.getByRole('button', { name: new RegExp(UPDATE_EMAIL_TEXTS.submit) });
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'));
    expect(submit).toHaveAttribute('aria-disabled', 'true');

    // Enter in the field or another press while saving does not send the address again.
    await user.type(field, '{Enter}');
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledOnce();

    await act(async () => finish());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('cerrado')).toBeInTheDocument();
  });

  it('stays open with the typed address when onSubmit fails', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {
      throw new Error('Network Error');
    });
    render(<Harness onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: UPDATE_EMAIL_TEXTS.submit }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: UPDATE_EMAIL_TEXTS.submit })).not.toHaveAttribute('aria-busy'),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ana@example.com');
  });

  it('the Cerrar button closes it without submitting', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => undefined);
    render(<Harness onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
