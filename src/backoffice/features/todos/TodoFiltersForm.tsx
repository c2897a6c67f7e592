import { todoKinds, todoStatuses } from '../../../shared/api/todo.ts';
import { SelectField } from '../../lib/SelectField.tsx';
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
      <SelectField
        label={T.assigned}
        value={filters.assigned}
        options={ASSIGNED.map((assigned) => [assigned, T.assignedOptions[assigned]] as const)}
        onChange={(value) => onChange({ assigned: ASSIGNED.find((a) => a === value) ?? 'me' })}
      />
      <SelectField
        label={T.kind}
        value={filters.kind ?? ''}
        options={todoKinds.map((kind) => [kind, TODO_KIND_LABELS[kind]] as const)}
        emptyLabel={T.anyKind}
        onChange={(value) => onChange({ kind: kindOf(value) })}
      />
      <SelectField
        label={T.status}
        value={filters.status ?? ANY_STATUS}
        options={[
          [ANY_STATUS, T.anyStatus] as const,
          ...todoStatuses.map((status) => [status, TODO_STATUS_LABELS[status]] as const),
        ]}
        onChange={(value) => onChange({ status: statusOf(value) })}
      />
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
