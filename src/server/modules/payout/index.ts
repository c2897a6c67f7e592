/**
 * The payout module: the job that issues accepted loans PAYOUT_DELAY_MS after their agreement (job.ts), safe with
 * several instances, and the plugin that runs it (app.ts); for staff, the moves of a loan before its payout
 * (staff-status.ts: the transfer's statuses, issued by hand, cancelled). Other modules call `app.payout.nudge()` after an event
 * that may make a loan payable (agreement accepted, card validated, document stored). SQL in repository.ts.
 */
export { registerPayoutJob } from './plugin.ts';
export { createPayoutJob, NUDGE_DELAY_MS, type PayoutJob, type PayoutRunSummary } from './job.ts';
export { payoutRoutes } from './routes.ts';
