import { useState } from 'react';
import { Button } from '../../../lib/ui/Button.tsx';
import {
  COMPLAINT_STATUS_MOVES,
  ComplaintDelete,
  complaintResolutions,
  ComplaintStatusPost,
  ComplaintUpdatePut,
  type Complaint,
} from '../../../shared/api/complaint.ts';
import type { StaffRole } from '../../../shared/api/roles.ts';
import { toIsoDate } from '../../../shared/dates.ts';
import { ActionDialog } from '../../lib/ActionDialog.tsx';
import { StaffApiError } from '../../lib/api-error.ts';
import { call } from '../../lib/backoffice-session.ts';
import { SelectField } from '../../lib/SelectField.tsx';
import { checked, ComplaintFields, receivedAtOf, TextInput, type ComplaintDraft } from './ComplaintFields.tsx';
import { COMPLAINT_MOVE_TEXTS, COMPLAINT_RESOLUTION_LABELS, COMPLAINT_TEXTS } from './texts.ts';

type Target = keyof typeof COMPLAINT_MOVE_TEXTS;
type Open = { kind: 'edit' } | { kind: 'move'; to: Target } | { kind: 'void' } | null;

const isTarget = (status: string): status is Target => Object.hasOwn(COMPLAINT_MOVE_TEXTS, status);
const resolutionOptions = complaintResolutions.map((value) => [value, COMPLAINT_RESOLUTION_LABELS[value]] as const);

/**
 * What may be done to the case from its status: 'Modificar' (not once closed or void), the moves of
 * `COMPLAINT_STATUS_MOVES` ('Responder' asks for the answer and its result), 'Anular' for the roles of
 * ComplaintDelete. Each one through its dialog with the reason; `onChanged` gets the case as the server answers it.
 */
export function ComplaintActions({
  complaint,
  role,
  onChanged,
}: {
  complaint: Complaint;
  role: StaffRole;
  onChanged: (complaint: Complaint) => void;
}) {
  const [open, setOpen] = useState<Open>(null);
  const editable = complaint.status !== 'closed' && complaint.status !== 'void';
  const moves = COMPLAINT_STATUS_MOVES[complaint.status].filter(isTarget);
  const mayVoid = editable && (ComplaintDelete.roles as readonly string[]).includes(role);
  const close = () => setOpen(null);

  if (!editable && moves.length === 0) return <p>{COMPLAINT_TEXTS.case.noActions}</p>;
  return (
    <>
      <div className="bo-actions">
        {editable && (
          <Button variant="secondary" onPress={() => setOpen({ kind: 'edit' })}>
            {COMPLAINT_TEXTS.edit.button}
          </Button>
        )}
        {moves.map((to) => (
          <Button key={to} onPress={() => setOpen({ kind: 'move', to })}>
            {COMPLAINT_MOVE_TEXTS[to].button}
          </Button>
        ))}
        {mayVoid && (
          <Button className="bo-danger" onPress={() => setOpen({ kind: 'void' })}>
            {COMPLAINT_TEXTS.void.button}
          </Button>
        )}
      </div>
      {open?.kind === 'edit' && <EditDialog complaint={complaint} onClose={close} onChanged={onChanged} />}
      {open?.kind === 'move' && <MoveDialog complaint={complaint} to={open.to} onClose={close} onChanged={onChanged} />}
      {open?.kind === 'void' && (
        <ActionDialog
          isOpen
          onClose={close}
          title={COMPLAINT_TEXTS.void.title}
          confirmLabel={COMPLAINT_TEXTS.void.confirm}
          reason="required"
          tone="danger"
          onConfirm={async (reason) =>
            onChanged(
              await call(ComplaintDelete, { params: { complaintId: complaint.id }, body: { reason: reason ?? '' } }),
            )
          }
        >
          <p>{COMPLAINT_TEXTS.void.warning}</p>
        </ActionDialog>
      )}
    </>
  );
}

interface DialogProps {
  complaint: Complaint;
  onClose: () => void;
  onChanged: (complaint: Complaint) => void;
}

const draftOf = (complaint: Complaint): ComplaintDraft => ({
  channel: complaint.channel,
  category: complaint.category,
  subject: complaint.subject,
  description: complaint.description,
  receivedOn: toIsoDate(new Date(complaint.receivedAt)),
});

/** 'Modificar': sends only the fields changed, with the optional reason (`ComplaintUpdatePut`). */
function EditDialog({ complaint, onClose, onChanged }: DialogProps) {
  const before = draftOf(complaint);
  const [draft, setDraft] = useState(before);
  const save = async (reason: string | null) => {
    const changed: Record<string, unknown> = {};
    for (const key of ['channel', 'category', 'subject', 'description'] as const)
      if (draft[key].trim() !== before[key].trim()) changed[key] = draft[key];
    if (draft.receivedOn !== before.receivedOn) changed['receivedAt'] = receivedAtOf(draft.receivedOn) ?? '';
    if (Object.keys(changed).length === 0)
      throw new StaffApiError({
        kind: 'business',
        callName: ComplaintUpdatePut.name,
        message: COMPLAINT_TEXTS.edit.nothing,
      });
    const body = checked(
      ComplaintUpdatePut.body,
      { ...changed, ...(reason ? { reason } : {}) },
      ComplaintUpdatePut.name,
    );
    onChanged(await call(ComplaintUpdatePut, { params: { complaintId: complaint.id }, body }));
  };
  return (
    <ActionDialog
      isOpen
      onClose={onClose}
      title={COMPLAINT_TEXTS.edit.title}
      confirmLabel={COMPLAINT_TEXTS.edit.confirm}
      reason="optional"
      onConfirm={save}
    >
      <ComplaintFields draft={draft} onChange={setDraft} />
    </ActionDialog>
  );
}

/** A move of the status with its reason (`ComplaintStatusPost`); 'Responder' also sends the answer and its result. */
function MoveDialog({ complaint, to, onClose, onChanged }: DialogProps & { to: Target }) {
  const [answerText, setAnswerText] = useState('');
  const [resolution, setResolution] = useState('');
  const texts = COMPLAINT_MOVE_TEXTS[to];
  const move = async (reason: string | null) => {
    const body = checked(
      ComplaintStatusPost.body,
      { status: to, reason: reason ?? '', ...(to === 'answered' ? { answerText, resolution } : {}) },
      ComplaintStatusPost.name,
    );
    onChanged(await call(ComplaintStatusPost, { params: { complaintId: complaint.id }, body }));
  };
  return (
    <ActionDialog
      isOpen
      onClose={onClose}
      title={texts.title}
      confirmLabel={texts.confirm}
      reason="required"
      onConfirm={move}
    >
      {to === 'answered' && (
        <>
          <TextInput
            label={COMPLAINT_TEXTS.answer.text}
            name="answerText"
            multiline
            maxLength={10000}
            value={answerText}
            onChange={setAnswerText}
          />
          <SelectField
            label={COMPLAINT_TEXTS.answer.resolution}
            name="resolution"
            value={resolution}
            options={resolutionOptions}
            emptyLabel={COMPLAINT_TEXTS.fields.choose}
            onChange={setResolution}
          />
        </>
      )}
    </ActionDialog>
  );
}
