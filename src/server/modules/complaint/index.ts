/**
 * The complaint module: customers' complaints with their answer deadline (docs/backoffice.md §5 "Complaints",
 * docs/rules/complaints.md). It owns `complaint_cases`; the status history is `db/status-history.ts`'s kind
 * `complaint`.
 */
export { complaintRoutes } from './routes.ts';
