import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../../src/app/shell/ErrorBoundary.tsx';
import { InstallAction } from '../../../src/app/shell/InstallAction.tsx';
import { useHideOnScrollDown } from '../../../src/app/shell/use-hide-on-scroll.ts';
import { isIosSafari, startInstallPrompt } from '../../../src/lib/pwa/install-prompt.ts';

afterEach(cleanup);

describe('the crash screen', () => {
  function Broken(): never {
    throw new Error('render failed');
  }

  it("shows '¡Vaya! Algo salió mal' with a retry that reloads, and reports the error to the window", async () => {
    const reload = vi.fn();
    Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, reload } });
    const reported: string[] = [];
    const onError = (event: ErrorEvent) => reported.push(event.message);
    window.addEventListener('error', onError);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    render(
      <ErrorBoundary standalone>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: '¡Vaya! Algo salió mal' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reported).toContain('render failed');
    expect(document.title).toBe('Préstamo Rápido | ¡Vaya! Algo salió mal');
    window.removeEventListener('error', onError);
    vi.restoreAllMocks();
  });
});

describe("'Instalar app'", () => {
  it('appears when the browser offers installation and replays its prompt from the click', async () => {
    const store = createStore();
    startInstallPrompt(store);
    render(
      <Provider store={store}>
        <InstallAction />
      </Provider>,
    );
    expect(screen.queryByRole('button', { name: 'Instalar app' })).toBeNull();

    const prompt = vi.fn(async () => undefined);
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true); // kept for the customer's click, no browser mini-infobar
    await userEvent.setup().click(screen.getByRole('button', { name: 'Instalar app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Instalar app' })).toBeNull();
  });

  it.each([
    [
      'iPhone Safari',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
      5,
      true,
    ],
    [
      'iPadOS Safari (reports a Mac with touch)',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15',
      5,
      true,
    ],
    [
      'Chrome on iPhone (no home-screen install from it)',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) CriOS/130.0 Mobile Safari/604.1',
      5,
      false,
    ],
    [
      'desktop Mac Safari',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15',
      0,
      false,
    ],
    [
      'Android Chrome',
      'Mozilla/5.0 (Linux; Android 15) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
      5,
      false,
    ],
  ])('iOS instruction for %s: %s', (_name, userAgent, touchPoints, expected) => {
    expect(isIosSafari(userAgent, touchPoints)).toBe(expected);
  });
});

describe('the header hides on scroll down and shows on scroll up', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const scrollTo = (y: number) => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    window.dispatchEvent(new Event('scroll'));
  };

  it('follows the direction, with the listener running at most every 50 ms (the last position counts)', () => {
    const { result } = renderHook(() => useHideOnScrollDown());
    const handled = vi.fn();
    renderHook(() => handled(useHideOnScrollDown()));
    act(() => {
      for (let y = 10; y <= 300; y += 10) scrollTo(y); // a burst of 30 events
      vi.advanceTimersByTime(0);
    });
    expect(result.current).toBe(true); // handled once, with the last position (300): scrolling down hides

    act(() => scrollTo(200)); // back up within 50 ms of the last run: waits for the window to end
    act(() => vi.advanceTimersByTime(49));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false); // scrolling up shows it again
    // 30 events, two runs: the second hook saw its first render plus two changes, never one per event.
    expect(handled.mock.calls.length).toBeLessThanOrEqual(3);
  });

  it('stays visible near the top of the page', () => {
    const { result } = renderHook(() => useHideOnScrollDown());
    act(() => {
      scrollTo(40); // less than the header's height
      vi.advanceTimersByTime(50);
    });
    expect(result.current).toBe(false);
  });
});
