import { and, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { USABLE_CARD_STATUSES } from '../../../shared/card-statuses.ts';
import { paidOutLoanStatuses, type LoanStatus } from '../../../shared/loan-statuses.ts';
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
      subType: documents.subType,
      name: documents.name,
      status: documents.status,
      rejectionReason: documents.rejectionReason,
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
 * The customer's identity documents (DNI/NIE sides) uploaded and not rejected by staff: the payout's securityChecked
 * rule and the repay link's 'fewer than 2 documents' both count them.
 */
export async function identityDocumentCount(tx: Executor, customerId: number): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(documents)
    .where(and(eq(documents.customerId, customerId), eq(documents.type, 'identity'), ne(documents.status, 'rejected')));
  return Number(row?.count ?? 0);
}

/** Whether staff accepted an identity front and an identity back of the customer. */
export async function hasAcceptedIdentitySides(tx: Executor, customerId: number): Promise<boolean> {
  const [row] = await tx
    .select({ sides: sql<number>`count(distinct ${documents.subType})::int` })
    .from(documents)
    .where(
      and(
        eq(documents.customerId, customerId),
        eq(documents.type, 'identity'),
        eq(documents.status, 'accepted'),
        inArray(documents.subType, ['front', 'back']),
      ),
    );
  return Number(row?.sides ?? 0) === 2;
}

/** Whether a loan of the customer was ever issued (issued now, or paid out and later repaid, restructured…). */
export async function hasIssuedLoan(tx: Executor, customerId: number): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(loans)
    .where(
      and(
        eq(loans.customerId, customerId),
        or(isNotNull(loans.issuedAt), inArray(loans.status, [...paidOutLoanStatuses])),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The columns a staff member sees of a document (DocumentListGet, DocumentReviewPost). */
export const staffDocumentColumns = {
  id: documents.id,
  customerId: documents.customerId,
  type: documents.type,
  subType: documents.subType,
  cardId: documents.cardId,
  name: documents.name,
  mimeType: documents.mimeType,
  sizeBytes: documents.sizeBytes,
  channel: documents.channel,
  status: documents.status,
  reviewedByStaffId: documents.reviewedByStaffId,
  reviewedAt: documents.reviewedAt,
  rejectionReason: documents.rejectionReason,
  createdAt: documents.createdAt,
};

/** The document locked for its review, or undefined. */
export async function lockDocumentForReview(tx: Executor, documentId: number) {
  const [row] = await tx.select(staffDocumentColumns).from(documents).where(eq(documents.id, documentId)).for('update');
  return row;
}

export interface DocumentReviewValues {
  status: 'accepted' | 'rejected';
  reviewedByStaffId: number;
  reviewedAt: Date;
  rejectionReason: string | null;
}

/** Records a staff member's review on the document; the document as staff see it. */
export async function setDocumentReview(tx: Executor, documentId: number, review: DocumentReviewValues) {
  const [row] = await tx
    .update(documents)
    .set(review)
    .where(eq(documents.id, documentId))
    .returning(staffDocumentColumns);
  if (!row) throw new Error('document review update returned nothing');
  return row;
}

/** A page of the customer's documents for staff, newest first (same instant: the later upload first). */
export async function pageCustomerDocuments(db: Executor, customerId: number, limit: number, offset: number) {
  return db
    .select(staffDocumentColumns)
    .from(documents)
    .where(eq(documents.customerId, customerId))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(limit)
    .offset(offset);
}

/** The customer's documents counted by type and side, in that order. */
export async function countCustomerDocumentsByKind(db: Executor, customerId: number) {
  return db
    .select({ type: documents.type, subType: documents.subType, count: sql<number>`count(*)::int` })
    .from(documents)
    .where(eq(documents.customerId, customerId))
    .groupBy(documents.type, documents.subType)
    .orderBy(documents.type, documents.subType);
}

/** What serving a document's file needs: its customer, kind, name, detected type and store key; undefined if none. */
export async function findDocumentFile(db: Executor, documentId: number) {
  const [row] = await db
    .select({
      id: documents.id,
      customerId: documents.customerId,
      type: documents.type,
      subType: documents.subType,
      name: documents.name,
      mimeType: documents.mimeType,
      storageKey: documents.storageKey,
    })
    .from(documents)
    .where(eq(documents.id, documentId))
    .limit(1);
  return row;
}
