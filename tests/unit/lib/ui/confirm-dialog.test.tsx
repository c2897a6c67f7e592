import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALOG_TEXTS } from '../../../../src/shared/messages.ts';
import { closeAllDialogs, closeDialog, openDialog, type DialogType } from '../../../../src/lib/ui/dialog-store.ts';
import { DialogHost } from '../../../../src/lib/ui/DialogHost.tsx';

afterEach(() => {
  act(() => closeAllDialogs());
  cleanup();
});

/**
 * Opens a dialog inside act (the host's lazily loaded layer resolves) and returns its answer, wrapped so that
 * awaiting the opening does not wait for the answer.
 */
async function open(options: Parameters<typeof openDialog>[0]): Promise<{ answer: Promise<boolean> }> {
  let answer: Promise<boolean> = Promise.resolve(false);
  await act(async () => {
    answer = openDialog(options);
  });
  return { answer };
}

describe('confirm dialog', () => {
  it('renders nothing until a dialog is opened', () => {
    const { container } = render(<DialogHost />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it.each([
    ['success', 'Éxito'],
    ['error', 'Atención'],
    ['info', 'Aviso'],
    ['warning', 'Aviso'],
  ] as const)(
    'a %s dialog is titled %s; asking nothing, its one button is Aceptar and answers true',
    async (type: DialogType, title) => {
      const user = userEvent.setup();
      render(<DialogHost />);
      const { answer } = await open({ type, content: 'Texto del diálogo' });

      const dialog = await screen.findByRole('alertdialog', { name: title });
      expect(within(dialog).getByRole('heading', { name: title })).toBeInTheDocument();
      expect(dialog).toHaveTextContent('Texto del diálogo');
      expect(dialog).toHaveAttribute('data-type', type);
      expect(within(dialog).queryByRole('button', { name: DIALOG_TEXTS.no })).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: DIALOG_TEXTS.yes })).not.toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
      await expect(answer).resolves.toBe(true);
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    },
  );

  it('defaults to the info title Aviso when no type is given', async () => {
    render(<DialogHost />);
    await open({ content: 'Sin tipo' });
    expect(await screen.findByRole('alertdialog', { name: 'Aviso' })).toBeInTheDocument();
  });

  it('with showButtonNo (a question) offers Sí and No, and No answers false', async () => {
    const user = userEvent.setup();
    render(<DialogHost />);
    const { answer } = await open({ type: 'warning', content: '¿Seguro?', showButtonNo: true });

    const dialog = await screen.findByRole('alertdialog', { name: 'Aviso' });
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons).toEqual(expect.arrayContaining(['Sí', 'No']));
    expect(buttons).not.toContain('Aceptar');

    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await expect(answer).resolves.toBe(false);
  });

  it('uses the given title, icon, button labels, description and subType', async () => {
    const user = userEvent.setup();
    render(<DialogHost />);
    const { answer } = await open({
      type: 'error',
      subType: 'offline',
      title: '¿Estás sin conexión?',
      icon: <span data-testid="custom-icon">!</span>,
      content: 'Revisa tu conexión.',
      description: 'Tus datos se han guardado.',
      buttonYes: 'Reintentar',
      buttonNo: 'Cancelar',
      showButtonNo: true,
    });

    const dialog = await screen.findByRole('alertdialog', { name: '¿Estás sin conexión?' });
    expect(dialog).toHaveAttribute('data-subtype', 'offline');
    expect(within(dialog).getByTestId('custom-icon')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Tus datos se han guardado.');
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reintentar' }));
    await expect(answer).resolves.toBe(true);
  });

  it('a dismissable dialog closes with Escape or Cerrar and answers false', async () => {
    const user = userEvent.setup();
    render(<DialogHost />);
    const { answer: first } = await open({ content: 'Primero' });
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await expect(first).resolves.toBe(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    const { answer: second } = await open({ content: 'Segundo' });
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await expect(second).resolves.toBe(false);
  });

  it('a dialog opened with isDismissable false has no Cerrar button and ignores Escape', async () => {
    const user = userEvent.setup();
    render(<DialogHost />);
    const { answer } = await open({ content: 'Obligatorio', isDismissable: false });
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).queryByRole('button', { name: 'Cerrar' })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await expect(answer).resolves.toBe(true);
  });

  it('opening an id that is already open shows one dialog and gives both callers its answer', async () => {
    const user = userEvent.setup();
    render(<DialogHost />);
    const { answer: first } = await open({ id: 'offline', type: 'error', content: 'Sin conexión' });
    const { answer: second } = await open({ id: 'offline', type: 'error', content: 'Sin conexión' });
    await screen.findByRole('alertdialog');

    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('queued dialogs show one at a time, in the order they were opened', async () => {
    const user = userEvent.setup();
    render(<DialogHost />);
    const answers = [
      (await open({ type: 'success', content: 'Uno' })).answer,
      (await open({ type: 'error', content: 'Dos', showButtonNo: true })).answer,
      (await open({ type: 'warning', content: 'Tres' })).answer,
    ];

    expect(await screen.findByRole('alertdialog', { name: 'Éxito' })).toHaveTextContent('Uno');
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));

    expect(await screen.findByRole('alertdialog', { name: 'Atención' })).toHaveTextContent('Dos');
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'No' }));

    expect(await screen.findByRole('alertdialog', { name: 'Aviso' })).toHaveTextContent('Tres');
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));

    await expect(Promise.all(answers)).resolves.toEqual([true, false, true]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('closeDialog closes the dialog with that id and answers false', async () => {
    render(<DialogHost />);
    const { answer } = await open({ id: 'session', content: 'Sesión' });
    await screen.findByRole('alertdialog');
    act(() => closeDialog('session'));
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('moves focus into the dialog and back to the trigger when it closes', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button" onClick={() => void openDialog({ content: 'Foco' })}>
          Abrir
        </button>
        <DialogHost />
      </>,
    );
    const trigger = screen.getByRole('button', { name: 'Abrir' });
    await user.click(trigger);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });
});
