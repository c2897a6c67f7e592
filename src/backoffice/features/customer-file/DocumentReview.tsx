import { useState, type ReactNode } from 'react';
import { DocumentReviewPost, rejectionReasonSchema, type StaffDocument } from '../../../shared/api/document-staff.ts';
import { ActionDialog } from '../../lib/ActionDialog.tsx';
import { call } from '../../lib/backoffice-session.ts';
import { documentKindLabel } from '../../lib/status-labels.ts';
import { checkedField, TextAreaField } from './TextAreaField.tsx';
import { REVIEW_TEXTS } from './texts-reviews.ts';

const T = REVIEW_TEXTS.documents;
type Decision = 'accepted' | 'rejected';

export interface DocumentReview {
  /** Opens the dialog that accepts or rejects `document`. */
  open: (document: StaffDocument, decision: Decision) => void;
  /** The dialog, to render once in the tab. */
  dialog: ReactNode;
}

/**
 * 'Aprobar' / 'Rechazar' of a document (`DocumentReviewPost`): the audit reason always, and on a rejection the
 * reason the customer reads on their documents page; `onReviewed` gets what was done to say so and read again.
 */
export function useDocumentReview(onReviewed: (done: string) => void): DocumentReview {
  const [reviewing, setReviewing] = useState<{ document: StaffDocument; decision: Decision } | null>(null);
  const [rejectionReason, setRejectionReason] = useState('');
  const [invalid, setInvalid] = useState(false);

  const open = (document: StaffDocument, decision: Decision) => {
    setRejectionReason('');
    setInvalid(false);
    setReviewing({ document, decision });
  };

  const confirm = async (reason: string | null) => {
    if (!reviewing) return;
    const { document, decision } = reviewing;
    let body;
    if (decision === 'rejected') {
      try {
        const customerReason = checkedField(rejectionReasonSchema, rejectionReason, DocumentReviewPost.name);
        body = { decision, rejectionReason: customerReason, reason: reason ?? '' };
      } catch (error) {
        setInvalid(true);
        throw error;
      }
    } else body = { decision, reason: reason ?? '' };
    setInvalid(false);
    const review = await call(DocumentReviewPost, { params: { documentId: document.id }, body });
    onReviewed(review.securityChecked ? T.securityChecked : decision === 'accepted' ? T.accepted : T.rejected);
  };

  const kind = reviewing ? documentKindLabel(reviewing.document.type, reviewing.document.subType) : '';
  const dialog = reviewing && (
    <ActionDialog
      isOpen
      onClose={() => setReviewing(null)}
      title={reviewing.decision === 'accepted' ? T.acceptTitle(kind) : T.rejectTitle(kind)}
      confirmLabel={reviewing.decision === 'accepted' ? T.accept : T.reject}
      tone={reviewing.decision === 'rejected' ? 'danger' : 'default'}
      reason="required"
      onConfirm={confirm}
    >
      {reviewing.decision === 'accepted' ? (
        <p>{T.acceptBody(reviewing.document.name)}</p>
      ) : (
        <>
          <p>{T.rejectBody(reviewing.document.name)}</p>
          <TextAreaField
            label={T.rejectionReason}
            value={rejectionReason}
            onChange={setRejectionReason}
            invalid={invalid}
            maxLength={300}
          />
        </>
      )}
    </ActionDialog>
  );
  return { open, dialog };
}
