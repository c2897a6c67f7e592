import { safeRedirectPath as safePathFor } from '../../../shared/redirect-target.ts';

/** The `redirectTo` of this page's URL, if it may be followed (src/shared/redirect-target.ts). */
export function safeRedirectPath(
  raw: string | null | undefined,
  origin: string = window.location.origin,
): string | undefined {
  return safePathFor(raw, origin);
}
