import { useId, useState } from 'react';
import { Navigate } from 'react-router';
import {
  CalendarDaysGet,
  calendarDayKinds,
  FreezeDayDelete,
  FreezeDayPost,
  HolidayDelete,
  HolidayPost,
  type CalendarDay,
  type CalendarDayKind,
} from '../../../shared/api/misc-staff.ts';
import { formatDate, todayInMadrid } from '../../../shared/dates.ts';
import { ActionButton } from '../../lib/ActionButton.tsx';
import { call } from '../../lib/backoffice-session.ts';
import { checkedBody } from '../../lib/field-problem.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { Notice } from '../../lib/Notice.tsx';
import { PATHS } from '../../lib/paths.ts';
import { useMayCall } from '../../lib/use-may-call.ts';
import { useNoticedLoad } from '../../lib/use-noticed-load.ts';
import { CALENDAR_TEXTS as T } from './texts.ts';

const ADD = { holiday: HolidayPost, freeze: FreezeDayPost } as const;
const REMOVE = { holiday: HolidayDelete, freeze: FreezeDayDelete } as const;

/**
 * `/calendario` (agents and administrators; docs/backoffice.md §8 P3): the days added to the national holidays
 * (`CalendarDaysGet`) with 'Quitar' on those of today or later, 'Añadir un festivo' and 'Añadir un día sin contacto',
 * and the national holidays of this year and the next. The calendar is read again after each change.
 */
export function CalendarPage() {
  const mayRead = useMayCall(CalendarDaysGet);
  const { load, notice, done } = useNoticedLoad(mayRead ? 'calendar' : null, () => call(CalendarDaysGet, {}));
  if (!mayRead) return <Navigate to={PATHS.customers} replace />;
  return (
    <>
      <h1>{T.heading}</h1>
      <p>{T.intro}</p>
      <Notice text={notice} />
      <div className="bo-row-actions">
        {calendarDayKinds.map((kind) => (
          <AddDay key={kind} kind={kind} onDone={done} />
        ))}
      </div>
      <Loaded load={load} loading={T.loading}>
        {({ national, days }) => (
          <>
            <h2 className="bo-subheading">{T.addedHeading}</h2>
            {days.length === 0 ? <p>{T.empty}</p> : <AddedDays days={days} onDone={done} />}
            <h2 className="bo-subheading">{T.nationalHeading}</h2>
            <ul aria-label={T.nationalLabel}>
              {national.map((day) => (
                <li key={day}>{formatDate(day)}</li>
              ))}
            </ul>
          </>
        )}
      </Loaded>
    </>
  );
}

function AddedDays({ days, onDone }: { days: CalendarDay[]; onDone: (notice: string) => void }) {
  const C = T.columns;
  const today = todayInMadrid(new Date());
  return (
    <table className="bo-table" aria-label={T.tableLabel}>
      <thead>
        <tr>
          <th scope="col">{C.day}</th>
          <th scope="col">{C.kind}</th>
          <th scope="col">{C.name}</th>
          <th scope="col">{C.createdBy}</th>
          <th scope="col">{C.actions}</th>
        </tr>
      </thead>
      <tbody>
        {days.map((row) => (
          <tr key={row.id}>
            <th scope="row">{formatDate(row.day)}</th>
            <td>{T.kinds[row.kind]}</td>
            <td>{row.name}</td>
            <td>{row.createdBy?.fullName ?? ''}</td>
            <td>{row.day >= today && <RemoveDay row={row} onDone={onDone} />}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RemoveDay({ row, onDone }: { row: CalendarDay; onDone: (notice: string) => void }) {
  const entry = REMOVE[row.kind];
  const may = useMayCall(entry);
  if (!may) return null;
  const day = formatDate(row.day);
  return (
    <ActionButton
      label={T.remove}
      title={T.removeTitle(day)}
      confirmLabel={T.remove}
      reason="required"
      onConfirm={async (reason) => {
        await call(entry, { params: { dayId: row.id }, body: { reason: reason ?? '' } });
        onDone(T.removed(day));
      }}
    >
      <p>{`${T.kinds[row.kind]}: ${row.name}`}</p>
    </ActionButton>
  );
}

function AddDay({ kind, onDone }: { kind: CalendarDayKind; onDone: (notice: string) => void }) {
  const id = useId();
  const entry = ADD[kind];
  const may = useMayCall(entry);
  const [draft, setDraft] = useState({ day: '', name: '' });
  if (!may) return null;
  return (
    <ActionButton
      label={T.add[kind]}
      title={T.add[kind]}
      confirmLabel={T.addConfirm}
      reason="required"
      onOpen={() => setDraft({ day: '', name: '' })}
      onConfirm={async (reason) => {
        const body = checkedBody(entry.name, entry.body, { ...draft, reason: reason ?? '' }, T.invalid);
        const added = await call(entry, { body });
        onDone(T.added(formatDate(added.day)));
      }}
    >
      <div className="bo-field">
        <label htmlFor={`${id}-day`}>{T.day}</label>
        <input
          id={`${id}-day`}
          type="date"
          value={draft.day}
          onChange={(event) => setDraft({ ...draft, day: event.target.value })}
        />
      </div>
      <div className="bo-field">
        <label htmlFor={`${id}-name`}>{T.name[kind]}</label>
        <input
          id={`${id}-name`}
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        />
      </div>
    </ActionButton>
  );
}
