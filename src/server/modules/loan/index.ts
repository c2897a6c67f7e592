/** The loan module: quotes (payment dates, plans, the unsaved agreement) and the holiday calendar call. */
export { loanRoutes } from './routes.ts';
