import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../lib/ui/Button.tsx';
import {
  ComplaintsGet,
  complaintStatuses,
  type Complaint,
  type ComplaintStatus,
} from '../../../shared/api/complaint.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE } from '../../../shared/api/paging.ts';
import { call } from '../../lib/backoffice-session.ts';
import { formatCount } from '../../lib/format.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { PagedList } from '../../lib/PagedList.tsx';
import { customerPath, PAGE_PARAM, pageFromUrl, PATHS } from '../../lib/paths.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useStaffSession } from '../../lib/use-staff-session.ts';
import { Notice } from '../../lib/Notice.tsx';
import { SelectField } from '../../lib/SelectField.tsx';
import { CreateComplaintDialog } from './CreateComplaintDialog.tsx';
import { DeadlineText } from './DeadlineText.tsx';
import { COMPLAINT_CATEGORY_LABELS, COMPLAINT_STATUS_LABELS, COMPLAINT_TEXTS } from './texts.ts';

const T = COMPLAINT_TEXTS.list;

/** The list's query parameters (`/reclamaciones?estado=open&vencidas=1&mias=1&cliente=5&orden=-dueOn&pagina=2`). */
export const COMPLAINT_PARAMS = {
  status: 'estado',
  overdue: 'vencidas',
  mine: 'mias',
  customer: 'cliente',
  sort: 'orden',
} as const;

const isStatus = (value: string | null): value is ComplaintStatus =>
  value !== null && (complaintStatuses as readonly string[]).includes(value);

interface Filters {
  status: ComplaintStatus | '';
  overdue: boolean;
  mine: boolean;
  customerId: string;
  sort: 'dueOn' | '-dueOn';
}

function filtersOf(params: URLSearchParams): Filters {
  const status = params.get(COMPLAINT_PARAMS.status);
  const customer = params.get(COMPLAINT_PARAMS.customer) ?? '';
  return {
    status: isStatus(status) ? status : '',
    overdue: params.get(COMPLAINT_PARAMS.overdue) === '1',
    mine: params.get(COMPLAINT_PARAMS.mine) === '1',
    customerId: /^[1-9]\d{0,14}$/.test(customer) ? customer : '',
    sort: params.get(COMPLAINT_PARAMS.sort) === '-dueOn' ? '-dueOn' : 'dueOn',
  };
}

function paramsOf(filters: Filters, page: number): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.status) params[COMPLAINT_PARAMS.status] = filters.status;
  if (filters.overdue) params[COMPLAINT_PARAMS.overdue] = '1';
  if (filters.mine) params[COMPLAINT_PARAMS.mine] = '1';
  if (filters.customerId) params[COMPLAINT_PARAMS.customer] = filters.customerId;
  if (filters.sort !== 'dueOn') params[COMPLAINT_PARAMS.sort] = filters.sort;
  if (page > 1) params[PAGE_PARAM] = String(page);
  return params;
}

const statusOptions = complaintStatuses.map((value) => [value, COMPLAINT_STATUS_LABELS[value]] as const);
const sortOptions = [
  ['dueOn', T.sortAsc],
  ['-dueOn', T.sortDesc],
] as const;

/**
 * `/reclamaciones`: the complaints by their last day to answer (`ComplaintsGet`), with the filters, the order and
 * the page in the URL; 'Nueva reclamación' records one.
 */
export function ComplaintsPage() {
  const [params, setParams] = useSearchParams();
  const { session } = useStaffSession();
  const filters = filtersOf(params);
  const page = pageFromUrl(params.get(PAGE_PARAM), MAX_PAGE);
  const [creating, setCreating] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const staffId = session?.staff.id ?? null;

  const query = {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.overdue ? { overdue: 'true' as const } : {}),
    ...(filters.mine && staffId !== null ? { assignedStaffId: staffId } : {}),
    ...(filters.customerId ? { customerId: Number(filters.customerId) } : {}),
    sort: filters.sort,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
  };
  const load = useLoad(JSON.stringify([query, reloads]), () => call(ComplaintsGet, { query }));

  return (
    <>
      <h1>{T.title}</h1>
      <p>
        <Button onPress={() => setCreating(true)}>{T.create}</Button>
      </p>
      <Notice text={notice} />
      <FiltersForm
        key={params.toString()}
        filters={filters}
        onApply={(next) => setParams(paramsOf(next, 1))}
        onClear={() => setParams({})}
      />
      <Loaded load={load} loading={T.loading}>
        {(data) => (
          <section aria-label={T.tableLabel}>
            {data.total > 0 && <p role="status">{T.count(formatCount(data.total), data.total === 1)}</p>}
            <PagedList
              data={data}
              empty={T.empty}
              paging={T.paging}
              onPage={(next) => setParams(paramsOf(filters, next))}
            >
              <ComplaintsTable items={data.items} />
            </PagedList>
          </section>
        )}
      </Loaded>
      <CreateComplaintDialog
        isOpen={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setNotice(COMPLAINT_TEXTS.create.created(id));
          setReloads((count) => count + 1);
        }}
      />
    </>
  );
}

