import { act, cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALERTS } from '../../../../src/shared/constants.ts';
import { NOTIFICATION_TITLES } from '../../../../src/shared/messages.ts';
import { ToastHost } from '../../../../src/lib/ui/ToastHost.tsx';
import {
  clearToasts,
  dismissToast,
  showToast,
  TOAST_POSITIONS,
  type AlertType,
  type ToastOptions,
} from '../../../../src/lib/ui/toast-store.ts';
import { TOAST_REGION_LABELS } from '../../../../src/lib/ui/ui-texts.ts';

beforeAll(async () => {
  // Load the lazily imported layer once, so that under fake timers it resolves within act.
  await import('../../../../src/lib/ui/ToastLayer.tsx');
});

afterEach(() => {
  act(() => clearToasts());
  cleanup();
  vi.useRealTimers();
});

/** Shows a toast inside act, so the host renders it (and loads its layer) before the test looks. */
async function show(options: ToastOptions): Promise<string> {
  let id = '';
  await act(async () => {
    id = showToast(options);
  });
  return id;
}

async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('toasts', () => {
  it('render nothing until a toast is shown', () => {
    const { container } = render(<ToastHost />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it.each(Object.entries(NOTIFICATION_TITLES) as [AlertType, string][])(
    'a %s toast has the default header %s and announces its content',
    async (alertType, header) => {
      render(<ToastHost />);
      await show({ alertType, content: 'Los cambios se han guardado.' });

      const toast = await screen.findByRole('alertdialog', { name: header });
      expect(toast).toHaveAttribute('data-alert-type', alertType);
      expect(within(toast).getByRole('alert')).toHaveTextContent('Los cambios se han guardado.');
    },
  );

  it('a given header replaces the default one', async () => {
    render(<ToastHost />);
    await show({ alertType: 'success', header: 'Hecho', content: 'Guardado' });
    expect(await screen.findByRole('alertdialog', { name: 'Hecho' })).toBeInTheDocument();
  });

  it(`closes by itself after ${ALERTS.autoDismissMs} ms by default`, async () => {
    vi.useFakeTimers();
    render(<ToastHost />);
    await show({ content: 'Se cierra sola' });
    expect(screen.getByRole('alertdialog', { name: NOTIFICATION_TITLES.info })).toBeInTheDocument();

    await advance(ALERTS.autoDismissMs - 100);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await advance(100);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('honours a custom autoDismiss time', async () => {
    vi.useFakeTimers();
    render(<ToastHost />);
    await show({ content: 'Diez segundos', autoDismiss: 10_000 });
    await advance(ALERTS.autoDismissMs);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await advance(5_000);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('stays when autoDismiss is false', async () => {
    vi.useFakeTimers();
    render(<ToastHost />);
    await show({ alertType: 'processing', content: 'Procesando', autoDismiss: false });
    await advance(60_000);
    expect(screen.getByRole('alertdialog', { name: NOTIFICATION_TITLES.processing })).toBeInTheDocument();
  });

  it('the Cerrar notificación button dismisses it', async () => {
    const user = userEvent.setup();
    render(<ToastHost />);
    await show({ alertType: 'error', content: 'Algo falló' });
    const toast = await screen.findByRole('alertdialog', { name: NOTIFICATION_TITLES.error });
    await user.click(within(toast).getByRole('button', { name: 'Cerrar notificación' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('a toast that is not dismissable has no close button; dismissToast removes it', async () => {
    render(<ToastHost />);
    const id = await show({ content: 'Fijo', dismissable: false, autoDismiss: false });
    const toast = await screen.findByRole('alertdialog');
    expect(within(toast).queryByRole('button', { name: 'Cerrar notificación' })).not.toBeInTheDocument();
    act(() => dismissToast(id));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('an action calls its handler and dismisses the toast', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    render(<ToastHost />);
    await show({ alertType: 'warning', content: 'Sin conexión', actions: [{ label: 'Reintentar', onPress: retry }] });
    const toast = await screen.findByRole('alertdialog', { name: NOTIFICATION_TITLES.warning });
    await user.click(within(toast).getByRole('button', { name: 'Reintentar' }));
    expect(retry).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows a custom icon instead of the type icon', async () => {
    render(<ToastHost />);
    await show({ content: 'Con icono', icon: <span data-testid="toast-icon">★</span> });
    const toast = await screen.findByRole('alertdialog');
    expect(within(toast).getByTestId('toast-icon')).toBeInTheDocument();
  });

  it('places toasts in the region of their position, top-right by default', async () => {
    render(<ToastHost />);
    await show({ content: 'Por defecto' });
    for (const position of TOAST_POSITIONS) await show({ content: `En ${position}`, position });

    const defaultRegion = screen.getByRole('region', { name: TOAST_REGION_LABELS['top-right'] });
    expect(defaultRegion).toHaveTextContent('Por defecto');
    for (const position of TOAST_POSITIONS) {
      const region = screen.getByRole('region', { name: TOAST_REGION_LABELS[position] });
      expect(region).toHaveTextContent(`En ${position}`);
    }
    expect(screen.getAllByRole('region')).toHaveLength(6);
  });

  it('stacks several toasts, and showing an id again replaces that toast', async () => {
    render(<ToastHost />);
    await show({ id: 'sync', alertType: 'processing', content: 'Procesando', autoDismiss: false });
    await show({ content: 'Otro aviso' });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(2);

    await show({ id: 'sync', alertType: 'success', content: 'Terminado' });
    const toasts = screen.getAllByRole('alertdialog');
    expect(toasts).toHaveLength(2);
    expect(screen.queryByText('Procesando')).not.toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: NOTIFICATION_TITLES.success })).toHaveTextContent('Terminado');
  });
});
