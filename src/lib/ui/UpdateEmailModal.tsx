import type { ReactNode } from 'react';
import { Modal } from './Modal.tsx';
import { UpdateEmailForm } from './UpdateEmailForm.tsx';
import { UI_TEXTS } from './ui-texts.ts';
import './form.css';

export interface UpdateEmailModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /**
   * Saves the address (the caller makes the API call). While it runs the SUBMIT button shows it is loading; when
   * it resolves the modal closes; when it rejects the modal stays open with the typed address.
   */
  onSubmit: (email: string) => Promise<void>;
  /** The address the field starts with. Default ''. */
  defaultEmail?: string;
  /** Default 'Actualiza tu email'. */
  title?: string;
  /** A short text above the field. */
  description?: ReactNode;
}

/** The update-email modal (first document §2, second document §5): field emailAddress, button SUBMIT. */
export function UpdateEmailModal({
  isOpen,
  onOpenChange,
  onSubmit,
  defaultEmail = '',
  title = UI_TEXTS.updateEmailTitle,
  description,
}: UpdateEmailModalProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={title} maxWidth={480}>
      {(close) => (
        <UpdateEmailForm
          defaultEmail={defaultEmail}
          description={description}
          onSubmit={async (email) => {
            await onSubmit(email);
            close();
          }}
        />
      )}
    </Modal>
  );
}
