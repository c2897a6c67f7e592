import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../lib/ui/Button.tsx';
import { CallTimingDefinitionsGet, type CallTimingDefinition } from '../../../shared/api/calls-staff.ts';
import { formatDate, todayInMadrid } from '../../../shared/dates.ts';
import { call } from '../../lib/backoffice-session.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { PATHS } from '../../lib/paths.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useStaffSession } from '../../lib/use-staff-session.ts';
import { AddHoursDialog, AutoInsertDialog, RemoveHoursDialog } from './CallTimingDialogs.tsx';
import { CALL_TIMING_KIND_LABELS, CALL_TIMING_TEXTS, WEEKDAY_LABELS } from './texts.ts';

const T = CALL_TIMING_TEXTS;
const C = T.columns;

type Dialog =
  | null
  | { action: 'add' }
  | { action: 'autoInsert' }
  | { action: 'remove'; definition: CallTimingDefinition; dayLabel: string; hours: string };

const dayLabelOf = (definition: CallTimingDefinition): string =>
  definition.weekday !== null ? (WEEKDAY_LABELS[definition.weekday - 1] ?? '') : formatDate(definition.onDate ?? '');
const hoursOf = (definition: CallTimingDefinition) => T.hours(definition.startTime, definition.endTime);

/**
 * `/tareas/horario`: the call timing definitions (`CallTimingDefinitionsGet`) as a week (a row per definition, a
 * weekday without any says so) and the dates with hours of their own; 'Añadir horas', 'Quitar' on the hours the
 * staff member may change (an agent only their own; the server refuses the rest) and, only while there are none,
 * 'Cargar horario por defecto'.
 */
export function CallTimingPage() {
  const session = useStaffSession().session;
  const myId = session?.staff.id ?? 0;
  const isAdmin = session?.staff.role !== 'cam';
  const today = todayInMadrid();
  const [reads, setReads] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const load = useLoad(String(reads), () => call(CallTimingDefinitionsGet));
  const close = () => setDialog(null);
  const written = () => setReads((count) => count + 1);
  const mayChange = (definition: CallTimingDefinition) => isAdmin || definition.staff?.id === myId;
  const onRemove = (definition: CallTimingDefinition) =>
    setDialog({ action: 'remove', definition, dayLabel: dayLabelOf(definition), hours: hoursOf(definition) });

  return (
    <>
      <h1>{T.title}</h1>
      <p>
        <Link to={PATHS.todos}>{T.backToTodos}</Link>
      </p>
      <p className="bo-lead">{T.lead}</p>
      <Loaded load={load} loading={T.loading}>
        {(definitions) => (
          <>
            <div className="bo-toolbar">
              <Button onPress={() => setDialog({ action: 'add' })}>{T.add}</Button>
              {definitions.length === 0 && (
                <Button variant="secondary" onPress={() => setDialog({ action: 'autoInsert' })}>
                  {T.autoInsert}
                </Button>
              )}
            </div>
            {definitions.length === 0 && <p>{T.none}</p>}
            <WeekTable definitions={definitions} mayChange={mayChange} onRemove={onRemove} />
            <DatedTable definitions={definitions} mayChange={mayChange} onRemove={onRemove} />
          </>
        )}
      </Loaded>
      {dialog?.action === 'add' && (
        <AddHoursDialog isAdmin={isAdmin} myId={myId} today={today} onClose={close} onDone={written} />
      )}
      {dialog?.action === 'autoInsert' && <AutoInsertDialog onClose={close} onDone={written} />}
      {dialog?.action === 'remove' && (
        <RemoveHoursDialog
          definition={dialog.definition}
          dayLabel={dialog.dayLabel}
          hours={dialog.hours}
          onClose={close}
          onDone={written}
        />
      )}
    </>
  );
}

interface TableProps {
  definitions: readonly CallTimingDefinition[];
  mayChange: (definition: CallTimingDefinition) => boolean;
  onRemove: (definition: CallTimingDefinition) => void;
}

function Head({ first }: { first: string }) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        <th scope="col">{C.hours}</th>
        <th scope="col">{C.kind}</th>
        <th scope="col">{C.capacity}</th>
        <th scope="col">{C.whose}</th>
        <th scope="col">{C.actions}</th>
      </tr>
    </thead>
  );
}

function DefinitionCells({
  definition,
  mayChange,
  onRemove,
}: {
  definition: CallTimingDefinition;
  mayChange: TableProps['mayChange'];
  onRemove: TableProps['onRemove'];
}) {
  return (
    <>
      <td>{hoursOf(definition)}</td>
      <td>{CALL_TIMING_KIND_LABELS[definition.kind]}</td>
      <td>{definition.kind === 'open' ? definition.capacity : '—'}</td>
      <td>{definition.staff?.fullName ?? T.team}</td>
      <td>
        {mayChange(definition) && (
          <Button
            variant="secondary"
            aria-label={T.removeLabel(dayLabelOf(definition), hoursOf(definition))}
            onPress={() => onRemove(definition)}
          >
            {T.remove}
          </Button>
        )}
      </td>
    </>
  );
}

function WeekTable({ definitions, mayChange, onRemove }: TableProps) {
  return (
    <section aria-labelledby="horario-semana">
      <h2 id="horario-semana" className="bo-subheading">
        {T.weeklyHeading}
      </h2>
      <table className="bo-table" aria-label={T.weeklyLabel}>
        <Head first={C.day} />
        <tbody>
          {WEEKDAY_LABELS.map((label, index) => {
            const rows = definitions.filter((definition) => definition.weekday === index + 1);
            if (rows.length === 0)
              return (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td colSpan={5}>{T.closedDay}</td>
                </tr>
              );
            return rows.map((definition) => (
              <tr key={definition.id}>
                <th scope="row">{label}</th>
                <DefinitionCells definition={definition} mayChange={mayChange} onRemove={onRemove} />
              </tr>
            ));
          })}
        </tbody>
      </table>
    </section>
  );
}

function DatedTable({ definitions, mayChange, onRemove }: TableProps) {
  const dated = definitions.filter((definition) => definition.onDate !== null);
  return (
    <section aria-labelledby="horario-fechas">
      <h2 id="horario-fechas" className="bo-subheading">
        {T.datesHeading}
      </h2>
      {dated.length === 0 ? (
        <p>{T.noDates}</p>
      ) : (
        <table className="bo-table" aria-label={T.datesLabel}>
          <Head first={C.date} />
          <tbody>
            {dated.map((definition) => (
              <tr key={definition.id}>
                <th scope="row">{formatDate(definition.onDate ?? '')}</th>
                <DefinitionCells definition={definition} mayChange={mayChange} onRemove={onRemove} />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
