import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CustomerAllLoansGet,
  CustomerLoansByStatusGet,
  ImpedimentCreatePost,
  PayLoanPost,
  PaymentStatusGet,
} from '../../../shared/api/loan.ts';
import { centsToEuros, eurosToCents, isWholeCents } from '../../../shared/money.ts';
import { registerCall } from '../../http/register-call.ts';
import { originsOf } from '../bank/index.ts';
import { customerLoans } from './loan-view.ts';
import { reconcileBankTransfer } from './reconcile.ts';
import { createImpediment, payLoan, paymentStatus, type PaymentDeps } from './service.ts';

/** A customer pays a few times a day at most; more is a script. */
const payRateLimit = { max: 30, timeWindow: 60_000 };

export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const deps: PaymentDeps = { db: app.db, clock: app.clock, gateway: app.providers.cardGateway, log: app.log };
  registerCall(app, CustomerLoansByStatusGet, ({ query, requireCustomer }) =>
    customerLoans(deps, requireCustomer().id, query.statuses),
  );
  registerCall(app, CustomerAllLoansGet, ({ requireCustomer }) => customerLoans(deps, requireCustomer().id, null));
  registerCall(
    app,
    PayLoanPost,
    ({ body, requireCustomer, request }) =>
      payLoan(deps, requireCustomer(), body, originsOf(request, app.config.publicUrl)),
    { rateLimit: payRateLimit },
  );
  registerCall(app, PaymentStatusGet, ({ query, requireCustomer }) =>
    paymentStatus(deps, requireCustomer(), query.paymentId),
  );
  registerCall(app, ImpedimentCreatePost, ({ body, requireCustomer }) =>
    createImpediment(deps, requireCustomer(), body),
  );

  if (app.config.sandbox) sandboxReconcileRoute(app);
}

/**
 * `POST /sandbox/bank-transfer/reconcile` { reference: '<reference code>-CN<loan id>', amount (euros), lineId? }
 * (sandbox only): the lender matching a bank statement line, settling a bank-transfer payment (./reconcile.ts).
 */
function sandboxReconcileRoute(app: FastifyInstance) {
  app.post(
    '/sandbox/bank-transfer/reconcile',
    {
      schema: {
        body: z.strictObject({
          reference: z.string().min(1).max(120),
          amount: z
            .number()
            .positive()
            .max(1_000_000)
            .refine(isWholeCents, { error: 'El importe debe estar en céntimos enteros.' }),
          lineId: z
            .string()
            .regex(/^[A-Za-z0-9._-]{1,64}$/)
            .optional(),
        }),
      },
    },
    async (request) => {
      const body = request.body as { reference: string; amount: number; lineId?: string };
      const result = await reconcileBankTransfer(
        { db: app.db, clock: app.clock },
        { reference: body.reference, amountCents: eurosToCents(body.amount), lineId: body.lineId },
      );
      return {
        data: {
          paymentId: result.paymentId,
          loanId: result.loanId,
          status: result.status,
          paymentOption: result.paymentOption,
          amount: centsToEuros(result.amountCents),
          loanStatus: result.loanStatus,
        },
      };
    },
  );
}
