import { CustomerAuditGet } from '../../../shared/api/audit.ts';
import { AuditTable } from '../../lib/AuditTable.tsx';
import { call } from '../../lib/backoffice-session.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { CUSTOMER_TEXTS } from './texts.ts';
import { usePagedRead } from './use-paged-read.ts';

const T = CUSTOMER_TEXTS.history;

/** 'Historial': the customer's audit records (`CustomerAuditGet`), newest first, paged with `?pagina=`. */
export function HistoryTab({ customerId }: { customerId: number }) {
  const { load, onPage } = usePagedRead(customerId, (query) =>
    call(CustomerAuditGet, { params: { customerId }, query }),
  );

  return (
    <Loaded load={load} loading={T.loading}>
      {(data) => <AuditTable data={data} onPage={onPage} label={T.tableLabel} empty={T.empty} paging={T.paging} />}
    </Loaded>
  );
}
