/**
 * Ends the current task and resolves in a new one, so the browser can paint and handle input in between (a long
 * task blocks both). `scheduler.yield()` where the browser has it (its continuation runs before other queued
 * tasks), otherwise a zero-delay timer.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
