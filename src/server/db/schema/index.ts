/**
 * The database schema (Drizzle), one file per domain. Changes are committed migrations: edit a domain file, run
 * `npm run db:generate` (drizzle-kit generate reads this index), commit the new SQL in `src/server/db/migrations`.
 *
 * Conventions: money in integer cents (`*_cents`); calendar dates as `date` (YYYY-MM-DD strings in code);
 * instants as `timestamptz`; statuses as text holding the spec's names (validated in code, so a new status needs
 * no migration); every status change of a customer, loan, instalment, card or payment is a row in its history table.
 */
export * from './analytics.ts';
export * from './app-secrets.ts';
export * from './approvals.ts';
export * from './calendar.ts';
export * from './audit.ts';
export * from './bank.ts';
export * from './calls.ts';
export * from './card.ts';
export * from './communication.ts';
export * from './complaint.ts';
export * from './customer.ts';
export * from './decision.ts';
export * from './document.ts';
export * from './idempotency.ts';
export * from './links.ts';
export * from './loan.ts';
export * from './loan-changes.ts';
export * from './logs.ts';
export * from './membership.ts';
export * from './payment.ts';
export * from './impediment.ts';
export * from './push.ts';
export * from './runtime.ts';
export * from './staff.ts';
export * from './todo.ts';
export * from './tracking.ts';
