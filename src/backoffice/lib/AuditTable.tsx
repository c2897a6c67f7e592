import { Link } from 'react-router';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components/Table';
import type { z } from 'zod';
import type { auditPageSchema, AuditRecord } from '../../shared/api/audit.ts';
import { formatStaffDateTime } from './format.ts';
import { PagedList } from './PagedList.tsx';
import { customerPath } from './paths.ts';
import { AUDIT_TEXTS as T } from './texts.ts';

type AuditPage = z.infer<typeof auditPageSchema>;

const json = (value: AuditRecord['before']): string => (value === null ? T.none : JSON.stringify(value));

export interface AuditTableProps {
  data: AuditPage;
  onPage: (page: number) => void;
  label: string;
  empty: string;
  paging: string;
  /** The whole trail shows whose record it is (customer, entity); a customer's own history does not need it. */
  showEntity?: boolean;
}

/** Audit records, newest first: when, who (and as what role), the call, the entity, the reason, before → after. */
export function AuditTable({ data, onPage, label, empty, paging, showEntity = false }: AuditTableProps) {
  return (
    <PagedList data={data} empty={empty} paging={paging} onPage={onPage}>
      <Table aria-label={label} className="bo-table">
        <TableHeader>
          <Column isRowHeader>{T.columns.at}</Column>
          <Column>{T.columns.staff}</Column>
          <Column>{T.columns.call}</Column>
          {showEntity ? <Column>{T.columns.entity}</Column> : null}
          <Column>{T.columns.reason}</Column>
          <Column>{T.columns.change}</Column>
        </TableHeader>
        <TableBody items={data.items}>
          {(record) => (
            <Row id={record.id}>
              <Cell>{formatStaffDateTime(record.at)}</Cell>
              <Cell>{record.staffName ?? T.system}</Cell>
              <Cell>{record.callName}</Cell>
              {showEntity ? (
                <Cell>
                  {`${record.entityType} ${record.entityId}`}
                  {record.customerId !== null && (
                    <>
                      {' · '}
                      <Link to={customerPath(record.customerId)}>{T.customer(record.customerId)}</Link>
                    </>
                  )}
                </Cell>
              ) : null}
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
