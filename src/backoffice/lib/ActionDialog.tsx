import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../lib/ui/Button.tsx';
import { Modal } from '../../lib/ui/Modal.tsx';
import { useSingleFlight } from '../../lib/ui/use-single-flight.ts';
import { auditReasonSchema } from '../../shared/api/audit.ts';
import { messageOf } from './api-error.ts';
import { ACTION_TEXTS, API_TEXTS } from './texts.ts';

export interface ActionDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** The dialog's heading: what the action does ('Aprobar el documento'). */
  title: string;
  /** The fields of the action (their own validation is the caller's), above the reason. */
  children?: ReactNode;
  confirmLabel: string;
  /**
   * Whether the staff member must type a reason (the call's body has `reason`: money, limits or status), and
   * whether it may be left empty (`optional`).
   */
  reason?: 'required' | 'optional' | 'none';
  /**
   * Sends the action with the typed reason (null when none); resolves when done. A rejection shows the server's
   * Spanish message in the dialog (a `StaffApiError`), which stays open; a resolution closes it.
   */
  onConfirm: (reason: string | null) => Promise<void>;
  /** 'danger' styles the confirmation for what cannot be undone (void, blacklist, delete). */
  tone?: 'default' | 'danger';
}

/**
 * The one dialog of every staff write (docs/backoffice.md §6): the action's fields, the reason the audit record
 * keeps where the call asks for one (checked as the server checks it, `auditReasonSchema`), 'Cancelar' and the
 * confirmation; the server's refusal shown inside, in an alert, with the dialog kept open and the fields as typed.
 */
export function ActionDialog({
  isOpen,
  onClose,
  title,
  children,
  confirmLabel,
  reason = 'none',
  onConfirm,
  tone = 'default',
}: ActionDialogProps) {
  const reasonId = useId();
  const [typed, setTyped] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setTyped('');
    setReasonError(null);
    setFailure(null);
    onClose();
  };

  const [confirm, isSending] = useSingleFlight(async () => {
    setFailure(null);
    let sent: string | null = null;
    if (reason !== 'none' && (reason === 'required' || typed.trim() !== '')) {
      const checked = auditReasonSchema.safeParse(typed);
      if (!checked.success) {
        setReasonError(checked.error.issues[0]?.message ?? ACTION_TEXTS.reasonRequired);
        return;
      }
      sent = checked.data;
    }
    setReasonError(null);
    try {
      await onConfirm(sent);
    } catch (error) {
      setFailure(messageOf(error, API_TEXTS.network));
      return;
    }
    close();
  });

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={title}
      footer={
        <>
          <Button variant="secondary" onPress={close}>
            {ACTION_TEXTS.cancel}
          </Button>
          <Button
            isLoading={isSending}
            className={tone === 'danger' ? 'bo-danger' : undefined}
            onPress={() => void confirm()}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="bo-action">
        {children}
        {reason !== 'none' && (
          <div className="bo-field">
            <label htmlFor={reasonId}>
              {reason === 'required' ? ACTION_TEXTS.reason : ACTION_TEXTS.reasonOptional}
            </label>
            <textarea
              id={reasonId}
              name="reason"
              rows={3}
              maxLength={500}
              value={typed}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${reasonId}-error` : undefined}
              onChange={(event) => setTyped(event.target.value)}
            />
            {reasonError && (
              <p id={`${reasonId}-error`} className="bo-field-error">
                {reasonError}
              </p>
            )}
          </div>
        )}
        {failure && (
          <p role="alert" className="bo-alert">
            {failure}
          </p>
        )}
      </div>
    </Modal>
  );
}