function FiltersForm({
  filters,
  onApply,
  onClear,
}: {
  filters: Filters;
  onApply: (filters: Filters) => void;
  onClear: () => void;
}) {
  const [draft, setDraft] = useState(filters);
  const [customerError, setCustomerError] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const customerId = draft.customerId.trim();
    if (customerId !== '' && !/^[1-9]\d{0,14}$/.test(customerId)) {
      setCustomerError(true);
      return;
    }
    setCustomerError(false);
    onApply({ ...draft, customerId });
  };
  return (
    <form className="bo-filters" aria-label={T.filters} noValidate onSubmit={submit}>
      <SelectField
        label={T.status}
        name="status"
        value={draft.status}
        options={statusOptions}
        emptyLabel={T.anyStatus}
        onChange={(status) => setDraft({ ...draft, status: isStatus(status) ? status : '' })}
      />
      <div className="bo-field">
        <label htmlFor="complaints-customer">{T.customerId}</label>
        <input
          id="complaints-customer"
          name="customerId"
          inputMode="numeric"
          value={draft.customerId}
          aria-invalid={customerError ? true : undefined}
          aria-describedby={customerError ? 'complaints-customer-error' : undefined}
          onChange={(event) => setDraft({ ...draft, customerId: event.target.value })}
        />
        {customerError && (
          <p id="complaints-customer-error" className="bo-field-error">
            {T.customerIdInvalid}
          </p>
        )}
      </div>
      <label className="bo-check">
        <input
          type="checkbox"
          name="overdue"
          checked={draft.overdue}
          onChange={(event) => setDraft({ ...draft, overdue: event.target.checked })}
        />
        {T.overdue}
      </label>
      <label className="bo-check">
        <input
          type="checkbox"
          name="mine"
          checked={draft.mine}
          onChange={(event) => setDraft({ ...draft, mine: event.target.checked })}
        />
        {T.mine}
      </label>
      <SelectField
        label={T.sort}
        name="sort"
        value={draft.sort}
        options={sortOptions}
        onChange={(sort) => setDraft({ ...draft, sort: sort === '-dueOn' ? '-dueOn' : 'dueOn' })}
      />
      <Button type="submit">{T.apply}</Button>
      <Button variant="secondary" onPress={onClear}>
        {T.clear}
      </Button>
    </form>
  );
}

function ComplaintsTable({ items }: { items: readonly Complaint[] }) {
  const { columns } = T;
  return (
    <table className="bo-table">
      <caption className="visually-hidden">{T.tableLabel}</caption>
      <thead>
        <tr>
          <th scope="col">{columns.number}</th>
          <th scope="col">{columns.customer}</th>
          <th scope="col">{columns.subject}</th>
          <th scope="col">{columns.category}</th>
          <th scope="col">{columns.status}</th>
          <th scope="col">{columns.deadline}</th>
          <th scope="col">{columns.assignee}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id}>
            <th scope="row">
              <Link to={`${PATHS.complaints}/${item.id}`}>{item.id}</Link>
            </th>
            <td>
              <Link to={customerPath(item.customerId)}>{item.customerName}</Link>
            </td>
            <td>{item.subject}</td>
            <td>{COMPLAINT_CATEGORY_LABELS[item.category]}</td>
            <td>{COMPLAINT_STATUS_LABELS[item.status]}</td>
            <td>
              <DeadlineText complaint={item} />
            </td>
            <td>{item.assignedStaff?.fullName ?? T.unassigned}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
