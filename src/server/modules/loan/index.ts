/**
 * The loan module: quotes (payment dates, plans, the unsaved agreement, service.ts), the holiday calendar call, the
 * available limit and the loan request (request.ts), and the loan flow's calls (flow.ts: saved drafts, screen
 * visits, the restructured-loan check). SQL in repository.ts.
 */
export { loanRoutes } from './routes.ts';
export { availableLimitCents } from './request.ts';
