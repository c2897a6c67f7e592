import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components/Table';
import { CustomerAuditGet, type AuditRecord } from '../../../shared/api/audit.ts';
import type { CallResponse } from '../../../shared/api/define.ts';
import { call } from '../../lib/backoffice-session.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { formatStaffDateTime } from '../../lib/format.ts';
import { PagedList } from '../../lib/PagedList.tsx';
import { CUSTOMER_TEXTS } from './texts.ts';
import { usePagedRead } from './use-paged-read.ts';

const T = CUSTOMER_TEXTS.history;

type AuditPage = CallResponse<typeof CustomerAuditGet>;

const json = (value: AuditRecord['before']): string => (value === null ? T.none : JSON.stringify(value));

/** 'Historial': the customer's audit records (`CustomerAuditGet`), newest first, paged with `?pagina=`. */
export function HistoryTab({ customerId }: { customerId: number }) {
  const { load, onPage } = usePagedRead(customerId, (query) =>
    call(CustomerAuditGet, { params: { customerId }, query }),
  );

  return (
    <Loaded load={load} loading={T.loading}>
      {(data) => <AuditTable data={data} onPage={onPage} />}
    </Loaded>
  );
}

function AuditTable({ data, onPage }: { data: AuditPage; onPage: (page: number) => void }) {
  const { items } = data;
  return (
    <PagedList data={data} empty={T.empty} paging={T.paging} onPage={onPage}>
      <Table aria-label={T.tableLabel} className="bo-table">
        <TableHeader>
          <Column isRowHeader>{T.columns.at}</Column>
          <Column>{T.columns.staff}</Column>
          <Column>{T.columns.call}</Column>
          <Column>{T.columns.reason}</Column>
          <Column>{T.columns.change}</Column>
        </TableHeader>
        <TableBody items={items}>
          {(record) => (
            <Row id={record.id}>
              <Cell>{formatStaffDateTime(record.at)}</Cell>
              <Cell>{record.staffName ?? T.system}</Cell>
              <Cell>{record.callName}</Cell>
              <Cell>{record.reason ?? T.none}</Cell>
              <Cell>
                <code className="bo-json">{`${json(record.before)} → ${json(record.after)}`}</code>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </PagedList>
  );
}
