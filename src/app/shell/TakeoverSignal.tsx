import { useEffect, type ReactNode } from 'react';

/** The attribute the app sets on the root element once it is in charge of the page. */
export const TAKEN_OVER_ATTRIBUTE = 'data-taken-over';

/**
 * Marks the root element once the app's first render has committed (hydrated or rendered over a pre-rendered page,
 * or rendered into the empty shell): the pre-rendered page's loader (scripts/prerender-document.ts) then hands the
 * presses it kept during start-up to the app's buttons.
 *
 * It wraps the app instead of sitting beside it: a sibling would change the ids `useId` gives to everything after it,
 * and with them the markup the build rendered.
 */
export function TakeoverSignal({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    root.setAttribute(TAKEN_OVER_ATTRIBUTE, '');
  }, [root]);
  return children;
}
