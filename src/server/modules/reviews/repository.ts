import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/connect.ts';
import { loans, reviewLinks } from '../../db/schema/index.ts';
import type { LoanStatus } from '../../../shared/loan-statuses.ts';

/** Review-link SQL: the loan a reference names, the stored link of a reference, the link's row. */

/** The status of the customer's loan with this id, or null when it is missing or another customer's. */
export async function ownLoanStatus(db: Executor, customerId: number, loanId: number): Promise<LoanStatus | null> {
  const [row] = await db
    .select({ status: loans.status })
    .from(loans)
    .where(and(eq(loans.id, loanId), eq(loans.customerId, customerId)));
  return row?.status ?? null;
}

/**
 * The customer's link for this reference: the stored one, or `link` stored now. One statement decides between two
 * requests at once (the unique index on customer and reference): both answer the same link.
 */
export async function storeOrReadLink(
  db: Executor,
  row: { customerId: number; reviewUniqueRef: string; link: string; at: Date },
): Promise<string> {
  await db
    .insert(reviewLinks)
    .values({ customerId: row.customerId, reviewUniqueRef: row.reviewUniqueRef, link: row.link, createdAt: row.at })
    .onConflictDoNothing({ target: [reviewLinks.customerId, reviewLinks.reviewUniqueRef] });
  const [stored] = await db
    .select({ link: reviewLinks.link })
    .from(reviewLinks)
    .where(and(eq(reviewLinks.customerId, row.customerId), eq(reviewLinks.reviewUniqueRef, row.reviewUniqueRef)));
  if (!stored) throw new Error('review link not stored');
  return stored.link;
}

/** Whether a link was given (the sandbox review page opens only for one). */
export async function linkExists(db: Executor, link: string): Promise<boolean> {
  const [row] = await db.select({ id: reviewLinks.id }).from(reviewLinks).where(eq(reviewLinks.link, link)).limit(1);
  return row !== undefined;
}
