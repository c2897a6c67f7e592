import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../lib/ui/Button.tsx';
import { AuditLogGet } from '../../../shared/api/audit.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE } from '../../../shared/api/paging.ts';
import { PanelUsersGet } from '../../../shared/api/staff.ts';
import { AuditTable } from '../../lib/AuditTable.tsx';
import { call } from '../../lib/backoffice-session.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { SelectField } from '../../lib/SelectField.tsx';
import { PAGE_PARAM, pageFromUrl } from '../../lib/paths.ts';
import { useLoad } from '../../lib/use-load.ts';
import { AUDIT_PAGE_TEXTS as T } from './texts.ts';

/** The filters of the trail, as the URL keeps them (`/auditoria?cliente=42&desde=2026-12-01`). */
const FILTERS = {
  customerId: 'cliente',
  loanId: 'prestamo',
  staffUserId: 'empleado',
  from: 'desde',
  to: 'hasta',
} as const;
type Filter = keyof typeof FILTERS;
type Filters = Record<Filter, string>;

const ID = /^[1-9]\d{0,9}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const valid: Record<Filter, RegExp> = { customerId: ID, loanId: ID, staffUserId: ID, from: DATE, to: DATE };

/** The URL's filters that can be sent (anything else is left out, as a link typed by hand may hold). */
function filtersOf(params: URLSearchParams): Filters {
  return Object.fromEntries(
    (Object.keys(FILTERS) as Filter[]).map((filter) => {
      const value = params.get(FILTERS[filter]) ?? '';
      return [filter, valid[filter].test(value) ? value : ''];
    }),
  ) as Filters;
}

const queryOf = (filters: Filters, page: number) => ({
  ...(filters.customerId ? { customerId: Number(filters.customerId) } : {}),
  ...(filters.loanId ? { loanId: Number(filters.loanId) } : {}),
  ...(filters.staffUserId ? { staffUserId: Number(filters.staffUserId) } : {}),
  ...(filters.from ? { from: filters.from } : {}),
  ...(filters.to ? { to: filters.to } : {}),
  page,
  pageSize: DEFAULT_PAGE_SIZE,
});

/**
 * `/auditoria` (administrators): the whole audit trail (`AuditLogGet`), newest first, by customer, loan, staff member
 * and Madrid days. The filters and the page live in the URL, so a view can be linked and the back button returns.
 */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const page = pageFromUrl(params.get(PAGE_PARAM), MAX_PAGE);
  const [draft, setDraft] = useState<Filters>(filters);
  const [error, setError] = useState<string | null>(null);

  const staff = useLoad('staff', () => call(PanelUsersGet, { query: { page: 1, pageSize: 100 } }));
  const records = useLoad(JSON.stringify([filters, page]), () => call(AuditLogGet, { query: queryOf(filters, page) }));

  const go = (next: Filters, nextPage: number) => {
    const query: Record<string, string> = {};
    for (const filter of Object.keys(FILTERS) as Filter[]) if (next[filter]) query[FILTERS[filter]] = next[filter];
    if (nextPage > 1) query[PAGE_PARAM] = String(nextPage);
    setParams(query);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = Object.fromEntries(Object.entries(draft).map(([filter, value]) => [filter, value.trim()])) as Filters;
    const wrong = (Object.keys(FILTERS) as Filter[]).find(
      (filter) => typed[filter] && !valid[filter].test(typed[filter]),
    );
    if (wrong) {
      setError(T.invalid[wrong]);
      return;
    }
    if (typed.from && typed.to && typed.from > typed.to) {
      setError(T.rangeInvalid);
      return;
    }
    setError(null);
    go(typed, 1);
  };

  const field = (filter: Filter, label: string, type: 'text' | 'date') => (
    <div className="bo-field">
      <label htmlFor={`audit-${filter}`}>{label}</label>
      <input
        id={`audit-${filter}`}
        name={FILTERS[filter]}
        type={type}
        inputMode={type === 'text' ? 'numeric' : undefined}
        value={draft[filter]}
        onChange={(event) => setDraft({ ...draft, [filter]: event.target.value })}
      />
    </div>
  );

  return (
    <>
      <h1>{T.title}</h1>
      <p>{T.intro}</p>
      <form className="bo-filters" aria-label={T.filters} noValidate onSubmit={submit}>
        {field('customerId', T.customer, 'text')}
        {field('loanId', T.loan, 'text')}
        <SelectField
          label={T.staff}
          name={FILTERS.staffUserId}
          value={draft.staffUserId}
          options={
            staff.status === 'done'
              ? staff.data.items.map((member) => [String(member.id), `${member.fullName} (${member.email})`] as const)
              : []
          }
          emptyLabel={T.anyone}
          onChange={(staffUserId) => setDraft({ ...draft, staffUserId })}
        />
        {field('from', T.from, 'date')}
        {field('to', T.to, 'date')}
        <div className="bo-filters-actions">
          <Button type="submit">{T.apply}</Button>
          <Button
            variant="secondary"
            onPress={() => {
              const empty: Filters = { customerId: '', loanId: '', staffUserId: '', from: '', to: '' };
              setDraft(empty);
              setError(null);
              go(empty, 1);
            }}
          >
            {T.clear}
          </Button>
        </div>
      </form>
      {error && (
        <p role="alert" className="bo-alert">
          {error}
        </p>
      )}
      <Loaded load={records} loading={T.loading}>
        {(data) => (
          <AuditTable
            data={data}
            onPage={(next) => go(filters, next)}
            label={T.tableLabel}
            empty={T.empty}
            paging={T.paging}
            showEntity
          />
        )}
      </Loaded>
    </>
  );
}
