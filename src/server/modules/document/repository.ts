import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { USABLE_CARD_STATUSES } from '../../../shared/card-statuses.ts';
import type { LoanStatus } from '../../../shared/loan-statuses.ts';
import type { Executor } from '../../db/connect.ts';
import { cards, documents, loans } from '../../db/schema/index.ts';

/** Document SQL: the customer's documents, the card a card proof is for, and what the journey reads. */

/** A loan in application: requested, or its agreement accepted and waiting for the payout. */
const IN_APPLICATION_STATUSES = ['requested', 'agreementAssigned'] as const satisfies readonly LoanStatus[];

export type NewDocument = typeof documents.$inferInsert;

export async function insertDocument(db: Executor, values: NewDocument) {
  const [row] = await db.insert(documents).values(values).returning();
  if (!row) throw new Error('document insert returned nothing');
  return row;
}

/** The customer's documents, oldest first. */
export async function listCustomerDocuments(db: Executor, customerId: number) {
  return db
    .select({
      id: documents.id,
      type: documents.type,
      name: documents.name,
      status: documents.status,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .where(eq(documents.customerId, customerId))
    .orderBy(documents.id);
}

/** The customer's card `cardId` (not deleted), locked for the update; undefined for anyone else's or none. */
export async function findCustomerCardForUpdate(db: Executor, customerId: number, cardId: number) {
  const [row] = await db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.customerId, customerId), ne(cards.cardStatus, 'Deleted')))
    .for('update');
  return row;
}

export async function hasValidCard(db: Executor, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(cards)
    .where(and(eq(cards.customerId, customerId), inArray(cards.cardStatus, [...USABLE_CARD_STATUSES])))
    .limit(1);
  return row !== undefined;
}

/** The customer's latest loan in application (requested or agreementAssigned), or undefined. */
export async function latestLoanInApplication(db: Executor, customerId: number) {
  const [row] = await db
    .select({ id: loans.id, amountCents: loans.amountCents, status: loans.status })
    .from(loans)
    .where(and(eq(loans.customerId, customerId), inArray(loans.status, [...IN_APPLICATION_STATUSES])))
    .orderBy(desc(loans.createdAt), desc(loans.id))
    .limit(1);
  return row;
}

/**
 * The customer's identity documents (DNI/NIE sides) uploaded: the payout's securityChecked step and the repay link's
 * 'fewer than 2 documents' both count them.
 */
export async function identityDocumentCount(tx: Executor, customerId: number): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(documents)
    .where(and(eq(documents.customerId, customerId), eq(documents.type, 'identity')));
  return Number(row?.count ?? 0);
}
