import type { FastifyInstance } from 'fastify';
import {
  CustomerAllLoansGet,
  CustomerLoansByStatusGet,
  PayLoanPost,
  PaymentStatusGet,
} from '../../../shared/api/payment.ts';
import {
  FutureCloseAmountGet,
  PayLoanManualPost,
  ChangeExpectedDatePost,
  DiscountDelete,
  DiscountPost,
  StaffLoanDiscountsGet,
  StaffCustomerLoansGet,
  StaffLoanPaymentsGet,
  StatementLinesGet,
} from '../../../shared/api/payment-staff.ts';
import { grantDiscount, removeDiscount, staffLoanDiscounts } from './discount.ts';
import { changeExpectedDate } from './expected-date.ts';
import { registerCall } from '../../http/register-call.ts';
import { originsOf } from '../bank/index.ts';
import { customerLoans, staffCustomerLoans } from './loan-view.ts';
import { staffLoanPayments } from './staff-payments.ts';
import { futureCloseAmount } from './future-close.ts';
import { payLoanManual, statementLines } from './manual.ts';
import { payLoan, paymentStatus, type PaymentDeps } from './service.ts';

/** A customer pays a few times a day at most; more is a script. */
const payRateLimit = { max: 30, timeWindow: 60_000 };

/**
 * Payment attempts per customer, whatever the IP, shared by PayLoanPost and RolloverPost (both charge the card):
 * 10 per 10 minutes, room for a few instalments and a retry or two after a decline, not for trying cards.
 */
export const PAYMENT_CUSTOMER_RATE_LIMIT = { name: 'payment:customer', max: 10, timeWindow: 10 * 60_000 };

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
    { rateLimit: payRateLimit, customerRateLimit: PAYMENT_CUSTOMER_RATE_LIMIT },
  );
  registerCall(app, PaymentStatusGet, ({ query, requireCustomer }) =>
    paymentStatus(deps, requireCustomer(), query.paymentId),
  );

  // The customer file (docs/backoffice.md §5 'Préstamos', read only): a read, logged with who asked (registerCall).
  registerCall(app, StaffCustomerLoansGet, ({ query, requireStaff }) =>
    staffCustomerLoans(deps, requireStaff(), query.customerId),
  );
  registerCall(app, StaffLoanPaymentsGet, ({ params, requireStaff }) =>
    staffLoanPayments(app.db, requireStaff(), params.loanId),
  );
  registerCall(app, FutureCloseAmountGet, ({ params, query, requireStaff }) =>
    futureCloseAmount({ db: app.db, clock: app.clock }, requireStaff(), params.loanId, query.date),
  );
  // Money received outside the app (docs/rules/payments.md "Manual matching"): the lines waiting, an agent's match.
  registerCall(app, StatementLinesGet, ({ query }) => statementLines(app.db, query));
  registerCall(app, PayLoanManualPost, ({ body, requireStaff, request }) =>
    payLoanManual({ db: app.db, clock: app.clock }, { staff: requireStaff(), request }, body),
  );
  const staffDeps = { db: app.db, clock: app.clock };
  registerCall(app, DiscountPost, ({ body, requireStaff, request }) =>
    grantDiscount(staffDeps, { staff: requireStaff(), request }, body),
  );
  registerCall(app, DiscountDelete, ({ params, body, requireStaff, request }) =>
    removeDiscount(staffDeps, { staff: requireStaff(), request }, params.discountId, body),
  );
  registerCall(app, StaffLoanDiscountsGet, ({ params, requireStaff }) =>
    staffLoanDiscounts(app.db, requireStaff(), params.loanId),
  );
  registerCall(app, ChangeExpectedDatePost, ({ params, body, requireStaff, request }) =>
    changeExpectedDate(
      { db: app.db, clock: app.clock },
      { staff: requireStaff(), request },
      params.installmentId,
      body,
    ),
  );
}
