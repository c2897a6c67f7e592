import { useState } from 'react';
import { CamsGet } from '../../../shared/api/staff.ts';
import {
  creatableTodoKindSchema,
  TodoCreatePost,
  TodoDelete,
  TodoUpdatePut,
  type TodoItem,
} from '../../../shared/api/todo.ts';
import { ActionDialog } from '../../lib/ActionDialog.tsx';
import { call } from '../../lib/backoffice-session.ts';
import { useLoad } from '../../lib/use-load.ts';
import { Field } from './Field.tsx';
import { checkBody, madridInstant, madridParts, refuse } from './form-helpers.ts';
import { TODO_KIND_LABELS, TODO_TEXTS } from './texts.ts';

const D = TODO_TEXTS.dialogs;

/** What the to-do page's dialog is doing: nothing, a new to-do, or an action on one. */
export type TodoAction = null | { action: 'create' } | { action: 'edit' | 'done' | 'cancel'; todo: TodoItem };

interface DialogProps {
  onClose: () => void;
  /** After a write: the page reads its list again. */
  onDone: () => void;
}

/** 'A mí', 'Al equipo' or an agent (`CamsGet`, read when the dialog opens). */
function AssigneeField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const cams = useLoad('cams', () => call(CamsGet));
  return (
    <Field label={D.assignee}>
      {(id) => (
        <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="me">{D.assigneeMe}</option>
          <option value="team">{D.assigneeTeam}</option>
          {cams.status === 'done' &&
            cams.data.map((cam) => (
              <option key={cam.id} value={String(cam.id)}>
                {cam.fullName}
              </option>
            ))}
          {cams.status === 'loading' && value !== 'me' && value !== 'team' && (
            <option value={value}>{D.loadingCams}</option>
          )}
        </select>
      )}
    </Field>
  );
}

/** The assignee field's value as the contract's `assignedStaffId`. */
const assigneeId = (value: string, myId: number): number | null =>
  value === 'me' ? myId : value === 'team' ? null : Number(value);

function DueFields({
  date,
  time,
  onDate,
  onTime,
  disabled = false,
}: {
  date: string;
  time: string;
  onDate: (value: string) => void;
  onTime: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <>
      <Field label={D.dueDate}>
        {(id) => (
          <input id={id} type="date" value={date} disabled={disabled} onChange={(e) => onDate(e.target.value)} />
        )}
      </Field>
      <Field label={D.dueTime}>
        {(id) => (
          <input id={id} type="time" value={time} disabled={disabled} onChange={(e) => onTime(e.target.value)} />
        )}
      </Field>
    </>
  );
}

const dueOrRefuse = (callName: string, date: string, time: string): string => {
  const dueAt = madridInstant(date, time);
  return dueAt ?? refuse(callName, D.dueRequired);
};

