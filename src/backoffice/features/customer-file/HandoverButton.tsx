import { useState } from 'react';
import { Button } from '../../../lib/ui/Button.tsx';
import { HandoverCreatePost } from '../../../shared/api/links-staff.ts';
import { ActionDialog } from '../../lib/ActionDialog.tsx';
import { call } from '../../lib/backoffice-session.ts';
import { formatStaffDateTime } from '../../lib/format.ts';
import { Notice } from '../../lib/Notice.tsx';
import { REVIEW_TEXTS } from './texts-reviews.ts';
import { useMayCall } from '../../lib/use-may-call.ts';

const T = REVIEW_TEXTS.handover;

/**
 * 'Preparar acceso del cliente' (`HandoverCreatePost`, for its roles only): a dialog saying what the SMS does, then
 * the mobile it went to, masked, and when the link expires. The link itself never reaches the back office.
 */
export function HandoverButton({ customerId }: { customerId: number }) {
  const mayHandOver = useMayCall(HandoverCreatePost);
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  if (!mayHandOver) return null;

  const confirm = async () => {
    const answer = await call(HandoverCreatePost, { body: { customerId } });
    setSent(T.sent(answer.maskedPhone, formatStaffDateTime(answer.expiresAt)));
  };

  return (
    <>
      <div className="bo-file-actions">
        <Button
          variant="secondary"
          onPress={() => {
            setSent(null);
            setOpen(true);
          }}
        >
          {T.button}
        </Button>
      </div>
      <Notice text={sent} />
      <ActionDialog
        isOpen={open}
        onClose={() => setOpen(false)}
        title={T.title}
        confirmLabel={T.send}
        onConfirm={confirm}
      >
        <p>{T.body}</p>
      </ActionDialog>
    </>
  );
}
