/**
 * Server-level endpoints (time, version, health), the national holiday calendar and the lender's calendar days
 * (holidays and freeze days staff add: calendar-days.ts).
 */
export { holidaysAround } from './holiday-calendar.ts';
export { daysOffAround, isFreezeDay } from './calendar-days.ts';
export { miscRoutes } from './routes.ts';
