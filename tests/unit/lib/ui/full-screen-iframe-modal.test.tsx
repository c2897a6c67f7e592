import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FullScreenIframeModal } from '../../../../src/lib/ui/FullScreenIframeModal.tsx';

/** The full-screen iframe modal shared by the bank widgets and the 3-D Secure challenge (second document §2). */

afterEach(cleanup);

function Host({ closable, onLoad }: { closable?: boolean; onLoad?: () => void }) {
  const [open, setOpen] = useState(true);
  return open ? (
    <FullScreenIframeModal
      title="Verifica tu tarjeta"
      src="https://provider.test/challenge"
      onClose={() => setOpen(false)}
      onLoad={onLoad}
      {...(closable === undefined ? {} : { closable })}
    />
  ) : (
    <p>cerrado</p>
  );
}

describe('FullScreenIframeModal', () => {
  it('is a dialog named by its title, with the page in a titled iframe and a spinner until it loads', async () => {
    const onLoad = vi.fn();
    render(<Host onLoad={onLoad} />);
    const dialog = screen.getByRole('dialog', { name: 'Verifica tu tarjeta' });
    const frame = within(dialog).getByTitle('Verifica tu tarjeta');
    expect(frame).toHaveAttribute('src', 'https://provider.test/challenge');
    expect(within(dialog).getByRole('progressbar', { name: 'Cargando' })).toBeInTheDocument();
    fireEvent.load(frame);
    await waitFor(() => expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument());
    expect(onLoad).toHaveBeenCalledTimes(1);
  });

  it("closes with 'Cerrar' and with Escape", async () => {
    const user = userEvent.setup();
    render(<Host />);
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(await screen.findByText('cerrado')).toBeInTheDocument();
    cleanup();
    render(<Host />);
    await user.keyboard('{Escape}');
    expect(await screen.findByText('cerrado')).toBeInTheDocument();
  });

  it('closable false: no close button and Escape keeps it open', async () => {
    const user = userEvent.setup();
    render(<Host closable={false} />);
    expect(screen.queryByRole('button', { name: 'Cerrar' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Verifica tu tarjeta' })).toBeInTheDocument();
  });
});
