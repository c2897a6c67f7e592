import { useId, useState, type FormEvent } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components/Table';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Button } from '../../../lib/ui/Button.tsx';
import { LoanSearchGet, loanSearchSorts, type LoanSearchItem } from '../../../shared/api/loan-staff.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE } from '../../../shared/api/paging.ts';
import { isIsoDate } from '../../../shared/calendar.ts';
import { formatDate } from '../../../shared/dates.ts';
import { loanProducts, type LoanProduct } from '../../../shared/loan/loan-definition.ts';
import { loanStatuses, type LoanStatus } from '../../../shared/loan-statuses.ts';
import { formatMoney } from '../../../shared/money.ts';
import { call } from '../../lib/backoffice-session.ts';
import { formatCount } from '../../lib/format.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { PagedList } from '../../lib/PagedList.tsx';
import { customerPath, PAGE_PARAM, pageFromUrl, PATHS } from '../../lib/paths.ts';
import { SelectField } from '../../lib/SelectField.tsx';
import { LOAN_STATUS_LABELS } from '../../lib/status-labels.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useMayCall } from '../../lib/use-may-call.ts';
import { PORTFOLIO_TEXTS as T } from './texts.ts';

/**
 * `/cartera` (agents, administrators, a collection company for its customers; docs/backoffice.md §8 P4): the loan
 * portfolio (`LoanSearchGet`, `searchLoans`), paged on the server, filtered by status, product, the days late in the
 * collection report's bands and the issue dates, newest first or the latest first. The filters live in the URL
 * (`?estado=issued&retraso=31-60&pagina=2`), so a list can be shared and reloaded; each loan links to its customer's
 * 'Préstamos'.
 */

type Sort = (typeof loanSearchSorts)[number];
const LATE_BANDS = {
  none: { overdueDaysMax: 0 },
  '1-30': { overdueDaysMin: 1, overdueDaysMax: 30 },
  '31-60': { overdueDaysMin: 31, overdueDaysMax: 60 },
  '61-90': { overdueDaysMin: 61, overdueDaysMax: 90 },
  '91+': { overdueDaysMin: 91 },
} as const;
type LateBand = keyof typeof LATE_BANDS;

interface Filters {
  status: LoanStatus | '';
  product: LoanProduct | '';
  late: LateBand | '';
  from: string;
  to: string;
  sort: Sort;
}

const PARAMS = { status: 'estado', product: 'producto', late: 'retraso', from: 'desde', to: 'hasta', sort: 'orden' };

const oneOf = <V extends string>(values: readonly V[], value: string | null): V | '' =>
  values.find((one) => one === value) ?? '';

function filtersOf(params: URLSearchParams): Filters {
  const date = (value: string | null) => (value && isIsoDate(value) ? value : '');
  return {
    status: oneOf(loanStatuses, params.get(PARAMS.status)),
    product: oneOf(loanProducts, params.get(PARAMS.product)),
    late: oneOf(Object.keys(LATE_BANDS) as LateBand[], params.get(PARAMS.late)),
    from: date(params.get(PARAMS.from)),
    to: date(params.get(PARAMS.to)),
    sort: oneOf(loanSearchSorts, params.get(PARAMS.sort)) || 'newest',
  };
}

function queryOf(filters: Filters, page: number) {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.product ? { product: filters.product } : {}),
    ...(filters.late ? LATE_BANDS[filters.late] : {}),
    ...(filters.from ? { dateFrom: filters.from } : {}),
    ...(filters.to ? { dateTo: filters.to } : {}),
    sort: filters.sort,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
  };
}

