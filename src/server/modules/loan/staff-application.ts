import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { LoanFlowDraft } from '../../../shared/api/loan.ts';
import { APPLICATION_SCREEN_VISITS, type StaffApplicationDetailsGet } from '../../../shared/api/loan-staff.ts';
import { toCents } from '../../../shared/money.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import type { Executor } from '../../db/connect.ts';
import { loanDefinitions, loanFlowDrafts, loanFlowScreenVisits, loans } from '../../db/schema/index.ts';
import { findScopedCustomer } from '../customer/index.ts';
import { parseStoredFlow } from './flow.ts';

/**
 * StaffApplicationDetailsGet (`getApplicationDetailsOfCustomer`; docs/backoffice.md §8 P4): the customer's unfinished
 * loan flow as the server keeps it (read only: an expired one reads as null and is left for the customer's own read
 * to delete), their latest screen visits of the flow and their loan requests, in three reads.
 */

type Answer = z.output<(typeof StaffApplicationDetailsGet)['response']>;
type Scope = Pick<AuthenticatedStaff, 'role' | 'collectionCompanyId'>;

function draftOf(row: typeof loanFlowDrafts.$inferSelect | undefined, now: Date): Answer['draft'] {
  if (!row || row.expiresAt <= now) return null;
  const flow = parseStoredFlow(row.flow);
  if (!flow) return null;
  return {
    flowId: row.flowId,
    step: row.step as LoanFlowDraft['step'],
    dto: flow.dto,
    formValues: flow.formValues,
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    remindedAt: row.remindedAt?.toISOString() ?? null,
  };
}

export async function staffApplicationDetails(
  db: Executor,
  staff: Scope,
  customerId: number,
  now: Date,
): Promise<Answer> {
  await findScopedCustomer(db, staff, customerId);
  const [[draft], screens, applications] = await Promise.all([
    db.select().from(loanFlowDrafts).where(eq(loanFlowDrafts.customerId, customerId)).limit(1),
    db
      .select()
      .from(loanFlowScreenVisits)
      .where(eq(loanFlowScreenVisits.customerId, customerId))
      .orderBy(desc(loanFlowScreenVisits.createdAt), desc(loanFlowScreenVisits.id))
      .limit(APPLICATION_SCREEN_VISITS),
    db
      .select({ loan: loans, product: loanDefinitions.product })
      .from(loans)
      .innerJoin(loanDefinitions, eq(loanDefinitions.id, loans.loanDefinitionId))
      .where(eq(loans.customerId, customerId))
      .orderBy(desc(loans.id)),
  ]);
  return {
    customerId,
    draft: draftOf(draft, now),
    screens: screens.map((row) => ({
      screen: row.screen,
      status: row.status,
      flowId: row.flowId,
      at: row.createdAt.toISOString(),
    })),
    applications: applications.map(({ loan, product }) => ({
      loanId: loan.id,
      status: loan.status,
      product,
      amount: toCents(loan.amountCents),
      installmentCount: loan.installmentCount,
      firstRepaymentDate: loan.firstRepaymentDate,
      toAccountId: loan.toAccountId,
      cardId: loan.cardId,
      requestedAt: loan.createdAt.toISOString(),
      agreementAcceptedAt: loan.agreementAcceptedAt?.toISOString() ?? null,
      payoutDueAt: loan.payoutDueAt?.toISOString() ?? null,
      issuedAt: loan.issuedAt?.toISOString() ?? null,
    })),
  };
}
