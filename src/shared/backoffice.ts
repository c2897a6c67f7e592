/**
 * Where the staff web app lives (docs/backoffice.md §6): its own build in `dist/backoffice/`, its pages under
 * `/backoffice` (react-router's basename, Vite's `base`), served by the server and never by the customer's service
 * worker (its navigation denylist) or from the customer's precache.
 */
export const BACKOFFICE_BASE = '/backoffice';

/** Whether a path (without query) is the back office's: `/backoffice` itself or anything under `/backoffice/`. */
export const isBackofficePath = (pathname: string): boolean =>
  pathname === BACKOFFICE_BASE || pathname.startsWith(`${BACKOFFICE_BASE}/`);
