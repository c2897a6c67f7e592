import { isApiError } from '../../../lib/api/errors.ts';
import { showToast } from '../../../lib/ui/toast-store.ts';
import { UpdateEmailModal } from '../../../lib/ui/UpdateEmailModal.tsx';
import { updateEmail } from '../api/loan-request-api.ts';
import { LOAN_FORM_TEXTS } from '../texts.ts';

export interface EmailModalProps {
  defaultEmail: string;
  onClose: () => void;
}

/** The e-mail update modal of the flow (AddNewEmailPost; field emailAddress, button SUBMIT). */
export default function EmailModal({ defaultEmail, onClose }: EmailModalProps) {
  return (
    <UpdateEmailModal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      defaultEmail={defaultEmail}
      onSubmit={async (email) => {
        try {
          await updateEmail(email);
        } catch (error) {
          if (isApiError(error) && error.kind === 'business') {
            showToast({ alertType: 'warning', content: error.errors[0]?.message ?? error.message });
          }
          throw error;
        }
        showToast({ alertType: 'success', content: LOAN_FORM_TEXTS.emailUpdated });
      }}
    />
  );
}
