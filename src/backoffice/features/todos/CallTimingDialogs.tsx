import { useState } from 'react';
import {
  CallTimingAddPost,
  CallTimingAutoInsertPost,
  CallTimingRemovePost,
  callTimingKinds,
  MAX_CALL_CAPACITY,
  type CallTimingDefinition,
} from '../../../shared/api/calls-staff.ts';
import { CamsGet } from '../../../shared/api/staff.ts';
import { ActionDialog } from '../../lib/ActionDialog.tsx';
import { call } from '../../lib/backoffice-session.ts';
import { useLoad } from '../../lib/use-load.ts';
import { Field } from './Field.tsx';
import { checkBody, refuse } from './form-helpers.ts';
import { CALL_TIMING_KIND_LABELS, CALL_TIMING_TEXTS, WEEKDAY_LABELS } from './texts.ts';

const D = CALL_TIMING_TEXTS.dialogs;

interface DialogProps {
  onClose: () => void;
  onDone: () => void;
}

const pad = (value: number) => String(value).padStart(2, '0');
/** `00:00` … `24:00` on the half-hour. */
const HALF_HOURS = Array.from({ length: 49 }, (_, index) => `${pad(Math.floor(index / 2))}:${index % 2 ? '30' : '00'}`);
const STARTS = HALF_HOURS.slice(0, -1);
const ENDS = HALF_HOURS.slice(1);

function TimeSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((time) => (
            <option key={time} value={time}>
              {time}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** An administrator's choice of whose hours: the team's, their own or an agent's (`CamsGet`). */
function WhoseField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const cams = useLoad('cams', () => call(CamsGet));
  return (
    <Field label={D.whose}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="team">{D.team}</option>
          <option value="me">{D.mine}</option>
          {cams.status === 'done' &&
            cams.data.map((cam) => (
              <option key={cam.id} value={String(cam.id)}>
                {cam.fullName}
              </option>
            ))}
        </select>
      )}
    </Field>
  );
}

/**
 * 'Añadir horas' (`CallTimingAddPost`): a weekday or a date, from and to on the half-hour, open with its capacity or
 * closed. An agent adds their own hours (no choice shown); an administrator chooses whose.
 */
export function AddHoursDialog({
  isAdmin,
  myId,
  today,
  onClose,
  onDone,
}: DialogProps & { isAdmin: boolean; myId: number; today: string }) {
  const [dayType, setDayType] = useState<'weekly' | 'dated'>('weekly');
  const [weekday, setWeekday] = useState('1');
  const [date, setDate] = useState(today);
  const [startTime, setStart] = useState('09:00');
  const [endTime, setEnd] = useState('14:00');
  const [kind, setKind] = useState<string>('open');
  const [capacity, setCapacity] = useState('1');
  const [whose, setWhose] = useState('team');
  const send = async (reason: string | null) => {
    if (dayType === 'dated' && !date) refuse(CallTimingAddPost.name, D.dateRequired);
    const body = {
      day: dayType === 'weekly' ? Number(weekday) : date,
      startTime,
      endTime,
      kind: callTimingKinds.find((option) => option === kind) ?? 'open',
      capacity: kind === 'open' ? Number(capacity) : 1,
      ...(isAdmin && whose !== 'team' ? { staffUserId: whose === 'me' ? myId : Number(whose) } : {}),
      ...(reason === null ? {} : { reason }),
    };
    checkBody(CallTimingAddPost.name, CallTimingAddPost.body, body);
    await call(CallTimingAddPost, { body });
    onDone();
  };
  return (
    <ActionDialog
      isOpen
      onClose={onClose}
      title={D.addTitle}
      confirmLabel={D.addConfirm}
      reason="optional"
      onConfirm={send}
    >
      <Field label={D.dayType}>
        {(id) => (
          <select id={id} value={dayType} onChange={(e) => setDayType(e.target.value === 'dated' ? 'dated' : 'weekly')}>
            <option value="weekly">{D.weekly}</option>
            <option value="dated">{D.dated}</option>
          </select>
        )}
      </Field>
      {dayType === 'weekly' ? (
        <Field label={D.weekday}>
          {(id) => (
            <select id={id} value={weekday} onChange={(e) => setWeekday(e.target.value)}>
              {WEEKDAY_LABELS.map((label, index) => (
                <option key={label} value={String(index + 1)}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : (
        <Field label={D.date}>
          {(id) => <input id={id} type="date" value={date} onChange={(e) => setDate(e.target.value)} />}
        </Field>
      )}
      <TimeSelect label={D.start} options={STARTS} value={startTime} onChange={setStart} />
      <TimeSelect label={D.end} options={ENDS} value={endTime} onChange={setEnd} />
      <Field label={D.kind}>
        {(id) => (
          <select id={id} value={kind} onChange={(e) => setKind(e.target.value)}>
            {callTimingKinds.map((option) => (
              <option key={option} value={option}>
                {CALL_TIMING_KIND_LABELS[option]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {kind === 'open' && (
        <Field label={D.capacity}>
          {(id) => (
            <input
              id={id}
              type="number"
              min={1}
              max={MAX_CALL_CAPACITY}
              value={capacity}
              onChange={(e) => setCapacity(e.target.value)}
            />
          )}
        </Field>
      )}
      {isAdmin && <WhoseField value={whose} onChange={setWhose} />}
    </ActionDialog>
  );
}

/** 'Quitar' (`CallTimingRemovePost`, an optional reason); bookings already made stay. */
export function RemoveHoursDialog({
  definition,
  dayLabel,
  hours,
  onClose,
  onDone,
}: DialogProps & { definition: CallTimingDefinition; dayLabel: string; hours: string }) {
  const send = async (reason: string | null) => {
    await call(CallTimingRemovePost, { body: { id: definition.id, ...(reason === null ? {} : { reason }) } });
    onDone();
  };
  return (
    <ActionDialog
      isOpen
      onClose={onClose}
      title={D.removeTitle}
      confirmLabel={D.removeConfirm}
      reason="optional"
      tone="danger"
      onConfirm={send}
    >
      <p>{D.removeBody(dayLabel, hours)}</p>
    </ActionDialog>
  );
}

/** 'Cargar horario por defecto' (`CallTimingAutoInsertPost`), offered only while there are no definitions. */
export function AutoInsertDialog({ onClose, onDone }: DialogProps) {
  const send = async () => {
    await call(CallTimingAutoInsertPost);
    onDone();
  };
  return (
    <ActionDialog
      isOpen
      onClose={onClose}
      title={CALL_TIMING_TEXTS.autoInsertTitle}
      confirmLabel={CALL_TIMING_TEXTS.autoInsertConfirm}
      onConfirm={send}
    >
      <p>{CALL_TIMING_TEXTS.autoInsertBody}</p>
    </ActionDialog>
  );
}
