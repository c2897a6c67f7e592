/**
 * The staff module: the lender's staff accounts (agents, administrators, collection companies' users), their login
 * with a TOTP second factor, their sessions' calls and password, and the administrators' management of the accounts
 * (./panel-users.ts; docs/backoffice.md §1).
 */
export { MAX_STAFF_FAILURES, normalizeStaffEmail } from './login.ts';
export { insertStaffUser, type StaffUserRow } from './repository.ts';
export { STAFF_PASSWORD_LENGTH } from './service.ts';
export { staffRoutes } from './routes.ts';
export { isActiveCamOrAdmin } from './users-repository.ts';
