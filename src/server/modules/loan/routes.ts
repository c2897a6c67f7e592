import type { FastifyInstance } from 'fastify';
import { HolidaysGet } from '../../../shared/api/loan.ts';
import { AgreementPost, PaymentDatePost, PaymentPlansPost } from '../../../shared/api/quotes.ts';
import { todayInMadrid } from '../../../shared/dates.ts';
import { registerCall } from '../../http/register-call.ts';
import { holidaysAround } from '../misc/index.ts';
import { paymentDates, paymentPlans, unsavedLoanAgreements, type QuoteDeps } from './service.ts';

/** Pricing is CPU only, but a calculator fires one call per slider move: generous, yet bounded. */
const quoteRateLimit = { max: 240, timeWindow: 60_000 };

export async function loanRoutes(app: FastifyInstance): Promise<void> {
  const deps: QuoteDeps = { db: app.db };
  registerCall(app, PaymentDatePost, ({ body }) => paymentDates(body), { rateLimit: quoteRateLimit });
  registerCall(
    app,
    PaymentPlansPost,
    ({ body, query, customer }) => paymentPlans(deps, body, customer, query.customerId),
    { rateLimit: quoteRateLimit },
  );
  registerCall(app, AgreementPost, ({ body, customer }) => unsavedLoanAgreements(deps, body, customer), {
    rateLimit: quoteRateLimit,
  });
  registerCall(app, HolidaysGet, ({ reply }) => {
    reply.header('cache-control', 'public, max-age=3600');
    return holidaysAround(todayInMadrid(app.clock.now()));
  });
}
