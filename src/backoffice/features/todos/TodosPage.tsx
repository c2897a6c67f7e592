import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../lib/ui/Button.tsx';
import type { CallResponse } from '../../../shared/api/define.ts';
import { TodoPagedPost, type TodoItem } from '../../../shared/api/todo.ts';
import { addDaysIso, daysBetweenIso, formatLongDate, todayInMadrid } from '../../../shared/dates.ts';
import { call } from '../../lib/backoffice-session.ts';
import { formatStaffDateTime } from '../../lib/format.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { PagedList } from '../../lib/PagedList.tsx';
import { Pager } from '../../lib/Pager.tsx';
import { customerPath, PATHS } from '../../lib/paths.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useStaffSession } from '../../lib/use-staff-session.ts';
import { madridParts } from './form-helpers.ts';
import { TodoFiltersForm } from './TodoFiltersForm.tsx';
import { CancelTodoDialog, CreateTodoDialog, DoneTodoDialog, EditTodoDialog, type TodoAction } from './TodoDialogs.tsx';
import { TODO_KIND_LABELS, TODO_STATUS_LABELS, TODO_TEXTS } from './texts.ts';
import { filtersFromUrl, filtersToUrl, pagedBody, rangeOf, type TodoFilters } from './todo-filters.ts';

const T = TODO_TEXTS;
type TodoPage = CallResponse<typeof TodoPagedPost>;
/** A range longer than this shows only its days with to-dos. */
const MAX_DAYS_LISTED = 31;

/**
 * `/tareas`: the to-dos (`TodoPagedPost`) with their filters in the URL, by day (today and the next days, the
 * default) or as a list; 'Nueva tarea', and per open to-do 'Editar', 'Hecha' and 'Cancelar tarea', each in the
 * `ActionDialog`; after a write the list is read again.
 */
export function TodosPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromUrl(params);
  const today = todayInMadrid();
  const myId = useStaffSession().session?.staff.id ?? 0;
  const [reads, setReads] = useState(0);
  const [action, setAction] = useState<TodoAction>(null);
  const body = pagedBody(filters, today);
  const load = useLoad(JSON.stringify([body, reads]), () => call(TodoPagedPost, { body }));
  const go = (next: Partial<TodoFilters>) => setParams(filtersToUrl({ ...filters, page: 1, ...next }));
  const close = () => setAction(null);
  const written = () => setReads((count) => count + 1);

  return (
    <>
      <h1>{T.title}</h1>
      <p>
        <Link to={PATHS.callTiming}>{T.callTimingLink}</Link>
      </p>
      <TodoFiltersForm filters={filters} onChange={go} />
      <div className="bo-toolbar">
        <div role="group" aria-label={T.viewLabel}>
          <Button variant="secondary" aria-pressed={filters.view === 'days'} onPress={() => go({ view: 'days' })}>
            {T.dayView}
          </Button>
          <Button variant="secondary" aria-pressed={filters.view === 'list'} onPress={() => go({ view: 'list' })}>
            {T.listView}
          </Button>
        </div>
        <Button onPress={() => setAction({ action: 'create' })}>{T.create}</Button>
      </div>
      <Loaded load={load} loading={T.loading}>
        {(data) =>
          filters.view === 'days' ? (
            <DayView data={data} filters={filters} today={today} onAction={setAction} onPage={(page) => go({ page })} />
          ) : (
            <PagedList data={data} empty={T.empty} paging={T.paging} onPage={(page) => go({ page, view: 'list' })}>
              <TodoTable label={T.tableLabel} items={data.items} withDate onAction={setAction} />
            </PagedList>
          )
        }
      </Loaded>
      {action?.action === 'create' && <CreateTodoDialog today={today} onClose={close} onDone={written} />}
      {action?.action === 'edit' && <EditTodoDialog todo={action.todo} myId={myId} onClose={close} onDone={written} />}
      {action?.action === 'done' && <DoneTodoDialog todo={action.todo} onClose={close} onDone={written} />}
      {action?.action === 'cancel' && <CancelTodoDialog todo={action.todo} onClose={close} onDone={written} />}
    </>
  );
}

