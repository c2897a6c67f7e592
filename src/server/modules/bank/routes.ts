import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AccountGetByAccountId,
  AccountsAfterScrapeGet,
  AddBankAccountManuallyPost,
  FoundCardsGet,
  ScrapedAccountsGet,
  WidgetInitPost,
} from '../../../shared/api/bank.ts';
import { ScrapeSessionsGet, StaffBankAccountsGet } from '../../../shared/api/bank-staff.ts';
import { registerCall } from '../../http/register-call.ts';
import {
  accountById,
  addAccountManually,
  foundCards,
  initWidget,
  scrapeSessionStatus,
  scrapedAccounts,
  type BankDeps,
} from './service.ts';
import { staffBankAccounts, staffScrapeSessions } from './staff-reads.ts';

/** A customer starts a widget a few times at most; more is a script. */
const widgetRateLimit = { max: 20, timeWindow: 60_000 };
const manualRateLimit = { max: 20, timeWindow: 60_000 };
/** Each widget init opens a session at the open-banking provider: per customer, whatever the IP, 10 per 10 minutes. */
const widgetCustomerRateLimit = { name: 'bank-widget:customer', max: 10, timeWindow: 10 * 60_000 };
/** The scrape status asks the provider; the page polls it every 10 s: 60 a minute per customer is far above that. */
const scrapeCustomerRateLimit = { name: 'bank-scrape:customer', max: 60, timeWindow: 60_000 };

/**
 * The origin this server was reached at (the widget pages' origin) and the app's origin (the only one the widget
 * may post to and be framed by): the request's Origin when it is this server's or PUBLIC_URL's, else this server's.
 */
export function originsOf(request: FastifyRequest, publicUrl: string): { appOrigin: string; serverOrigin: string } {
  const publicOrigin = new URL(publicUrl).origin;
  let serverOrigin = publicOrigin;
  try {
    if (/^[A-Za-z0-9.\-:[\]]+$/.test(request.host))
      serverOrigin = new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    serverOrigin = publicOrigin;
  }
  const origin = request.headers.origin;
  const appOrigin = origin === serverOrigin || origin === publicOrigin ? origin : serverOrigin;
  return { appOrigin, serverOrigin };
}

export async function bankRoutes(app: FastifyInstance): Promise<void> {
  const deps: BankDeps = { db: app.db, clock: app.clock, openBanking: app.providers.openBanking, log: app.log };

  registerCall(
    app,
    WidgetInitPost,
    ({ body, requireCustomer, request }) =>
      initWidget(deps, requireCustomer().id, body, originsOf(request, app.config.publicUrl)),
    { rateLimit: widgetRateLimit, customerRateLimit: widgetCustomerRateLimit },
  );
  registerCall(
    app,
    AccountsAfterScrapeGet,
    ({ query, requireCustomer }) => scrapeSessionStatus(deps, requireCustomer().id, query.sessionId),
    { customerRateLimit: scrapeCustomerRateLimit },
  );
  registerCall(app, ScrapedAccountsGet, ({ requireCustomer }) => scrapedAccounts(deps, requireCustomer().id));
  registerCall(app, AccountGetByAccountId, ({ params, requireCustomer }) =>
    accountById(deps, requireCustomer().id, params.accountId),
  );
  registerCall(app, FoundCardsGet, ({ requireCustomer }) => foundCards(deps, requireCustomer().id));
  registerCall(
    app,
    AddBankAccountManuallyPost,
    ({ body, requireCustomer }) => addAccountManually(deps, requireCustomer().id, body.accountNumber),
    { rateLimit: manualRateLimit },
  );

  // The customer file (docs/backoffice.md §5 'Cuentas bancarias'): reads, logged with who asked (registerCall).
  registerCall(app, StaffBankAccountsGet, ({ params, requireStaff }) =>
    staffBankAccounts(app.db, requireStaff(), params.customerId),
  );
  registerCall(app, ScrapeSessionsGet, ({ params, query, requireStaff }) =>
    staffScrapeSessions(app.db, requireStaff(), params.customerId, query),
  );
}
