import { createContext } from 'react';

/**
 * The time the idle warning runs on: the browser's by default (read at each use, so vitest's fake timers drive it),
 * another in a test through `IdleClockContext`. Its `now` must be on the session store's timeline (`Date.now`).
 */
export interface IdleClock {
  now(): number;
  setTimeout(run: () => void, ms: number): number;
  clearTimeout(id: number | undefined): void;
}

export const systemClock: IdleClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (id) => window.clearTimeout(id),
};

export const IdleClockContext = createContext<IdleClock>(systemClock);

/** The warning comes this long before the server's idle limit ends the session. */
export const IDLE_WARNING_BEFORE_MS = 2 * 60_000;
