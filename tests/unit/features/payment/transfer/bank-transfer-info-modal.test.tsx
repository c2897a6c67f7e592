import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BankTransferInfoModal } from '../../../../../src/features/payment/transfer/index.ts';
import { toCents } from '../../../../../src/shared/money.ts';

/** The bank transfer details modal (second document §2 `bankTransferInfoModal`, §8 copy failure, §9 2 s reset). */

let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;
let onClose: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  onClose = vi.fn<() => void>();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const open = () =>
  render(<BankTransferInfoModal loanId={42} amount={toCents(12345)} referenceCode="PR123456" onClose={onClose} />);
const dialog = () => screen.getByRole('dialog', { name: 'Pagar por transferencia bancaria' });

/** axe-core's rules that jsdom can judge (no layout, so no colour contrast). */
async function axeViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
}

describe('bank transfer details modal', () => {
  it('has the id bankTransferInfoModal and a max width of 600', () => {
    open();
    expect(dialog()).toHaveAttribute('id', 'bankTransferInfoModal');
    expect(dialog().closest('.ui-modal')).toHaveStyle({ maxWidth: '600px' });
  });

  it('shows the beneficiary, the Spanish IBAN in groups of 4 with the bank logo, the amount and the description {reference}-CN{loanId}', () => {
    open();
    const body = within(dialog());
    expect(body.getByText('Préstamo Rápido Financiación, S.L.')).toBeInTheDocument();
    expect(body.getByTestId('transfer-iban')).toHaveTextContent('ES14 2100 5800 4802 0012 3456');
    expect(body.getByRole('img', { name: 'CaixaBank' })).toBeInTheDocument();
    expect(body.getByTestId('transfer-iban')).toHaveTextContent('Banco: CaixaBank');
    expect(body.getByTestId('transfer-amount')).toHaveTextContent('123,45 €');
    expect(body.getByTestId('transfer-description')).toHaveTextContent(/^PR123456-CN42$/);
  });

  it('explains in Spanish that the payment is applied when the transfer arrives', () => {
    open();
    expect(
      within(dialog()).getByText(/Aplicaremos el pago a tu préstamo cuando recibamos la transferencia/),
    ).toBeInTheDocument();
  });

  it('links the receipt e-mail with a Spanish subject carrying the description', () => {
    open();
    const link = within(dialog()).getByRole('link', { name: 'pagos@prestamorapido.example' });
    const href = link.getAttribute('href') ?? '';
    expect(href.startsWith('mailto:pagos@prestamorapido.example?subject=')).toBe(true);
    expect(decodeURIComponent(href.split('subject=')[1] ?? '')).toBe('Justificante de transferencia PR123456-CN42');
  });

  it('copies each value: IBAN without spaces, amount with a decimal comma, the description', async () => {
    open();
    const body = within(dialog());
    for (const [name, value] of [
      ['Copiar Beneficiario', 'Préstamo Rápido Financiación, S.L.'],
      ['Copiar IBAN', 'ES1421005800480200123456'],
      ['Copiar Importe', '123,45'],
      ['Copiar Concepto', 'PR123456-CN42'],
    ] as const) {
      await act(async () => {
        fireEvent.click(body.getByRole('button', { name }));
      });
      expect(writeText).toHaveBeenLastCalledWith(value);
    }
  });

  it("the tooltip says 'Copiado' after a copy and resets after 2 seconds", async () => {
    vi.useFakeTimers();
    open();
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Copiar Concepto' }));
    });
    const tooltip = () => screen.getByRole('tooltip', { hidden: true });
    expect(tooltip()).toHaveTextContent('Copiado');
    const announced = () =>
      [...dialog().querySelectorAll('[role=status][data-copy-status]')].map((status) => status.textContent);
    expect(announced()).toEqual(['', '', '', 'Copiado']);
    await act(async () => {
      vi.advanceTimersByTime(1999);
    });
    expect(tooltip()).toHaveTextContent('Copiado');
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Copiado')).not.toBeInTheDocument();
    expect(announced()).toEqual(['', '', '', '']);
  });

  it('a failed copy is only logged: no tooltip, no error shown', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    writeText.mockImplementation(() => Promise.reject(new Error('denied')));
    open();
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Copiar IBAN' }));
    });
    expect(warn).toHaveBeenCalledWith('Copy to clipboard failed', expect.any(Error));
    expect(screen.queryByText('Copiado')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('has no accessibility violations axe can see in jsdom', async () => {
    open();
    expect(await axeViolations()).toEqual([]);
  });

  it("'Cerrar' calls onClose", async () => {
    open();
    await act(async () => {
      fireEvent.click(within(dialog()).getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
    });
    expect(onClose).toHaveBeenCalled();
  });
});
