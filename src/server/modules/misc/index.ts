/** Server-level endpoints (time, version, health) and the national holiday calendar. */
export { holidaysAround } from './holiday-calendar.ts';
export { miscRoutes } from './routes.ts';
