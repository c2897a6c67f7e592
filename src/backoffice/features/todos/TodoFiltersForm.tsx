import { todoKinds, todoStatuses } from '../../../shared/api/todo.ts';
import { Field } from './Field.tsx';
import { TODO_KIND_LABELS, TODO_STATUS_LABELS, TODO_TEXTS } from './texts.ts';
import { ANY_STATUS, type Assigned, type TodoFilters } from './todo-filters.ts';

const T = TODO_TEXTS;
const ASSIGNED: readonly Assigned[] = ['me', 'team', 'all'];

/** The to-do list's filters; each change goes to the URL at once (and back to the first page). */
export function TodoFiltersForm({
  filters,
  onChange,
}: {
  filters: TodoFilters;
  onChange: (next: Partial<TodoFilters>) => void;
}) {
  const kindOf = (value: string) => todoKinds.find((kind) => kind === value);
  const statusOf = (value: string) => todoStatuses.find((status) => status === value);
  return (
    <form role="search" aria-label={T.filtersLabel} className="bo-filters" onSubmit={(e) => e.preventDefault()}>
      <Field label={T.assigned}>
        {(id) => (
          <select
            id={id}
            value={filters.assigned}
            onChange={(e) => onChange({ assigned: ASSIGNED.find((a) => a === e.target.value) ?? 'me' })}
          >
            {ASSIGNED.map((assigned) => (
              <option key={assigned} value={assigned}>
                {T.assignedOptions[assigned]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={T.kind}>
        {(id) => (
          <select id={id} value={filters.kind ?? ''} onChange={(e) => onChange({ kind: kindOf(e.target.value) })}>
            <option value="">{T.anyKind}</option>
            {todoKinds.map((kind) => (
              <option key={kind} value={kind}>
                {TODO_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={T.status}>
        {(id) => (
          <select
            id={id}
            value={filters.status ?? ANY_STATUS}
            onChange={(e) => onChange({ status: statusOf(e.target.value) })}
          >
            <option value={ANY_STATUS}>{T.anyStatus}</option>
            {todoStatuses.map((status) => (
              <option key={status} value={status}>
                {TODO_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={T.from}>
        {(id) => (
          <input
            id={id}
            type="date"
            value={filters.from ?? ''}
            onChange={(e) => onChange({ from: e.target.value || undefined })}
          />
        )}
      </Field>
      <Field label={T.to}>
        {(id) => (
          <input
            id={id}
            type="date"
            value={filters.to ?? ''}
            onChange={(e) => onChange({ to: e.target.value || undefined })}
          />
        )}
      </Field>
    </form>
  );
}
