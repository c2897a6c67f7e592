import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyOverlay } from '../../../../src/lib/ui/lazy-overlay.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Layer() {
  return <p>Capa cargada</p>;
}

describe('lazyOverlay', () => {
  it('loads the layer on first render', async () => {
    const load = vi.fn(async () => ({ default: Layer }));
    const Overlay = lazyOverlay(load, 'TestLayer');
    expect(load).not.toHaveBeenCalled();
    await act(async () => {
      render(<Overlay retryKey={1} />);
    });
    expect(screen.getByText('Capa cargada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
  });

  it('renders nothing when the download fails, logs it, and retries when retryKey changes', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<{ default: typeof Layer }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Layer });
    const Overlay = lazyOverlay(load, 'TestLayer');

    let view: ReturnType<typeof render> | undefined;
    await act(async () => {
      view = render(<Overlay retryKey={1} />);
    });
    expect(view?.container).toBeEmptyDOMElement();
    expect(consoleError).toHaveBeenCalledWith('[ui] TestLayer could not be loaded', expect.any(TypeError));

    await act(async () => {
      view?.rerender(<Overlay retryKey={1} />);
    });
    expect(load).toHaveBeenCalledOnce();

    await act(async () => {
      view?.rerender(<Overlay retryKey={2} />);
    });
    expect(screen.getByText('Capa cargada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
