import { useSyncExternalStore, type ReactNode } from 'react';

const subscribe = () => () => undefined;

/**
 * What only works with JavaScript (the home calculator, the cookie consent modal) in pages that are pre-rendered at
 * build time (scripts/vite-prerender.ts): the build's HTML gets `fallback`, the app renders `children` from its
 * first render. react-dom's server renderers read the server snapshot, the browser the client one.
 *
 * Give the fallback the size of what replaces it, so that nothing below it moves when the app takes over.
 */
export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const inBrowser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return inBrowser ? children : fallback;
}
