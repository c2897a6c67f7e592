/**
 * The payout module: the job that issues accepted loans PAYOUT_DELAY_MS after their agreement (job.ts), safe with
 * several instances, and the plugin that runs it (app.ts). Other modules call `app.payout.nudge()` after an event
 * that may make a loan payable (agreement accepted, card validated, document stored). SQL in repository.ts.
 */
export { registerPayoutJob } from './plugin.ts';
export { createPayoutJob, NUDGE_DELAY_MS, type PayoutJob, type PayoutRunSummary } from './job.ts';
