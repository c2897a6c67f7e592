/**
 * The audit module: the readers of the audit trail (docs/backoffice.md §3). Records are written by every staff
 * write through `src/server/audit/staff-write.ts`, in the writer's own transaction.
 */
export { auditRoutes } from './routes.ts';
