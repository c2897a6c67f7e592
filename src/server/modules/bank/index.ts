/**
 * The bank module: the open-banking widget and its scrape sessions, the customer's linked accounts and manual
 * entry (`/api/tink/WidgetInit`, `/api/bankscraper/*`), and for staff a customer's accounts and sessions
 * (StaffBankAccountsGet, ScrapeSessionsGet). A first account triggers the credit decision (modules/decision).
 */
export { bankRoutes, originsOf } from './routes.ts';
export { updateSessionProviderState } from './repository.ts';