/** 'Nueva tarea' (`TodoCreatePost`): kind, title, notes, due date and time, customer, assignee. */
export function CreateTodoDialog({ onClose, onDone, today }: DialogProps & { today: string }) {
  const [kind, setKind] = useState<string>('callBack');
  const [title, setTitle] = useState('');
  const [notes, setNotes] = useState('');
  const [date, setDate] = useState(today);
  const [time, setTime] = useState('10:00');
  const [customer, setCustomer] = useState('');
  const [assignee, setAssignee] = useState('me');
  const send = async () => {
    const dueAt = dueOrRefuse(TodoCreatePost.name, date, time);
    const customerId = customer.trim() === '' ? undefined : Number(customer.trim());
    if (customerId !== undefined && (!Number.isInteger(customerId) || customerId < 1))
      refuse(TodoCreatePost.name, D.customerIdInvalid);
    const body = {
      kind: creatableTodoKindSchema.parse(kind),
      title,
      ...(notes.trim() ? { notes } : {}),
      dueAt,
      ...(customerId !== undefined ? { customerId } : {}),
      ...(assignee === 'me' ? {} : { assignedStaffId: assignee === 'team' ? null : Number(assignee) }),
    };
    checkBody(TodoCreatePost.name, TodoCreatePost.body, body);
    await call(TodoCreatePost, { body });
    onDone();
  };
  return (
    <ActionDialog isOpen onClose={onClose} title={D.createTitle} confirmLabel={D.createConfirm} onConfirm={send}>
      <Field label={D.kind}>
        {(id) => (
          <select id={id} value={kind} onChange={(event) => setKind(event.target.value)}>
            {creatableTodoKindSchema.options.map((option) => (
              <option key={option} value={option}>
                {TODO_KIND_LABELS[option]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={D.title}>
        {(id) => <input id={id} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />}
      </Field>
      <Field label={D.notes}>
        {(id) => (
          <textarea id={id} rows={3} value={notes} maxLength={2000} onChange={(e) => setNotes(e.target.value)} />
        )}
      </Field>
      <DueFields date={date} time={time} onDate={setDate} onTime={setTime} />
      <Field label={D.customerId}>
        {(id) => <input id={id} inputMode="numeric" value={customer} onChange={(e) => setCustomer(e.target.value)} />}
      </Field>
      <AssigneeField value={assignee} onChange={setAssignee} />
    </ActionDialog>
  );
}

/** 'Editar' (`TodoUpdatePut`): only what changed is sent; a booked call's time stays the booking's. */
export function EditTodoDialog({ todo, myId, onClose, onDone }: DialogProps & { todo: TodoItem; myId: number }) {
  const due = madridParts(todo.dueAt);
  const initialAssignee =
    todo.assignedTo === null ? 'team' : todo.assignedTo.id === myId ? 'me' : String(todo.assignedTo.id);
  const [title, setTitle] = useState(todo.title);
  const [notes, setNotes] = useState(todo.notes ?? '');
  const [date, setDate] = useState(due.date);
  const [time, setTime] = useState(due.time);
  const [assignee, setAssignee] = useState(initialAssignee);
  const fromBooking = todo.callBookingId !== null;
  const send = async () => {
    const dueAt = fromBooking ? todo.dueAt : dueOrRefuse(TodoUpdatePut.name, date, time);
    const body = {
      ...(title !== todo.title ? { title } : {}),
      ...(notes !== (todo.notes ?? '') ? { notes: notes.trim() === '' ? null : notes } : {}),
      ...(new Date(dueAt).getTime() !== new Date(todo.dueAt).getTime() ? { dueAt } : {}),
      ...(assignee !== initialAssignee ? { assignedStaffId: assigneeId(assignee, myId) } : {}),
    };
    checkBody(TodoUpdatePut.name, TodoUpdatePut.body, body);
    await call(TodoUpdatePut, { params: { todoId: todo.id }, body });
    onDone();
  };
  return (
    <ActionDialog isOpen onClose={onClose} title={D.editTitle} confirmLabel={D.editConfirm} onConfirm={send}>
      <Field label={D.title}>
        {(id) => <input id={id} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />}
      </Field>
      <Field label={D.notes}>
        {(id) => (
          <textarea id={id} rows={3} value={notes} maxLength={2000} onChange={(e) => setNotes(e.target.value)} />
        )}
      </Field>
      <DueFields date={date} time={time} onDate={setDate} onTime={setTime} disabled={fromBooking} />
      {fromBooking && <p>{D.dueFromBooking}</p>}
      <AssigneeField value={assignee} onChange={setAssignee} />
    </ActionDialog>
  );
}

/** 'Hecha' (`TodoUpdatePut` with `status: 'done'` and the outcome). */
export function DoneTodoDialog({ todo, onClose, onDone }: DialogProps & { todo: TodoItem }) {
  const [outcome, setOutcome] = useState('');
  const send = async () => {
    const body = { status: 'done' as const, outcome };
    checkBody(TodoUpdatePut.name, TodoUpdatePut.body, body);
    await call(TodoUpdatePut, { params: { todoId: todo.id }, body });
    onDone();
  };
  return (
    <ActionDialog isOpen onClose={onClose} title={D.doneTitle} confirmLabel={D.doneConfirm} onConfirm={send}>
      <p>{todo.title}</p>
      <Field label={D.outcome}>
        {(id) => (
          <textarea id={id} rows={3} value={outcome} maxLength={2000} onChange={(e) => setOutcome(e.target.value)} />
        )}
      </Field>
    </ActionDialog>
  );
}

/** 'Cancelar tarea' (`TodoDelete`, an optional reason): the row stays, cancelled. */
export function CancelTodoDialog({ todo, onClose, onDone }: DialogProps & { todo: TodoItem }) {
  const send = async (reason: string | null) => {
    await call(TodoDelete, { params: { todoId: todo.id }, body: reason === null ? {} : { reason } });
    onDone();
  };
  return (
    <ActionDialog
      isOpen
      onClose={onClose}
      title={D.cancelTitle}
      confirmLabel={D.cancelConfirm}
      reason="optional"
      tone="danger"
      onConfirm={send}
    >
      <p>{D.cancelBody(todo.title)}</p>
    </ActionDialog>
  );
}
