import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isApiError, isBusinessError } from '../../../lib/api/errors.ts';
import { useSession } from '../../../lib/session/session.ts';
import { openDialog } from '../../../lib/ui/dialog-store.ts';
import { Modal } from '../../../lib/ui/Modal.tsx';
import { ChangePasswordPost } from '../../../shared/api/registration.ts';
import { PASSWORD_TEXTS } from '../../../shared/messages-identity.ts';
import { buildPath } from '../../../shared/routes/paths.ts';
import { changePassword } from '../api/change-password.ts';
import { dismissPasswordUpdate, usePasswordUpdateRequested } from './update-password-store.ts';
import { UpdatePasswordForm } from './UpdatePasswordForm.tsx';
import '../../../lib/ui/form.css';

/** What a failed ChangePasswordPost leads to. */
type FailureOutcome = 'stay' | 'close' | 'home';

/**
 * First document §8 "Change password: failure shows a warning dialog and goes home". A connection problem is not a
 * refusal: the modal stays with what was typed (the shell's offline dialog has said why), as it does after 429. A
 * 401 closes it (the shell takes the customer to login). A refusal (422) shows the server's message in a warning
 * dialog; it and any other failure (5xx, whose dialog the shell shows) close the modal and go home.
 */
function failureOutcome(error: unknown): FailureOutcome {
  if (!isApiError(error)) return 'home';
  switch (error.kind) {
    case 'network':
    case 'offline':
    case 'timeout':
    case 'cancelled':
      return 'stay';
    case 'http':
      if (error.status === 401) return 'close';
      return error.status === 429 ? 'stay' : 'home';
    default:
      return 'home';
  }
}

/**
 * The update-password modal 'Cambiar Contraseña?' (first document §2, §8), shown by `UpdatePasswordHost` while
 * `requestPasswordUpdate()` is in force and the customer is logged in. Success: '¡Éxito!' /
 * 'Contraseña actualizada. ¡Mantenla segura!'.
 */
export default function UpdatePasswordModal() {
  const requested = usePasswordUpdateRequested();
  const { loggedIn } = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    if (!loggedIn) dismissPasswordUpdate();
  }, [loggedIn]);

  const save = async (newPassword: string): Promise<void> => {
    try {
      await changePassword({ newPassword });
    } catch (error) {
      const outcome = failureOutcome(error);
      if (outcome === 'stay') throw error;
      dismissPasswordUpdate();
      if (isBusinessError(error, ChangePasswordPost)) {
        const [first] = error.errors;
        void openDialog({ type: 'warning', title: first?.title, content: first?.message ?? '' });
      } else if (!isApiError(error)) {
        console.error('ChangePasswordPost failed', error);
      }
      if (outcome === 'home') navigate(buildPath('home'));
      return;
    }
    dismissPasswordUpdate();
    void openDialog({
      type: 'success',
      title: PASSWORD_TEXTS.changePasswordSuccessTitle,
      content: PASSWORD_TEXTS.changePasswordSuccess,
    });
  };

  return (
    <Modal
      isOpen={requested && loggedIn}
      onOpenChange={(isOpen) => {
        if (!isOpen) dismissPasswordUpdate();
      }}
      title={PASSWORD_TEXTS.changePasswordTitle}
      maxWidth={480}
    >
      <UpdatePasswordForm onSubmit={save} />
    </Modal>
  );
}
