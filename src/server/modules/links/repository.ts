import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { CustomerStatus } from '../../../shared/statuses.ts';
import type { LoanStatus } from '../../../shared/loan-statuses.ts';
import type { Executor } from '../../db/connect.ts';
import { cards, customers, loans, repayTokens } from '../../db/schema/index.ts';
import { USABLE_CARD_STATUSES } from '../../../shared/card-statuses.ts';
import { identityDocumentCount } from '../document/index.ts';

/** Repay-token SQL: tokens are found by their SHA-256 only; "live" means not revoked and not expired at `now`. */

export async function insertRepayToken(
  db: Executor,
  row: { tokenHash: string; customerId: number; loanId: number | null; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const [inserted] = await db.insert(repayTokens).values(row).returning({ id: repayTokens.id });
  if (!inserted) throw new Error('repay token insert returned nothing');
  return inserted.id;
}

const live = (now: Date) => and(isNull(repayTokens.revokedAt), gt(repayTokens.expiresAt, now));

export interface LiveRepayToken {
  id: number;
  customerId: number;
  loanId: number | null;
}

/** The live token with this hash, or null (unknown, revoked or expired). */
export async function findLiveRepayToken(db: Executor, tokenHash: string, now: Date): Promise<LiveRepayToken | null> {
  const [row] = await db
    .select({ id: repayTokens.id, customerId: repayTokens.customerId, loanId: repayTokens.loanId })
    .from(repayTokens)
    .where(and(eq(repayTokens.tokenHash, tokenHash), live(now)))
    .limit(1);
  return row ?? null;
}

/** Count one login with the token; false when it stopped being live meanwhile (revoked or expired). */
export async function countRepayTokenUse(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(repayTokens)
    .set({ useCount: sql`${repayTokens.useCount} + 1`, lastUsedAt: now })
    .where(and(eq(repayTokens.id, id), live(now)))
    .returning({ id: repayTokens.id });
  return rows.length > 0;
}

export async function revokeRepayTokenRows(
  db: Executor,
  target: { customerId: number; loanId?: number },
  now: Date,
): Promise<number> {
  const rows = await db
    .update(repayTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(repayTokens.customerId, target.customerId),
        target.loanId === undefined ? undefined : eq(repayTokens.loanId, target.loanId),
        isNull(repayTokens.revokedAt),
      ),
    )
    .returning({ id: repayTokens.id });
  return rows.length;
}

export interface RedirectionCustomerRow {
  status: CustomerStatus;
  firstName: string;
  lastName: string;
  phone: string;
  /** The status of the customer's most recent loan, null without loans. */
  lastLoanStatus: LoanStatus | null;
  /** The customer has a usable card (Valid, AddresslessValid, PennyChecked, Linked). */
  hasCardAdded: boolean;
  /** A card of the customer (not deleted) waits for its proof (sub-status askForProof). */
  hasAskForProofCard: boolean;
  /** The identity documents (DNI/NIE sides) the customer uploaded. */
  documentCount: number;
}

/** What the repay-link destination depends on, for one customer. */
export async function findRedirectionCustomer(
  db: Executor,
  customerId: number,
): Promise<RedirectionCustomerRow | null> {
  const [customer] = await db
    .select({
      status: customers.status,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phone: customers.phone,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!customer) return null;
  const [lastLoan] = await db
    .select({ status: loans.status })
    .from(loans)
    .where(eq(loans.customerId, customerId))
    .orderBy(desc(loans.createdAt), desc(loans.id))
    .limit(1);
  const [cardFacts] = await db
    .select({
      usable: sql<boolean>`coalesce(bool_or(${inArray(cards.cardStatus, [...USABLE_CARD_STATUSES])}), false)`,
      askForProof: sql<boolean>`coalesce(bool_or(${cards.cardSubStatus} = 'askForProof' and ${cards.cardStatus} <> 'Deleted'), false)`,
    })
    .from(cards)
    .where(eq(cards.customerId, customerId));
  return {
    ...customer,
    lastLoanStatus: lastLoan?.status ?? null,
    hasCardAdded: cardFacts?.usable ?? false,
    hasAskForProofCard: cardFacts?.askForProof ?? false,
    documentCount: await identityDocumentCount(db, customerId),
  };
}
