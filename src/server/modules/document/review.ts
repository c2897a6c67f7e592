import type { CallBody } from '../../../shared/api/define.ts';
import type { DocumentReview, DocumentReviewPost } from '../../../shared/api/document-staff.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import { staffWrite, type AuditActor } from '../../audit/staff-write.ts';
import { findDocumentFile, lockDocumentForReview, setDocumentReview } from './repository.ts';
import { moveToSecurityCheckedWhenDue } from './security-check.ts';
import { checkDocumentScope, documentNotFound, toStaffDocument, type StaffDocumentDeps } from './staff.ts';

/**
 * DocumentReviewPost (docs/backoffice.md §5 «Documents → securityChecked»): a staff member accepts or rejects a
 * document. Under the customer's lock, in one transaction with its audit record: the review (status, who, when, the
 * rejection's text the customer reads), and, when an identity side is accepted, the securityChecked rule with the
 * accepted front and back (changedBy `staff:<id>`, reason `documentsApproved`). A rejection never moves the customer
 * back: it only stops the document counting for the rule.
 */

/** The customer status history's reason of a move to securityChecked by a document review. */
export const DOCUMENTS_APPROVED = 'documentsApproved';

export async function reviewDocument(
  deps: StaffDocumentDeps,
  actor: AuditActor & { staff: AuthenticatedStaff },
  documentId: number,
  body: CallBody<typeof DocumentReviewPost>,
): Promise<DocumentReview> {
  const found = await findDocumentFile(deps.db, documentId);
  if (!found) throw documentNotFound();
  const { customerId } = found;
  await checkDocumentScope(deps.db, actor.staff, customerId);
  const target = {
    entityType: 'document',
    entityId: documentId,
    customerId,
    reason: body.reason,
    lock: `customer:${customerId}`,
  };
  return staffWrite(deps, actor, target, async (tx) => {
    const before = await lockDocumentForReview(tx, documentId);
    if (!before) throw documentNotFound();
    const now = deps.clock.now();
    const row = await setDocumentReview(tx, documentId, {
      status: body.decision,
      reviewedByStaffId: actor.staff.id,
      reviewedAt: now,
      rejectionReason: body.decision === 'rejected' ? (body.rejectionReason ?? null) : null,
    });
    const securityChecked =
      body.decision === 'accepted' &&
      row.type === 'identity' &&
      (await moveToSecurityCheckedWhenDue(tx, {
        customerId,
        identity: 'accepted',
        changedBy: `staff:${actor.staff.id}`,
        reason: DOCUMENTS_APPROVED,
        at: now,
      }));
    return {
      before: { status: before.status, rejectionReason: before.rejectionReason },
      after: {
        status: row.status,
        rejectionReason: row.rejectionReason,
        ...(securityChecked ? { customerStatus: 'securityChecked' } : {}),
      },
      result: { document: toStaffDocument(row), securityChecked },
    };
  });
}
