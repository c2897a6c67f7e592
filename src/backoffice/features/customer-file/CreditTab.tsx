import type { ReactNode } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components/Table';
import type { CallResponse } from '../../../shared/api/define.ts';
import { StaffCreditLimitGet } from '../../../shared/api/loan-staff.ts';
import { formatMoney } from '../../../shared/money.ts';
import { call } from '../../lib/backoffice-session.ts';
import { formatStaffDateTime } from '../../lib/format.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { PagedList } from '../../lib/PagedList.tsx';
import { RecordList } from '../../lib/RecordList.tsx';
import { labelOr } from '../../lib/status-labels.ts';
import { LimitProposal } from './LimitProposal.tsx';
import { CUSTOMER_TEXTS } from './texts.ts';
import { usePagedRead } from './use-paged-read.ts';

const T = CUSTOMER_TEXTS.credit;
type CreditPage = CallResponse<typeof StaffCreditLimitGet>;

/**
 * 'Límite': the limits now, what is available of each, and the decisions that set them (`StaffCreditLimitGet`); for
 * administrators, the pending proposal or 'Proponer cambio de límite' (`LimitProposal`).
 */
export function CreditTab({ customerId }: { customerId: number }) {
  const { load, onPage } = usePagedRead(customerId, (query) =>
    call(StaffCreditLimitGet, { params: { customerId }, query }),
  );
  return (
    <Loaded load={load} loading={T.loading}>
      {(data) => (
        <CreditDecisions data={data} onPage={onPage}>
          <LimitProposal customerId={customerId} limits={{ limit: data.creditLimit, miniLimit: data.miniLimit }} />
        </CreditDecisions>
      )}
    </Loaded>
  );
}

function CreditDecisions({
  data,
  onPage,
  children,
}: {
  data: CreditPage;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  const limits: [string, string][] = [
    [T.limit, formatMoney(data.creditLimit)],
    [T.available, formatMoney(data.availableLimit)],
    [T.miniLimit, formatMoney(data.miniLimit)],
    [T.miniAvailable, formatMoney(data.miniAvailableLimit)],
  ];
  return (
    <>
      <RecordList rows={limits} />
      {children}
      <PagedList data={data} empty={T.empty} paging={T.paging} onPage={onPage}>
        <Table aria-label={T.tableLabel} className="bo-table">
          <TableHeader>
            <Column isRowHeader>{T.columns.at}</Column>
            <Column>{T.columns.trigger}</Column>
            <Column>{T.columns.outcome}</Column>
            <Column>{T.columns.limit}</Column>
            <Column>{T.columns.miniLimit}</Column>
            <Column>{T.columns.failed}</Column>
          </TableHeader>
          <TableBody items={data.items}>
            {(decision) => (
              <Row id={decision.id}>
                <Cell>{formatStaffDateTime(decision.at)}</Cell>
                <Cell>{labelOr(T.triggers, decision.trigger)}</Cell>
                <Cell>{T.outcomes[decision.outcome]}</Cell>
                <Cell>{formatMoney(decision.limit)}</Cell>
                <Cell>{formatMoney(decision.miniLimit)}</Cell>
                <Cell>{failedRules(decision.reasons)}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      </PagedList>
    </>
  );
}

/**
 * The rules a decision failed, in Spanish (the recorded `detail` is the engine's own note, for engineers); '—' when it
 * passed them all. A rule this screen does not know yet shows by its name.
 */
function failedRules(reasons: CreditPage['items'][number]['reasons']): string {
  const failed = reasons.filter((reason) => !reason.passed).map((reason) => labelOr(T.failedRules, reason.rule));
  return failed.length === 0 ? T.none : failed.join('; ');
}
