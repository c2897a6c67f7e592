import { Link, Navigate, useSearchParams } from 'react-router';
import { ImpedimentStatusPost, ImpedimentsGet, type StaffImpediment } from '../../../shared/api/impediment-staff.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE } from '../../../shared/api/paging.ts';
import { IMPEDIMENT_MOVES, impedimentStatuses, type ImpedimentStatus } from '../../../shared/payment-statuses.ts';
import { ActionButton } from '../../lib/ActionButton.tsx';
import { call } from '../../lib/backoffice-session.ts';
import { formatCount, formatStaffDateTime } from '../../lib/format.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { Notice } from '../../lib/Notice.tsx';
import { PagedList } from '../../lib/PagedList.tsx';
import { customerPath, PAGE_PARAM, pageFromUrl, PATHS } from '../../lib/paths.ts';
import { SelectField } from '../../lib/SelectField.tsx';
import { IMPEDIMENT_REASON_LABELS, IMPEDIMENT_STATUS_LABELS } from '../../lib/status-labels.ts';
import { useMayCall } from '../../lib/use-may-call.ts';
import { useNoticedLoad } from '../../lib/use-noticed-load.ts';
import { IMPEDIMENT_TEXTS as T } from './texts.ts';

/**
 * `/impedimentos` (agents and administrators; docs/rules/payments.md "Impediments"): the customers' impediments
 * (`ImpedimentsGet`), oldest first, open ones by default, paged on the server; each with its customer's file and the
 * moves its status allows ('Tomar', 'Resolver', 'Rechazar', `ImpedimentStatusPost`) with the note, after which the
 * page is read again.
 */

const STATUS_PARAM = 'estado';
const statusOf = (value: string | null): ImpedimentStatus | '' =>
  value === 'todos' ? '' : (impedimentStatuses.find((status) => status === value) ?? 'open');

export function ImpedimentsPage() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get(STATUS_PARAM));
  const page = pageFromUrl(params.get(PAGE_PARAM), MAX_PAGE);
  const mayRead = useMayCall(ImpedimentsGet);
  const { load, notice, done } = useNoticedLoad(mayRead ? `${status}:${page}` : null, () =>
    call(ImpedimentsGet, { query: { ...(status ? { status } : {}), page, pageSize: DEFAULT_PAGE_SIZE } }),
  );
  if (!mayRead) return <Navigate to={PATHS.customers} replace />;

  const go = (next: ImpedimentStatus | '', nextPage: number) =>
    setParams({
      ...(next === 'open' ? {} : { [STATUS_PARAM]: next === '' ? 'todos' : next }),
      ...(nextPage > 1 ? { [PAGE_PARAM]: String(nextPage) } : {}),
    });

  return (
    <>
      <h1>{T.heading}</h1>
      <p>{T.intro}</p>
      <Notice text={notice} />
      <form className="bo-filters" aria-label={T.filters} onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label={T.status}
          name={STATUS_PARAM}
          value={status}
          emptyLabel={T.all}
          options={impedimentStatuses.map((one) => [one, IMPEDIMENT_STATUS_LABELS[one]] as const)}
          onChange={(next) => go(next === '' ? '' : statusOf(next), 1)}
        />
      </form>
      <Loaded load={load} loading={T.loading}>
        {(data) => (
          <section aria-label={T.tableLabel}>
            {data.total > 0 && <p role="status">{T.count(formatCount(data.total), data.total === 1)}</p>}
            <PagedList data={data} empty={T.empty} paging={T.paging} onPage={(next) => go(status, next)}>
              <ImpedimentsTable impediments={data.items} onMoved={done} />
            </PagedList>
          </section>
        )}
      </Loaded>
    </>
  );
}

function ImpedimentsTable({
  impediments,
  onMoved,
}: {
  impediments: StaffImpediment[];
  onMoved: (notice: string) => void;
}) {
  const C = T.columns;
  return (
    <table className="bo-table" aria-label={T.tableLabel}>
      <thead>
        <tr>
          <th scope="col">{C.createdAt}</th>
          <th scope="col">{C.customer}</th>
          <th scope="col">{C.loan}</th>
          <th scope="col">{C.reason}</th>
          <th scope="col">{C.status}</th>
          <th scope="col">{C.handled}</th>
          <th scope="col">{C.actions}</th>
        </tr>
      </thead>
      <tbody>
        {impediments.map((impediment) => (
          <tr key={impediment.id}>
            <th scope="row">{formatStaffDateTime(impediment.createdAt)}</th>
            <td>
              <Link to={customerPath(impediment.customerId)}>{impediment.customerName}</Link>
            </td>
            <td>
              <Link to={customerPath(impediment.customerId, 'prestamos')}>{T.loanNumber(impediment.loanId)}</Link>
            </td>
            <td>
              {IMPEDIMENT_REASON_LABELS[impediment.reason]}
              {impediment.comment && <> · «{impediment.comment}»</>}
            </td>
            <td>{IMPEDIMENT_STATUS_LABELS[impediment.status]}</td>
            <td>
              {impediment.handledBy && impediment.handledAt && impediment.note
                ? T.handled(impediment.handledBy.fullName, formatStaffDateTime(impediment.handledAt), impediment.note)
                : T.nobody}
            </td>
            <td>
              <div className="bo-row-actions">
                {IMPEDIMENT_MOVES[impediment.status].map((to) => (
                  <MoveButton key={to} impediment={impediment} to={to} onMoved={onMoved} />
                ))}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MoveButton({
  impediment,
  to,
  onMoved,
}: {
  impediment: StaffImpediment;
  to: ImpedimentStatus;
  onMoved: (notice: string) => void;
}) {
  const may = useMayCall(ImpedimentStatusPost);
  if (!may) return null;
  return (
    <ActionButton
      label={T.moves[to]}
      title={T.moveTitle[to](impediment.customerName)}
      confirmLabel={T.moves[to]}
      reason="required"
      tone={to === 'rejected' ? 'danger' : 'default'}
      onConfirm={async (reason) => {
        const moved = await call(ImpedimentStatusPost, {
          params: { impedimentId: impediment.id },
          body: { status: to, reason: reason ?? '' },
        });
        onMoved(T.moved(impediment.customerName, IMPEDIMENT_STATUS_LABELS[moved.status]));
      }}
    >
      {T.moveExplained[to] && <p>{T.moveExplained[to]}</p>}
    </ActionButton>
  );
}
