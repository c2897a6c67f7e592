import { and, asc, desc, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import type { ScrapeSessionStatus } from '../../../shared/card-statuses.ts';
import type { Executor } from '../../db/connect.ts';
import { bankAccounts, bankTransactions, cards, customers, loans, scrapeSessions } from '../../db/schema/index.ts';

/** Bank SQL: accounts, their transactions and counts, scrape sessions. */

export interface AccountRow {
  id: number;
  customerId: number;
  iban: string;
  bankValue: string;
  status: string;
  source: 'scrape' | 'manual';
}

export interface TransactionRow {
  accountId: number;
  bookedOn: string;
  amountCents: number;
  description: string;
  isSalary: boolean;
}

export interface AccountCounts {
  loanCount: number;
  latestLoanDate: string | null;
  salaryCount: number;
  transactionCount: number;
}

export interface LinkCustomer {
  id: number;
  status: string;
  isBlacklist: boolean;
  firstName: string;
  lastName: string;
}

export async function findLinkCustomer(db: Executor, customerId: number): Promise<LinkCustomer | null> {
  const [row] = await db
    .select({
      id: customers.id,
      status: customers.status,
      isBlacklist: customers.isBlacklist,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row ?? null;
}

const accountColumns = {
  id: bankAccounts.id,
  customerId: bankAccounts.customerId,
  iban: bankAccounts.iban,
  bankValue: bankAccounts.bankValue,
  status: bankAccounts.status,
  source: bankAccounts.source,
};

/** The customer's accounts, oldest first. */
export async function listAccounts(db: Executor, customerId: number): Promise<AccountRow[]> {
  return db
    .select(accountColumns)
    .from(bankAccounts)
    .where(eq(bankAccounts.customerId, customerId))
    .orderBy(asc(bankAccounts.createdAt), asc(bankAccounts.id));
}

/** One of the customer's accounts; null for another customer's or an unknown id. */
export async function findAccount(db: Executor, customerId: number, accountId: number): Promise<AccountRow | null> {
  const [row] = await db
    .select(accountColumns)
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, accountId), eq(bankAccounts.customerId, customerId)))
    .limit(1);
  return row ?? null;
}

export async function listSessionAccounts(db: Executor, customerId: number, sessionId: string): Promise<AccountRow[]> {
  return db
    .select(accountColumns)
    .from(bankAccounts)
    .where(and(eq(bankAccounts.customerId, customerId), eq(bankAccounts.scrapeSessionId, sessionId)))
    .orderBy(asc(bankAccounts.id));
}

export async function countAccounts(db: Executor, customerId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bankAccounts)
    .where(eq(bankAccounts.customerId, customerId));
  return Number(row?.count ?? 0);
}

/** The transactions of some accounts, newest first. */
export async function listTransactions(db: Executor, accountIds: readonly number[]): Promise<TransactionRow[]> {
  if (accountIds.length === 0) return [];
  return db
    .select({
      accountId: bankTransactions.accountId,
      bookedOn: bankTransactions.bookedOn,
      amountCents: bankTransactions.amountCents,
      description: bankTransactions.description,
      isSalary: bankTransactions.isSalary,
    })
    .from(bankTransactions)
    .where(inArray(bankTransactions.accountId, [...accountIds]))
    .orderBy(desc(bankTransactions.bookedOn), desc(bankTransactions.id));
}

/** Our loans paid out to each account (not the ones never paid out): count and latest issue date. */
export async function loanCountsByAccount(
  db: Executor,
  customerId: number,
): Promise<Map<number, { loanCount: number; latestLoanDate: string | null }>> {
  const rows = await db
    .select({
      accountId: loans.toAccountId,
      count: sql<number>`count(*)::int`,
      latest: sql<string | null>`max(${loans.issueDate})::text`,
    })
    .from(loans)
    .where(and(eq(loans.customerId, customerId), notInArray(loans.status, ['notSet', 'requested', 'cancelled'])))
    .groupBy(loans.toAccountId);
  const counts = new Map<number, { loanCount: number; latestLoanDate: string | null }>();
  for (const row of rows) {
    if (row.accountId !== null) counts.set(row.accountId, { loanCount: Number(row.count), latestLoanDate: row.latest });
  }
  return counts;
}

/** Inserts an account (and its transactions); null when the customer already holds this IBAN. */
export async function insertAccount(
  db: Executor,
  account: {
    customerId: number;
    iban: string;
    bankValue: string;
    bankCode: string;
    holderName: string;
    source: 'scrape' | 'manual';
    scrapeSessionId: string | null;
    at: Date;
  },
  transactions: ReadonlyArray<Omit<TransactionRow, 'accountId'>> = [],
): Promise<AccountRow | null> {
  const { at, ...values } = account;
  const [row] = await db
    .insert(bankAccounts)
    .values({ ...values, createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: [bankAccounts.customerId, bankAccounts.iban] })
    .returning(accountColumns);
  if (!row) return null;
  for (let start = 0; start < transactions.length; start += 500) {
    await db
      .insert(bankTransactions)
      .values(transactions.slice(start, start + 500).map((t) => ({ ...t, accountId: row.id })));
  }
  return row;
}

