import { afterEach, describe, expect, it, vi } from 'vitest';
import { printDocument } from '../../../../src/lib/ui/print-document.ts';

afterEach(() => {
  vi.useRealTimers();
  document.querySelectorAll('iframe').forEach((frame) => frame.remove());
});

describe('printDocument (agreement print delay 1 s, second document §9)', () => {
  it('opens the print dialog of a script-less sandboxed frame only after the delay', async () => {
    vi.useFakeTimers();
    const printed = printDocument('<!doctype html><p>Contrato</p>', { delayMs: 1000 });
    const frame = document.querySelector<HTMLIFrameElement>('iframe[data-print-frame]')!;
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin allow-modals');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(frame.getAttribute('aria-hidden')).toBe('true');
    const print = vi.fn();
    const focus = vi.fn();
    Object.assign(frame.contentWindow!, { print, focus });
    vi.advanceTimersByTime(999);
    expect(print).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await printed;
    expect(print).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(document.querySelector('iframe[data-print-frame]')).toBeNull();
  });
});
