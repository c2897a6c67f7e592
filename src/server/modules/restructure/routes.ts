import type { FastifyInstance } from 'fastify';
import {
  RestructureDocumentPdfGetByLoanId,
  RestructureLoanPost,
  RestructurePlanGet,
} from '../../../shared/api/restructure.ts';
import { registerCall } from '../../http/register-call.ts';
import { restructureDocumentPdf, restructureLoan, restructurePlanFor, type RestructureDeps } from './service.ts';

/** A PDF takes some CPU: a customer downloads a few, never hundreds a minute. */
const pdfRateLimit = { max: 30, timeWindow: 60_000 };

/** 'Pago Flexible' (`/api/loan/restructureLoan`): the plan a restructure would create (GET) and the restructure (POST). */
export async function restructureRoutes(app: FastifyInstance): Promise<void> {
  const deps: RestructureDeps = { db: app.db, clock: app.clock, lender: app.config.lender };

  registerCall(app, RestructurePlanGet, ({ query, requireCustomer, reply }) => {
    reply.header('cache-control', 'no-store');
    return restructurePlanFor(deps, requireCustomer(), query.loanId);
  });
  registerCall(app, RestructureLoanPost, ({ body, requireCustomer, request, keepAnswer }) =>
    restructureLoan(deps, requireCustomer(), body, keepAnswer, request.log),
  );
  registerCall(
    app,
    RestructureDocumentPdfGetByLoanId,
    ({ params, requireCustomer }) => restructureDocumentPdf(deps, requireCustomer(), params.loanId),
    { rateLimit: pdfRateLimit },
  );
}
