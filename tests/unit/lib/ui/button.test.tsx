import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../../../../src/lib/ui/Button.tsx';
import { Spinner } from '../../../../src/lib/ui/Spinner.tsx';

afterEach(cleanup);

describe('Button', () => {
  it.each(['primary', 'secondary', 'link'] as const)(
    'the %s variant is a button that responds to a press',
    async (variant) => {
      const user = userEvent.setup();
      const onPress = vi.fn();
      render(
        <Button variant={variant} onPress={onPress}>
          Solicita YA
        </Button>,
      );
      const button = screen.getByRole('button', { name: 'Solicita YA' });
      expect(button).toHaveClass(`ui-button--${variant}`);
      await user.click(button);
      expect(onPress).toHaveBeenCalledOnce();
    },
  );

  it('while loading it is aria-busy and aria-disabled, shows a spinner, keeps focus and ignores presses', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(
      <Button isLoading onPress={onPress}>
        SUBMIT
      </Button>,
    );
    const button = screen.getByRole('button', { name: /SUBMIT/ });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('progressbar', { name: 'Cargando' })).toBeInTheDocument();
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(button);
    expect(onPress).not.toHaveBeenCalled();
  });

  it('announces Cargando politely when loading starts and goes quiet when it ends', () => {
    const { rerender } = render(<Button>Pagar</Button>);
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();
    rerender(<Button isLoading>Pagar</Button>);
    expect(status).toHaveTextContent('Cargando');
    expect(screen.getByRole('button', { name: /Pagar/ })).toHaveAttribute('aria-busy', 'true');
    rerender(<Button>Pagar</Button>);
    expect(status).toBeEmptyDOMElement();
    const button = screen.getByRole('button', { name: 'Pagar' });
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button).not.toHaveAttribute('aria-disabled');
  });

  it('a loading submit button does not submit its form', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" isLoading>
          SUBMIT
        </Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: /SUBMIT/ }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a disabled button is disabled and not busy', () => {
    render(<Button isDisabled>Siguiente</Button>);
    const button = screen.getByRole('button', { name: 'Siguiente' });
    expect(button).toBeDisabled();
    expect(button).not.toHaveAttribute('aria-busy');
  });
});

describe('Spinner', () => {
  it('is an indeterminate progress bar named Cargando unless told otherwise', () => {
    render(
      <>
        <Spinner />
        <Spinner label="Procesando" />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Cargando' })).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByRole('progressbar', { name: 'Procesando' })).toBeInTheDocument();
  });
});