export interface SessionRow {
  id: string;
  customerId: number;
  provider: string;
  status: ScrapeSessionStatus;
  providerState: string | null;
  polls: number;
  createdAt: Date;
}

const sessionColumns = {
  id: scrapeSessions.id,
  customerId: scrapeSessions.customerId,
  provider: scrapeSessions.provider,
  status: scrapeSessions.status,
  providerState: scrapeSessions.providerState,
  polls: scrapeSessions.polls,
  createdAt: scrapeSessions.createdAt,
};

export async function insertSession(
  db: Executor,
  row: { id: string; customerId: number; provider: string; providerState: string | null; at: Date },
): Promise<void> {
  await db.insert(scrapeSessions).values({
    id: row.id,
    customerId: row.customerId,
    provider: row.provider,
    status: 'inProgress',
    providerState: row.providerState,
    createdAt: row.at,
    updatedAt: row.at,
  });
}

/** The customer's session; null for another customer's or an unknown id. */
export async function findSession(db: Executor, customerId: number, sessionId: string): Promise<SessionRow | null> {
  const [row] = await db
    .select(sessionColumns)
    .from(scrapeSessions)
    .where(and(eq(scrapeSessions.id, sessionId), eq(scrapeSessions.customerId, customerId)))
    .limit(1);
  return row ?? null;
}

/** Counts a poll; returns the session as it is now. */
export async function countPoll(db: Executor, sessionId: string, at: Date): Promise<SessionRow | null> {
  const [row] = await db
    .update(scrapeSessions)
    .set({ polls: sql`${scrapeSessions.polls} + 1`, updatedAt: at })
    .where(eq(scrapeSessions.id, sessionId))
    .returning(sessionColumns);
  return row ?? null;
}

export async function finishSession(
  db: Executor,
  sessionId: string,
  status: Exclude<ScrapeSessionStatus, 'inProgress'>,
  at: Date,
): Promise<void> {
  await db
    .update(scrapeSessions)
    .set({ status, finishedAt: at, updatedAt: at })
    .where(eq(scrapeSessions.id, sessionId));
}

/** Card payments seen in the customer's transactions ('COMPRA TARJ. *1234 …'): last four digits, uses, first id. */
export async function cardPaymentsSeen(
  db: Executor,
  customerId: number,
): Promise<Array<{ lastFour: string; uses: number; firstId: number }>> {
  const lastFour = sql<string>`substring(${bankTransactions.description} from 'TARJ\\.? \\*([0-9]{4})')`;
  const rows = await db
    .select({ lastFour, uses: sql<number>`count(*)::int`, firstId: sql<number>`min(${bankTransactions.id})::int` })
    .from(bankTransactions)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankTransactions.accountId))
    .where(and(eq(bankAccounts.customerId, customerId), sql`${lastFour} is not null`))
    .groupBy(lastFour);
  return rows.map((row) => ({ lastFour: row.lastFour, uses: Number(row.uses), firstId: Number(row.firstId) }));
}

/** The last four digits of the customer's usable cards (not Invalid or Deleted). */
export async function validCardEndings(db: Executor, customerId: number): Promise<Set<string>> {
  const rows = await db
    .select({ masked: cards.maskedCardNumber })
    .from(cards)
    .where(
      and(eq(cards.customerId, customerId), notInArray(cards.cardStatus, ['Invalid', 'Deleted', 'NotValidatedYet'])),
    );
  return new Set(rows.map((row) => row.masked.slice(-4)));
}

/** The customer's sessions that ended `sessionFailed` (wrong bank credentials) since `since`. */
export async function countFailedSessionsSince(db: Executor, customerId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(scrapeSessions)
    .where(
      and(
        eq(scrapeSessions.customerId, customerId),
        eq(scrapeSessions.status, 'sessionFailed'),
        gte(scrapeSessions.createdAt, since),
      ),
    );
  return Number(row?.count ?? 0);
}

/**
 * A session's provider state and bank, a compare-and-set on the stored state of a session still in progress (the
 * sandbox open-banking widget's login, providers/sandbox-open-banking.ts); false when another change came first.
 */
export async function updateSessionProviderState(
  db: Executor,
  change: { sessionId: string; storedState: string; providerState: string; bankValue: string; at: Date },
): Promise<boolean> {
  const updated = await db
    .update(scrapeSessions)
    .set({ providerState: change.providerState, bankValue: change.bankValue, updatedAt: change.at })
    .where(
      and(
        eq(scrapeSessions.id, change.sessionId),
        eq(scrapeSessions.status, 'inProgress'),
        eq(scrapeSessions.providerState, change.storedState),
      ),
    )
    .returning({ id: scrapeSessions.id });
  return updated.length > 0;
}
