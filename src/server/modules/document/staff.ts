import type { FastifyBaseLogger } from 'fastify';
import type { FileAnswer } from '../../../shared/api/common.ts';
import type { DocumentCount, StaffDocument } from '../../../shared/api/document-staff.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import { markAudited, recordAudit, type AuditActor } from '../../audit/staff-write.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/connect.ts';
import { BusinessError } from '../../http/errors.ts';
import { findScopedCustomer } from '../customer/index.ts';
import { countCustomerDocumentsByKind, findDocumentFile, pageCustomerDocuments } from './repository.ts';
import type { DocumentStore } from './store.ts';

/**
 * The customer file's documents tab (docs/backoffice.md §5): DocumentListGet, DocumentCountGet and DocumentFileGet.
 * Each starts with the customer's scope check (`findScopedCustomer`): a customer the staff member may not see is a
 * 404, as an unknown one is. Viewing a file is audited (§3): the record is written before the bytes are answered, and
 * a view whose record cannot be written answers an error instead of the file.
 */

export interface StaffDocumentDeps {
  db: Database;
  clock: Clock;
  store: DocumentStore;
  log: FastifyBaseLogger;
}

type Scope = Pick<AuthenticatedStaff, 'role' | 'collectionCompanyId'>;

interface Page {
  page: number;
  pageSize: number;
}

type StaffDocumentRow = Awaited<ReturnType<typeof pageCustomerDocuments>>[number];

/** A document row as staff read it. */
export const toStaffDocument = (row: StaffDocumentRow): StaffDocument => ({
  id: row.id,
  type: row.type,
  subType: row.subType,
  cardId: row.cardId,
  name: row.name,
  contentType: row.mimeType,
  sizeBytes: row.sizeBytes,
  channel: row.channel,
  status: row.status,
  uploadedAt: row.createdAt.toISOString(),
  reviewedByStaffId: row.reviewedByStaffId,
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
  rejectionReason: row.rejectionReason,
});

/** DocumentListGet: a page of the customer's documents, newest first. */
export async function staffDocumentList(deps: StaffDocumentDeps, staff: Scope, customerId: number, query: Page) {
  await findScopedCustomer(deps.db, staff, customerId);
  const [rows, kinds] = await Promise.all([
    pageCustomerDocuments(deps.db, customerId, query.pageSize, (query.page - 1) * query.pageSize),
    countCustomerDocumentsByKind(deps.db, customerId),
  ]);
  const items = rows.map(toStaffDocument);
  const total = kinds.reduce((sum, kind) => sum + Number(kind.count), 0);
  return { items, page: query.page, pageSize: query.pageSize, total, totalCapped: false };
}

/** DocumentCountGet: the customer's documents counted by type and side. */
export async function staffDocumentCount(
  deps: StaffDocumentDeps,
  staff: Scope,
  customerId: number,
): Promise<DocumentCount> {
  await findScopedCustomer(deps.db, staff, customerId);
  const kinds = (await countCustomerDocumentsByKind(deps.db, customerId)).map((kind) => ({
    type: kind.type,
    subType: kind.subType,
    count: Number(kind.count),
  }));
  return { total: kinds.reduce((sum, kind) => sum + kind.count, 0), kinds };
}

export const documentNotFound = () => new BusinessError('StaffDocumentNotFound');

/** The scope check of a call naming a document: a customer out of the staff member's scope is StaffDocumentNotFound. */
export async function checkDocumentScope(db: Database, staff: Scope, customerId: number): Promise<void> {
  try {
    await findScopedCustomer(db, staff, customerId);
  } catch (error) {
    if (error instanceof BusinessError && error.codeName === 'StaffCustomerNotFound') throw documentNotFound();
    throw error;
  }
}

/**
 * DocumentFileGet: the document's bytes, if its customer is in the staff member's scope (else 404
 * `StaffDocumentNotFound`, as an unknown id). The view's audit record (entity `document`, after `{ documentId, kind }`)
 * is committed before the bytes are returned; if it cannot be written, the error answers instead of the file.
 */
export async function staffDocumentFile(
  deps: StaffDocumentDeps,
  actor: AuditActor & { staff: Scope },
  documentId: number,
): Promise<FileAnswer> {
  const document = await findDocumentFile(deps.db, documentId);
  if (!document) throw documentNotFound();
  await checkDocumentScope(deps.db, actor.staff, document.customerId);
  const bytes = await deps.store.get(document.storageKey);
  if (!bytes) {
    // The row without its file: nothing was seen, so nothing is audited; the loss itself needs a person.
    deps.log.error(
      { documentId, storageKey: document.storageKey },
      'document store: the file of a document is missing',
    );
    throw documentNotFound();
  }
  const kind = document.subType ? `${document.type}:${document.subType}` : document.type;
  await recordAudit(
    deps.db,
    deps.clock,
    actor,
    { entityType: 'document', entityId: document.id, customerId: document.customerId },
    { before: null, after: { documentId: document.id, kind } },
  );
  markAudited(actor.request);
  return { bytes, contentType: document.mimeType, filename: document.name };
}
