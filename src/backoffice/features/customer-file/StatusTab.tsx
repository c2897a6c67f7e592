import { useState } from 'react';
import {
  CustomerStatusGet,
  CustomerStatusPost,
  StaffCustomerGet,
  type StaffCustomer,
} from '../../../shared/api/customer-staff.ts';
import type { CallResponse } from '../../../shared/api/define.ts';
import { call } from '../../lib/backoffice-session.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { PagedList } from '../../lib/PagedList.tsx';
import { CUSTOMER_STATUS_LABELS } from '../../lib/status-labels.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useMayCall } from '../../lib/use-may-call.ts';
import { StatusActions } from './StatusActions.tsx';
import { StatusChangesTable } from './StatusChanges.tsx';
import { CUSTOMER_TEXTS } from './texts.ts';
import { useReloadablePagedRead } from './use-reload.ts';

const T = CUSTOMER_TEXTS.status;
type StatusPage = CallResponse<typeof CustomerStatusGet>;

/**
 * 'Estado': the customer's status and its changes (`CustomerStatusGet`), newest first, paged with `?pagina=`; for the
 * roles that may write, the status writes (the page's record gives the sub-status and the blacklist), after each of
 * which the history and the record (`StaffCustomerGet`) are read again.
 */
export function StatusTab({ customer }: { customer: StaffCustomer }) {
  const customerId = customer.id;
  const mayWrite = useMayCall(CustomerStatusPost);
  const history = useReloadablePagedRead(customerId, (query) =>
    call(CustomerStatusGet, { params: { customerId }, query }),
  );
  // The page's record until a write here: then read again, the values before it shown meanwhile.
  const [writes, setWrites] = useState(0);
  const reread = useLoad(writes === 0 ? null : `${customerId}#${writes}`, () =>
    call(StaffCustomerGet, { params: { customerId } }),
  );
  const [latest, setLatest] = useState(customer);
  if (reread.status === 'done' && reread.data !== latest) setLatest(reread.data);
  const reload = () => {
    history.reload();
    setWrites((count) => count + 1);
  };
  return (
    <Loaded load={history.load} loading={T.loading}>
      {(data) => (
        <>
          <StatusHistory data={data} onPage={history.onPage} />
          {mayWrite && (
            <StatusActions
              customer={latest}
              status={data.status}
              changes={data.page === 1 ? data.items : []}
              onDone={reload}
            />
          )}
        </>
      )}
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
