import { CustomerStatusGet } from '../../../shared/api/customer-staff.ts';
import type { CallResponse } from '../../../shared/api/define.ts';
import { call } from '../../lib/backoffice-session.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { PagedList } from '../../lib/PagedList.tsx';
import { CUSTOMER_STATUS_LABELS } from '../../lib/status-labels.ts';
import { StatusChangesTable } from './StatusChanges.tsx';
import { CUSTOMER_TEXTS } from './texts.ts';
import { usePagedRead } from './use-paged-read.ts';

const T = CUSTOMER_TEXTS.status;
type StatusPage = CallResponse<typeof CustomerStatusGet>;

/** 'Estado': the customer's status and its changes (`CustomerStatusGet`), newest first, paged with `?pagina=`. */
export function StatusTab({ customerId }: { customerId: number }) {
  const { load, onPage } = usePagedRead(customerId, (query) =>
    call(CustomerStatusGet, { params: { customerId }, query }),
  );
  return (
    <Loaded load={load} loading={T.loading}>
      {(data) => <StatusHistory data={data} onPage={onPage} />}
    </Loaded>
  );
}

function StatusHistory({ data, onPage }: { data: StatusPage; onPage: (page: number) => void }) {
  const { items } = data;
  return (
    <>
      <p className="bo-lead">
        {T.current} <strong>{CUSTOMER_STATUS_LABELS[data.status]}</strong>
      </p>
      <PagedList data={data} empty={T.empty} paging={T.paging} onPage={onPage}>
        <StatusChangesTable label={T.tableLabel} changes={items} labels={CUSTOMER_STATUS_LABELS} />
      </PagedList>
    </>
  );
}
