/**
 * The approvals module: maker-checker for changes one administrator proposes and another approves (docs/backoffice.md
 * §4). It owns `staff_proposals`; an approved change is applied by the subject's owner (appliers.ts: a credit-limit
 * change by the decision module's `applyStaffLimitChange`).
 */
export { approvalsRoutes } from './routes.ts';
