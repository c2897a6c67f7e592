import { count, desc, eq, sql } from 'drizzle-orm';
import type { ScrapeSessionItem, StaffBankAccount } from '../../../shared/api/bank-staff.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import type { Executor } from '../../db/connect.ts';
import { bankAccounts, bankTransactions, scrapeSessions } from '../../db/schema/index.ts';
import { findScopedCustomer } from '../customer/index.ts';

/**
 * The customer file's bank reads (docs/backoffice.md §5 'Cuentas bancarias'): the linked accounts with counts of
 * their transactions, and the open-banking sessions.
 */

type Scope = Pick<AuthenticatedStaff, 'role' | 'collectionCompanyId'>;

/** The account's transactions counted in one pass of its index (account_id, booked_on). */
// Nested in a fragment of their own so that Drizzle writes the columns with their tables (as payment's Loan view
// rows do): the outer row is referred to from inside the subquery.
const transactionCounts = sql<{ total: number; salary: number; latest: string | null }>`${sql`(select json_build_object(
    'total', count(*),
    'salary', count(*) filter (where ${bankTransactions.isSalary}),
    'latest', max(${bankTransactions.bookedOn})
  ) from ${bankTransactions} where ${bankTransactions.accountId} = ${bankAccounts.id})`}`;

/** StaffBankAccountsGet: the customer's accounts, newest first. */
export async function staffBankAccounts(db: Executor, staff: Scope, customerId: number): Promise<StaffBankAccount[]> {
  await findScopedCustomer(db, staff, customerId);
  const rows = await db
    .select({
      id: bankAccounts.id,
      iban: bankAccounts.iban,
      bankName: bankAccounts.bankValue,
      bankCode: bankAccounts.bankCode,
      holderName: bankAccounts.holderName,
      source: bankAccounts.source,
      status: bankAccounts.status,
      scrapeSessionId: bankAccounts.scrapeSessionId,
      linkedAt: bankAccounts.createdAt,
      counts: transactionCounts,
    })
    .from(bankAccounts)
    .where(eq(bankAccounts.customerId, customerId))
    .orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id));
  return rows.map(({ counts, linkedAt, ...account }) => ({
    ...account,
    linkedAt: linkedAt.toISOString(),
    transactionCount: Number(counts.total),
    salaryCount: Number(counts.salary),
    latestTransactionDate: counts.latest,
  }));
}

/** The accounts a session linked. */
const accountsLinked = sql<number>`${sql`(select count(*)::int from ${bankAccounts}
  where ${bankAccounts.scrapeSessionId} = ${scrapeSessions.id} and ${bankAccounts.customerId} = ${scrapeSessions.customerId})`}`;

/** ScrapeSessionsGet: the customer's open-banking sessions, newest first, a page of them. */
export async function staffScrapeSessions(
  db: Executor,
  staff: Scope,
  customerId: number,
  query: { page: number; pageSize: number },
): Promise<{ items: ScrapeSessionItem[]; page: number; pageSize: number; total: number; totalCapped: boolean }> {
  await findScopedCustomer(db, staff, customerId);
  const where = eq(scrapeSessions.customerId, customerId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: scrapeSessions.id,
        provider: scrapeSessions.provider,
        status: scrapeSessions.status,
        bankName: scrapeSessions.bankValue,
        polls: scrapeSessions.polls,
        accountCount: accountsLinked,
        createdAt: scrapeSessions.createdAt,
        finishedAt: scrapeSessions.finishedAt,
      })
      .from(scrapeSessions)
      .where(where)
      .orderBy(desc(scrapeSessions.createdAt), desc(scrapeSessions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(scrapeSessions).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      ...row,
      accountCount: Number(row.accountCount),
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(counted?.total ?? 0),
    totalCapped: false,
  };
}
