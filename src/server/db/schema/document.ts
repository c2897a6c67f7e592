import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { cards } from './card.ts';
import { customers } from './customer.ts';

/**
 * The customer's uploaded documents (DNI/NIE sides, card proofs). The bytes live in the document store (by default
 * files under DATA_DIR, written atomically); the row holds what was checked: the type read from the bytes, the
 * size and the SHA-256 of the stored file.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** identity (DNI/NIE), copyOfCard (card proof). */
    type: text('type').notNull(),
    /** front, back for identity; null otherwise. */
    subType: text('sub_type'),
    /** The card a card proof is for. */
    cardId: integer('card_id').references(() => cards.id, { onDelete: 'set null' }),
    /** The name the customer's file had (display only; never used as a path). */
    name: text('name').notNull(),
    /** The MIME type detected from the file's first bytes. */
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** The document store's key of the bytes. */
    storageKey: text('storage_key').notNull(),
    channel: text('channel').notNull(),
    /** new, accepted, rejected. */
    status: text('status').notNull().default('new'),
    /**
     * The staff member who accepted or rejected it (DocumentReviewPost); null while `new`. No foreign key: a review
     * outlives its reviewer's row.
     */
    reviewedByStaffId: integer('reviewed_by_staff_id'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Why it was rejected, in the Spanish the customer reads on /documents; null unless `rejected`. */
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
  },
  (t) => [index('documents_customer_type_idx').on(t.customerId, t.type)],
);
