// Small helpers shared by the front-end measurements of `npm run bench` (scripts/bench-web.mjs).

export { CHROMIUM_FLAGS } from '../chromium-flags.mjs';

export const median = (values) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** kB as Vite prints them: 1 kB = 1000 bytes. */
export const kB = (bytes, digits = 1) =>
  bytes === null || bytes === undefined || Number.isNaN(bytes) ? '–' : `${(bytes / 1000).toFixed(digits)} kB`;

export const ms = (value) =>
  value === null || value === undefined || Number.isNaN(value) ? '–' : `${Math.round(value)} ms`;

/** Resolves with `promise`, or rejects with `message` after `timeoutMs` (the promise keeps running). */
export function withTimeout(promise, timeoutMs, message) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const errorText = (error) => (error instanceof Error ? error.message : String(error)).split('\n')[0];
