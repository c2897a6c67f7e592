import type { FastifyInstance } from 'fastify';
import {
  CustomerAllLoansGet,
  CustomerLoansByStatusGet,
  ImpedimentCreatePost,
  PayLoanPost,
  PaymentStatusGet,
} from '../../../shared/api/loan.ts';
import { registerCall } from '../../http/register-call.ts';
import { originsOf } from '../bank/index.ts';
import { customerLoans } from './loan-view.ts';
import { createImpediment, payLoan, paymentStatus, type PaymentDeps } from './service.ts';

/** A customer pays a few times a day at most; more is a script. */
const payRateLimit = { max: 30, timeWindow: 60_000 };

export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const deps: PaymentDeps = {
    db: app.db,
    clock: app.clock,
    gateway: app.providers.cardGateway,
    log: app.log,
    instance: app.instance,
  };
  registerCall(app, CustomerLoansByStatusGet, ({ query, requireCustomer }) =>
    customerLoans(deps, requireCustomer().id, query.statuses),
  );
  registerCall(app, CustomerAllLoansGet, ({ requireCustomer }) => customerLoans(deps, requireCustomer().id, null));
  registerCall(
    app,
    PayLoanPost,
    ({ body, requireCustomer, request, idempotencyKey }) =>
      payLoan(deps, requireCustomer(), body, originsOf(request, app.config.publicUrl), idempotencyKey),
    { rateLimit: payRateLimit },
  );
  registerCall(app, PaymentStatusGet, ({ query, requireCustomer }) =>
    paymentStatus(deps, requireCustomer(), query.paymentId),
  );
  registerCall(app, ImpedimentCreatePost, ({ body, requireCustomer }) =>
    createImpediment(deps, requireCustomer(), body),
  );
}