export function PortfolioPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const page = pageFromUrl(params.get(PAGE_PARAM), MAX_PAGE);
  const mayRead = useMayCall(LoanSearchGet);
  const query = queryOf(filters, page);
  const loans = useLoad(mayRead ? JSON.stringify(query) : null, () => call(LoanSearchGet, { query }));
  if (!mayRead) return <Navigate to={PATHS.customers} replace />;

  const go = (next: Filters, nextPage: number) => {
    const entries = Object.entries(PARAMS)
      .map(([key, param]) => [param, next[key as keyof Filters]] as const)
      .filter(([param, value]) => value !== '' && !(param === PARAMS.sort && value === 'newest'));
    setParams({ ...Object.fromEntries(entries), ...(nextPage > 1 ? { [PAGE_PARAM]: String(nextPage) } : {}) });
  };

  return (
    <>
      <h1>{T.heading}</h1>
      <p>{T.intro}</p>
      <FiltersForm key={params.toString()} initial={filters} onSearch={(next) => go(next, 1)} />
      <Loaded load={loans} loading={T.loading}>
        {(data) => (
          <section aria-label={T.tableLabel}>
            {data.total > 0 && (
              <p role="status">{T.count(formatCount(data.total), data.total === 1, data.totalCapped)}</p>
            )}
            <PagedList data={data} empty={T.empty} paging={T.paging} onPage={(next) => go(filters, next)}>
              <LoansTable loans={data.items} />
            </PagedList>
          </section>
        )}
      </Loaded>
    </>
  );
}

function FiltersForm({ initial, onSearch }: { initial: Filters; onSearch: (filters: Filters) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const set = (change: Partial<Filters>) => setDraft({ ...draft, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };
  return (
    <form className="bo-filters" aria-label={T.filters} onSubmit={submit}>
      <SelectField
        label={T.status}
        name={PARAMS.status}
        value={draft.status}
        emptyLabel={T.all}
        options={loanStatuses.filter((one) => one !== 'notSet').map((one) => [one, LOAN_STATUS_LABELS[one]] as const)}
        onChange={(status) => set({ status: status as Filters['status'] })}
      />
      <SelectField
        label={T.product}
        name={PARAMS.product}
        value={draft.product}
        emptyLabel={T.all}
        options={loanProducts.map((one) => [one, T.products[one]] as const)}
        onChange={(product) => set({ product: product as Filters['product'] })}
      />
      <SelectField
        label={T.late}
        name={PARAMS.late}
        value={draft.late}
        emptyLabel={T.all}
        options={(Object.keys(LATE_BANDS) as LateBand[]).map((band) => [band, T.lateBands[band]] as const)}
        onChange={(late) => set({ late: late as Filters['late'] })}
      />
      <div className="bo-field">
        <label htmlFor={`${id}-from`}>{T.from}</label>
        <input
          id={`${id}-from`}
          type="date"
          value={draft.from}
          onChange={(event) => set({ from: event.target.value })}
        />
      </div>
      <div className="bo-field">
        <label htmlFor={`${id}-to`}>{T.to}</label>
        <input id={`${id}-to`} type="date" value={draft.to} onChange={(event) => set({ to: event.target.value })} />
      </div>
      <SelectField
        label={T.sort}
        name={PARAMS.sort}
        value={draft.sort}
        options={loanSearchSorts.map((one) => [one, T.sorts[one]] as const)}
        onChange={(sort) => set({ sort: sort as Sort })}
      />
      <Button type="submit">{T.search}</Button>
    </form>
  );
}

function LoansTable({ loans }: { loans: LoanSearchItem[] }) {
  const C = T.columns;
  return (
    <Table aria-label={T.tableLabel} className="bo-table">
      <TableHeader>
        <Column isRowHeader>{C.loan}</Column>
        <Column>{C.customer}</Column>
        <Column>{C.product}</Column>
        <Column>{C.amount}</Column>
        <Column>{C.issueDate}</Column>
        <Column>{C.status}</Column>
        <Column>{C.outstanding}</Column>
        <Column>{C.firstUnpaid}</Column>
        <Column>{C.late}</Column>
      </TableHeader>
      <TableBody items={loans.map((loan) => ({ ...loan, id: loan.loanId }))}>
        {(loan) => (
          <Row id={loan.loanId}>
            <Cell>
              <Link to={customerPath(loan.customerId, 'prestamos')}>{T.loanNumber(loan.loanId)}</Link>
            </Cell>
            <Cell>{loan.customerName}</Cell>
            <Cell>{T.products[loan.product]}</Cell>
            <Cell>{formatMoney(loan.amount)}</Cell>
            <Cell>{formatDate(loan.issueDate)}</Cell>
            <Cell>{LOAN_STATUS_LABELS[loan.status]}</Cell>
            <Cell>{formatMoney(loan.outstanding)}</Cell>
            <Cell>{loan.firstUnpaidDate ? formatDate(loan.firstUnpaidDate) : T.nothingUnpaid}</Cell>
            <Cell>{loan.overdueDays}</Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
