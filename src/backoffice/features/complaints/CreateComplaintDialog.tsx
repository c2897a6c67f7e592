import { useState } from 'react';
import { ComplaintCreatePost } from '../../../shared/api/complaint.ts';
import { ActionDialog } from '../../lib/ActionDialog.tsx';
import { call } from '../../lib/backoffice-session.ts';
import { checked, ComplaintFields, emptyDraft, receivedAtOf, TextInput } from './ComplaintFields.tsx';
import { COMPLAINT_TEXTS } from './texts.ts';

const T = COMPLAINT_TEXTS.create;

/** 'Nueva reclamación': records a complaint a customer filed (`ComplaintCreatePost`); no reason (nothing changes yet). */
export function CreateComplaintDialog({
  isOpen,
  onClose,
  onCreated,
}: {
  isOpen: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const [customerId, setCustomerId] = useState('');
  const [draft, setDraft] = useState(emptyDraft);

  const close = () => {
    setCustomerId('');
    setDraft(emptyDraft);
    onClose();
  };

  const create = async () => {
    const receivedAt = receivedAtOf(draft.receivedOn);
    const body = checked(
      ComplaintCreatePost.body,
      {
        customerId: /^\d{1,15}$/.test(customerId.trim()) ? Number(customerId.trim()) : customerId,
        channel: draft.channel,
        category: draft.category,
        subject: draft.subject,
        description: draft.description,
        ...(receivedAt ? { receivedAt } : {}),
      },
      ComplaintCreatePost.name,
    );
    const created = await call(ComplaintCreatePost, { body });
    onCreated(created.id);
  };

  return (
    <ActionDialog isOpen={isOpen} onClose={close} title={T.title} confirmLabel={T.confirm} onConfirm={create}>
      <TextInput label={T.customerId} name="customerId" value={customerId} onChange={setCustomerId} />
      <ComplaintFields draft={draft} onChange={setDraft} receivedLabel={T.receivedOn} />
    </ActionDialog>
  );
}
