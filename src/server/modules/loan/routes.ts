import type { FastifyInstance } from 'fastify';
import {
  CreditLimitGet,
  CheckLoanByRestructuredPost,
  HolidaysGet,
  LoanApplicationScreensPost,
  LoanFlowDraftGet,
  LoanFlowDraftPut,
  RequestLoanPost,
  PaymentDatePost,
  PaymentPlansPost,
} from '../../../shared/api/loan.ts';
import {
  InstallmentStatusHistoryGet,
  LoanDefinitionGet,
  LoanDefinitionPost,
  LoanDefinitionPut,
  LoanDefinitionsGet,
  LoanStatusHistoryGet,
  StaffCreditLimitGet,
  LoanSearchGet,
  ChangeLoanToAccountPost,
  ChangeLoanAmountPost,
  StaffApplicationDetailsGet,
} from '../../../shared/api/loan-staff.ts';
import { todayInMadrid } from '../../../shared/dates.ts';
import { registerCall } from '../../http/register-call.ts';
import { daysOffAround } from '../misc/index.ts';
import { checkRestructured, logScreenVisit, readDraft, saveDraft } from './flow.ts';
import { creditLimit, requestLoan } from './request.ts';
import { createDefinitionCatalogue } from './definition-catalogue.ts';
import {
  correctPlannedDefinition,
  createDefinitionVersion,
  staffLoanDefinition,
  staffLoanDefinitions,
} from './definition-staff.ts';
import { paymentDates, paymentPlans, type QuoteDeps } from './service.ts';
import { searchLoans } from './search.ts';
import { staffApplicationDetails } from './staff-application.ts';
import { changeLoanAmount, changeLoanToAccount } from './staff-changes.ts';
import { staffCreditLimit } from './staff-credit-limit.ts';
import { staffInstallmentStatusHistory, staffLoanStatusHistory } from './staff-reads.ts';

/**
 * Pricing is CPU only, but a calculator fires one call per slider move: generous, yet bounded; batched (counted in
 * memory, synced every second: plugins/rate-limit-counters.ts), as nothing is lost by a few more quotes.
 */
export const quoteRateLimit = { max: 240, timeWindow: 60_000, batched: true };

export async function loanRoutes(app: FastifyInstance): Promise<void> {
  const definitions = createDefinitionCatalogue({
    db: app.db,
    maxAgeMs: app.config.loanDefinitionsMaxAgeMs,
    log: app.log,
  });
  const deps: QuoteDeps = { db: app.db, clock: app.clock, definitions };
  const flowDeps = { db: app.db, clock: app.clock };
  registerCall(app, PaymentDatePost, ({ body }) => paymentDates(body), { rateLimit: quoteRateLimit });
  registerCall(
    app,
    PaymentPlansPost,
    ({ body, query, customer }) => paymentPlans(deps, body, customer, query.customerId),
    // Every marketing visit asks the same few quotes: each body text is parsed and validated once.
    { rateLimit: quoteRateLimit, keepIdenticalBodies: true },
  );
  registerCall(app, HolidaysGet, ({ reply }) => {
    reply.header('cache-control', 'public, max-age=3600');
    return daysOffAround(app.db, todayInMadrid(app.clock.now()));
  });
  // The available limit is the loan module's figure (limit minus open loans), so it lives here, not in customer.
  registerCall(app, CreditLimitGet, ({ requireCustomer }) => creditLimit(flowDeps, requireCustomer()));
  registerCall(app, RequestLoanPost, ({ body, query, requireCustomer, keepAnswer }) =>
    requestLoan(flowDeps, requireCustomer(), body, query.accountId, keepAnswer),
  );
  registerCall(app, CheckLoanByRestructuredPost, ({ query, requireCustomer }) =>
    checkRestructured(flowDeps, requireCustomer(), query.customerId),
  );
  registerCall(app, LoanApplicationScreensPost, ({ body, requireCustomer, request }) =>
    logScreenVisit({ ...flowDeps, log: request.log }, requireCustomer(), body),
  );
  registerCall(app, LoanFlowDraftPut, ({ body, requireCustomer }) => saveDraft(flowDeps, requireCustomer(), body));
  registerCall(app, LoanFlowDraftGet, ({ requireCustomer }) => readDraft(flowDeps, requireCustomer()));

  // The customer file (docs/backoffice.md §5 'Préstamos'): a read, logged with who asked (registerCall).
  registerCall(app, LoanStatusHistoryGet, ({ params, requireStaff }) =>
    staffLoanStatusHistory(app.db, requireStaff(), params.loanId),
  );
  registerCall(app, InstallmentStatusHistoryGet, ({ params, requireStaff }) =>
    staffInstallmentStatusHistory(app.db, requireStaff(), params.installmentId),
  );

  // The loan definitions (docs/backoffice.md §8 P3): every version, a new price from a date, a planned one corrected.
  const definitionDeps = { db: app.db, clock: app.clock, definitions };
  registerCall(app, LoanDefinitionsGet, () => staffLoanDefinitions(app.db, app.clock.now()));
  registerCall(app, LoanDefinitionGet, ({ params }) =>
    staffLoanDefinition(app.db, app.clock.now(), params.definitionId),
  );
  registerCall(app, LoanDefinitionPost, ({ body, requireStaff, request }) =>
    createDefinitionVersion(definitionDeps, { staff: requireStaff(), request }, body),
  );
  registerCall(app, LoanDefinitionPut, ({ params, body, requireStaff, request }) =>
    correctPlannedDefinition(definitionDeps, { staff: requireStaff(), request }, params.definitionId, body),
  );

  // The customer file's credit-limit tab (docs/backoffice.md §5): a read, logged with who asked (registerCall).
  const changeDeps = { db: app.db, clock: app.clock };
  registerCall(app, ChangeLoanAmountPost, ({ params, body, requireStaff, request }) =>
    changeLoanAmount(changeDeps, { staff: requireStaff(), request }, params.loanId, body),
  );
  registerCall(app, ChangeLoanToAccountPost, ({ params, body, requireStaff, request }) =>
    changeLoanToAccount(changeDeps, { staff: requireStaff(), request }, params.loanId, body),
  );
  registerCall(app, StaffApplicationDetailsGet, ({ params, requireStaff }) =>
    staffApplicationDetails(app.db, requireStaff(), params.customerId, app.clock.now()),
  );
  registerCall(app, LoanSearchGet, ({ query, requireStaff }) =>
    searchLoans(app.db, requireStaff(), query, app.clock.now()),
  );
  registerCall(app, StaffCreditLimitGet, ({ params, query, requireStaff }) =>
    staffCreditLimit(app.db, requireStaff(), params.customerId, query),
  );
}