/** The days shown: every day of a range up to a month, else only those with to-dos. */
function daysOf(filters: TodoFilters, today: string, items: readonly TodoItem[]): string[] {
  const withItems = [...new Set(items.map((todo) => madridParts(todo.dueAt).date))].sort();
  const { from, to } = rangeOf(filters, today);
  if (from === undefined || to === undefined || to < from || daysBetweenIso(from, to) >= MAX_DAYS_LISTED)
    return withItems;
  return Array.from({ length: daysBetweenIso(from, to) + 1 }, (_, index) => addDaysIso(from, index));
}

function DayView({
  data,
  filters,
  today,
  onAction,
  onPage,
}: {
  data: TodoPage;
  filters: TodoFilters;
  today: string;
  onAction: (action: TodoAction) => void;
  onPage: (page: number) => void;
}) {
  const days = daysOf(filters, today, data.items);
  return (
    <>
      {!filters.from && !filters.to && <p>{T.dayViewHint(days.length)}</p>}
      {days.length === 0 && <p>{T.empty}</p>}
      {days.map((day) => {
        const items = data.items.filter((todo) => madridParts(todo.dueAt).date === day);
        const heading = day === today ? `${T.today} · ${formatLongDate(day)}` : formatLongDate(day);
        return (
          <section key={day} aria-labelledby={`dia-${day}`}>
            <h2 id={`dia-${day}`} className="bo-subheading">
              {heading}
            </h2>
            {items.length === 0 ? (
              <p>{T.emptyDay}</p>
            ) : (
              <TodoTable label={T.dayTableLabel(formatLongDate(day))} items={items} onAction={onAction} />
            )}
          </section>
        );
      })}
      <Pager page={data.page} pageSize={data.pageSize} total={data.total} label={T.paging} onPage={onPage} />
    </>
  );
}

function TodoTable({
  label,
  items,
  withDate = false,
  onAction,
}: {
  label: string;
  items: readonly TodoItem[];
  withDate?: boolean;
  onAction: (action: TodoAction) => void;
}) {
  const C = T.columns;
  return (
    <table className="bo-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{withDate ? C.due : C.time}</th>
          <th scope="col">{C.kind}</th>
          <th scope="col">{C.title}</th>
          <th scope="col">{C.customer}</th>
          <th scope="col">{C.assignee}</th>
          <th scope="col">{C.status}</th>
          <th scope="col">{C.actions}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((todo) => (
          <tr key={todo.id}>
            <td>{withDate ? formatStaffDateTime(todo.dueAt) : madridParts(todo.dueAt).time}</td>
            <td>{TODO_KIND_LABELS[todo.kind]}</td>
            <th scope="row">
              {todo.title}
              {todo.outcome && <div>{T.outcomeShown(todo.outcome)}</div>}
            </th>
            <td>
              {todo.customerId !== null ? (
                <Link to={customerPath(todo.customerId)}>{todo.customerName ?? String(todo.customerId)}</Link>
              ) : (
                T.noCustomer
              )}
            </td>
            <td>{todo.assignedTo?.fullName ?? T.team}</td>
            <td>{TODO_STATUS_LABELS[todo.status]}</td>
            <td>{todo.status === 'open' && <RowActions todo={todo} onAction={onAction} />}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RowActions({ todo, onAction }: { todo: TodoItem; onAction: (action: TodoAction) => void }) {
  return (
    <div className="bo-row-actions">
      <Button
        variant="secondary"
        aria-label={T.editLabel(todo.title)}
        onPress={() => onAction({ action: 'edit', todo })}
      >
        {T.edit}
      </Button>
      <Button
        variant="secondary"
        aria-label={T.doneLabel(todo.title)}
        onPress={() => onAction({ action: 'done', todo })}
      >
        {T.done}
      </Button>
      <Button
        variant="secondary"
        aria-label={T.cancelLabel(todo.title)}
        onPress={() => onAction({ action: 'cancel', todo })}
      >
        {T.cancel}
      </Button>
    </div>
  );
}
