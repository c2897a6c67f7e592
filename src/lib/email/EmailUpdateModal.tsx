import type { ReactNode } from 'react';
import { updateEmail } from '../api/calls/add-new-email.ts';
import { isApiError } from '../api/errors.ts';
import { showToast } from '../ui/toast-store.ts';
import { UpdateEmailModal } from '../ui/UpdateEmailModal.tsx';
import { SUCCESS_TOASTS } from '../../shared/messages-loan.ts';

export interface EmailUpdateModalProps {
  defaultEmail: string;
  /** A short text above the field (the agreement step says why the address is asked again). */
  description?: ReactNode;
  /** The modal is closed (saved or dismissed). */
  onClose: () => void;
  /** The address was saved (after the success toast, before `onClose`). */
  onSaved?: (email: string) => void;
}

/**
 * The e-mail update modal with its call (second document §5 "Email update", §8): field emailAddress ('Email no
 * válido'), SUBMIT, AddNewEmailPost. A refusal (InvalidEmail, EmailNotAvailable, …) shows the server's message as a
 * warning toast and keeps the modal open with the typed address; other failures are shown by the global handling.
 * Success: 'Los cambios se han guardado.'. Used by the loan request (its form and agreement step) and the account.
 */
export default function EmailUpdateModal({ defaultEmail, description, onClose, onSaved }: EmailUpdateModalProps) {
  return (
    <UpdateEmailModal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      defaultEmail={defaultEmail}
      description={description}
      onSubmit={async (email) => {
        try {
          await updateEmail(email);
        } catch (error) {
          if (isApiError(error) && error.kind === 'business') {
            showToast({ alertType: 'warning', content: error.errors[0]?.message ?? error.message });
          }
          throw error;
        }
        showToast({ alertType: 'success', content: SUCCESS_TOASTS.changesSaved });
        onSaved?.(email);
      }}
    />
  );
}
