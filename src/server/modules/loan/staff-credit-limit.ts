import type { CreditDecision } from '../../../shared/api/loan-staff.ts';
import { toCents } from '../../../shared/money.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import type { Executor } from '../../db/connect.ts';
import { BusinessError } from '../../http/errors.ts';
import { findScopedCustomer } from '../customer/index.ts';
import { creditDecisionsPage } from '../decision/index.ts';
import { findLimitAndOwed } from './repository.ts';
import { availableOf } from './request.ts';

/**
 * StaffCreditLimitGet (docs/backoffice.md §5, the customer file's credit-limit tab): the customer's two limits,
 * what is available of each (the customer's own `CreditLimitGet` figures, computed the same way), and one page of
 * the credit decisions that set them (the decision module's history), newest first.
 */

type Page = { page: number; pageSize: number };
type Scope = Pick<AuthenticatedStaff, 'role' | 'collectionCompanyId'>;
type DecisionRow = Awaited<ReturnType<typeof creditDecisionsPage>>['rows'][number];

const decisionOf = (row: DecisionRow): CreditDecision => ({
  id: row.id,
  at: row.at.toISOString(),
  trigger: row.trigger,
  outcome: row.outcome,
  limit: toCents(row.limitCents),
  miniLimit: toCents(row.miniLimitCents),
  rulesVersion: row.rulesVersion,
  // JSON the decision module wrote: an object of inputs and a list of `{ rule, passed, detail }`.
  inputs: row.inputs as Record<string, unknown>,
  reasons: row.reasons as CreditDecision['reasons'],
});

export async function staffCreditLimit(db: Executor, staff: Scope, customerId: number, page: Page) {
  await findScopedCustomer(db, staff, customerId);
  const [state, decisions] = await Promise.all([
    findLimitAndOwed(db, customerId),
    creditDecisionsPage(db, customerId, page),
  ]);
  // Deleted between the scope check and this read (customers are never deleted today): as unknown.
  if (!state) throw new BusinessError('StaffCustomerNotFound');
  return {
    customerId,
    creditLimit: toCents(state.creditLimitCents),
    miniLimit: toCents(state.miniLimitCents),
    ...availableOf(state),
    items: decisions.rows.map(decisionOf),
    page: page.page,
    pageSize: page.pageSize,
    total: decisions.total,
    totalCapped: false,
  };
}
