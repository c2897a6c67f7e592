/** `requestIdleCallback`'s shape (injected by the tests). */
export type Idle = (callback: () => void, options: { timeout: number }) => number;

/**
 * Runs `callback` in an idle moment of the main thread, at the latest after `timeoutMs` even if the page is never
 * idle; browsers without `requestIdleCallback` run it in the next task. Returns a cancel function.
 */
export function whenIdle(
  callback: () => void,
  timeoutMs: number,
  idle: Idle | undefined = globalThis.requestIdleCallback?.bind(globalThis),
): () => void {
  if (!idle) {
    const timer = setTimeout(callback, 0);
    return () => clearTimeout(timer);
  }
  const handle = idle(callback, { timeout: timeoutMs });
  return () => globalThis.cancelIdleCallback?.(handle);
}
