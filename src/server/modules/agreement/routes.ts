import type { FastifyInstance } from 'fastify';
import {
  AgreementPdfGetByLoanId,
  AgreementByTypeGet,
  AssignAgreementPost,
  LoanAgreementGetByLoanId,
  LoanOfferDocumentsPost,
  AgreementPost,
} from '../../../shared/api/agreement.ts';
import { registerCall } from '../../http/register-call.ts';
import { quoteRateLimit } from '../loan/index.ts';
import { acceptAgreement } from './assign.ts';
import {
  agreementByType,
  agreementPdf,
  loanAgreement,
  loanOfferDocuments,
  unsavedLoanAgreements,
  type AgreementDeps,
} from './service.ts';

/** A PDF takes some CPU: a customer downloads a few, never hundreds a minute. */
const pdfRateLimit = { max: 30, timeWindow: 60_000 };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Optional: told after each accepted agreement (loan id), outside its transaction, e.g. the payout job's
     * in-process nudge. Set it with `app.decorate('onAgreementAssigned', (loanId) => …)` on the root instance.
     */
    onAgreementAssigned?: (loanId: number) => void;
  }
}

export async function agreementRoutes(app: FastifyInstance): Promise<void> {
  const deps: AgreementDeps = {
    db: app.db,
    clock: app.clock,
    payoutDelayMs: app.config.payoutDelayMs,
    lender: app.config.lender,
    // Read at call time: the payout job may decorate the app after the routes are registered.
    onAgreementAssigned: (loanId) => app.onAgreementAssigned?.(loanId),
  };
  registerCall(app, AgreementPost, ({ body, customer }) => unsavedLoanAgreements(deps, body, customer), {
    rateLimit: quoteRateLimit,
  });
  registerCall(
    app,
    LoanOfferDocumentsPost,
    ({ body, requireCustomer }) => loanOfferDocuments(deps, requireCustomer(), body),
    { rateLimit: quoteRateLimit },
  );
  registerCall(app, AgreementByTypeGet, ({ params, query, customer }) =>
    agreementByType(deps, params.type, query.loanId, customer),
  );
  registerCall(app, LoanAgreementGetByLoanId, ({ params, requireCustomer }) =>
    loanAgreement(deps, requireCustomer().id, params.loanId),
  );
  registerCall(
    app,
    AgreementPdfGetByLoanId,
    ({ params, query, requireCustomer }) => agreementPdf(deps, requireCustomer().id, params.loanId, query.type),
    { rateLimit: pdfRateLimit },
  );
  registerCall(app, AssignAgreementPost, ({ body, requireCustomer, request, keepAnswer }) =>
    acceptAgreement(deps, requireCustomer().id, body, keepAnswer, request.log),
  );
}
