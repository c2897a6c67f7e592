import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components/Table';
import { Link, Navigate, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, MAX_PAGE } from '../../../shared/api/paging.ts';
import { StatementLinesGet, statementLineStatuses, type StatementLine } from '../../../shared/api/payment-staff.ts';
import { formatDate } from '../../../shared/dates.ts';
import { formatMoney } from '../../../shared/money.ts';
import { call } from '../../lib/backoffice-session.ts';
import { formatCount, formatStaffDateTime } from '../../lib/format.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { PagedList } from '../../lib/PagedList.tsx';
import { customerPath, PAGE_PARAM, pageFromUrl, PATHS } from '../../lib/paths.ts';
import { SelectField } from '../../lib/SelectField.tsx';
import { useLoad } from '../../lib/use-load.ts';
import { useMayCall } from '../../lib/use-may-call.ts';
import { RECONCILIATION_TEXTS as T } from './texts.ts';

type Status = (typeof statementLineStatuses)[number];

/** The list shown, as the URL keeps it (`/conciliacion?estado=matched&pagina=2`); pending lines by default. */
const STATUS_PARAM = 'estado';
const statusOf = (value: string | null): Status =>
  statementLineStatuses.find((status) => status === value) ?? 'unmatched';

/** The search page for a payer's name (the customer search finds names word by word). */
const searchFor = (name: string) => `${PATHS.customers}?q=${encodeURIComponent(name)}`;

/**
 * `/conciliacion` (agents and administrators; docs/backoffice.md §8 P1): the lines of the bank statement
 * (`StatementLinesGet`), oldest first, paged on the server. A pending line offers the search for its payer; the
 * match itself is made from the customer's file ('Préstamos' → 'Asignar una transferencia'), where the loan and its
 * instalment are in view. An assigned line says to which loan, by whom and when.
 */
export function ReconciliationPage() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get(STATUS_PARAM));
  const page = pageFromUrl(params.get(PAGE_PARAM), MAX_PAGE);
  const mayRead = useMayCall(StatementLinesGet);
  const lines = useLoad(mayRead ? `${status}:${page}` : null, () =>
    call(StatementLinesGet, { query: { status, page, pageSize: DEFAULT_PAGE_SIZE } }),
  );
  if (!mayRead) return <Navigate to={PATHS.customers} replace />;

  const go = (nextStatus: Status, nextPage: number) =>
    setParams({
      ...(nextStatus === 'unmatched' ? {} : { [STATUS_PARAM]: nextStatus }),
      ...(nextPage > 1 ? { [PAGE_PARAM]: String(nextPage) } : {}),
    });

  return (
    <>
      <h1>{T.heading}</h1>
      <p>{T.intro}</p>
      <form className="bo-filters" aria-label={T.filters} onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label={T.status}
          name={STATUS_PARAM}
          value={status}
          options={statementLineStatuses.map((one) => [one, T.statuses[one]] as const)}
          onChange={(next) => go(statusOf(next), 1)}
        />
      </form>
      <Loaded load={lines} loading={T.loading}>
        {(data) => (
          <section aria-label={T.tableLabel}>
            {data.total > 0 && <p role="status">{T.count(formatCount(data.total), data.total === 1)}</p>}
            <PagedList data={data} empty={T.empty[status]} paging={T.paging} onPage={(next) => go(status, next)}>
              <LinesTable lines={data.items} status={status} />
            </PagedList>
          </section>
        )}
      </Loaded>
    </>
  );
}

type ColumnId = 'receivedOn' | 'amount' | 'description' | 'payer' | 'action' | 'assigned' | 'by';
const COLUMNS: Record<Status, readonly ColumnId[]> = {
  unmatched: ['receivedOn', 'amount', 'description', 'payer', 'action'],
  matched: ['receivedOn', 'amount', 'description', 'payer', 'assigned', 'by'],
};

function cellOf(line: StatementLine, column: ColumnId) {
  switch (column) {
    case 'receivedOn':
      return formatDate(line.receivedOn);
    case 'amount':
      return formatMoney(line.amount);
    case 'description':
      return line.description;
    case 'payer':
      return line.payerName ?? T.noPayer;
    case 'action': {
      const who = line.payerName ?? line.description;
      return <Link to={searchFor(who)}>{T.searchPayer(who)}</Link>;
    }
    case 'assigned':
      return line.match ? (
        <Link to={customerPath(line.match.customerId, 'prestamos')}>{T.assignedTo(line.match.loanId)}</Link>
      ) : null;
    case 'by':
      return line.match
        ? `${line.match.matchedBy?.fullName ?? T.byReconciliation} · ${formatStaffDateTime(line.match.matchedAt)}`
        : null;
  }
}

function LinesTable({ lines, status }: { lines: StatementLine[]; status: Status }) {
  const columns = COLUMNS[status].map((id) => ({ id }));
  return (
    <Table aria-label={T.tableLabel} className="bo-table">
      <TableHeader columns={columns}>
        {(column) => <Column isRowHeader={column.id === 'receivedOn'}>{T.columns[column.id]}</Column>}
      </TableHeader>
      <TableBody items={lines}>
        {(line) => (
          <Row id={line.id} columns={columns}>
            {(column) => <Cell>{cellOf(line, column.id)}</Cell>}
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
