import { useId, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import {
  ProposalApprovePost,
  ProposalCancelPost,
  ProposalRejectPost,
  ProposalsGet,
  proposalStatuses,
  type Proposal,
  type ProposalStatus,
} from '../../../shared/api/approvals.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE } from '../../../shared/api/paging.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ActionButton } from '../../lib/ActionButton.tsx';
import { call } from '../../lib/backoffice-session.ts';
import { formatStaffDateTime } from '../../lib/format.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { PAYMENT_SOURCE_LABELS } from '../../lib/status-labels.ts';
import { PagedList } from '../../lib/PagedList.tsx';
import { customerPath, PAGE_PARAM, pageFromUrl, PATHS } from '../../lib/paths.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useMayCall, useStaffId } from '../../lib/use-may-call.ts';
import { PROPOSAL_TEXTS as T } from './texts.ts';

/** The URL's filter (`?estado=`): a status, or `todas`; the pending ones when absent, so they come first. */
export const STATUS_PARAM = 'estado';
const ALL = 'todas';
type Filter = ProposalStatus | typeof ALL;
const filterOf = (value: string | null): Filter =>
  value === ALL || (proposalStatuses as readonly string[]).includes(value ?? '') ? (value as Filter) : 'pending';

/**
 * `/propuestas`: the maker-checker inbox (docs/backoffice.md §4 and §8, `ProposalsGet`): limit changes and payments'
 * annulments, chargebacks and restorations, each said in its own words; the pending proposals first (the
 * filter's default), newest first, paged. Another administrator's pending proposal may be approved or rejected
 * with a note; one's own only withdrawn. After each decision the list is read again.
 */
export function ProposalsPage() {
  const filterId = useId();
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get(STATUS_PARAM));
  const page = pageFromUrl(params.get(PAGE_PARAM), MAX_PAGE);
  const [version, setVersion] = useState(0);
  const mayRead = useMayCall(ProposalsGet);
  const load = useLoad(mayRead ? JSON.stringify([filter, page, version]) : null, () =>
    call(ProposalsGet, {
      query: { ...(filter === ALL ? {} : { status: filter }), page, pageSize: DEFAULT_PAGE_SIZE },
    }),
  );
  const reload = () => setVersion((count) => count + 1);
  // Only administrators have the inbox; anyone else goes to the search, as the menu shows them no link here.
  if (!mayRead) return <Navigate to={PATHS.customers} replace />;
  return (
    <>
      <h1>{T.heading}</h1>
      <div className="bo-field bo-filter">
        <label htmlFor={filterId}>{T.filter}</label>
        <select id={filterId} value={filter} onChange={(event) => setParams({ [STATUS_PARAM]: event.target.value })}>
          {proposalStatuses.map((status) => (
            <option key={status} value={status}>
              {T.statuses[status]}
            </option>
          ))}
          <option value={ALL}>{T.all}</option>
        </select>
      </div>
      <Loaded load={load} loading={T.loading}>
        {(data) => (
          <PagedList
            data={data}
            empty={T.empty}
            paging={T.paging}
            onPage={(next) => setParams({ [STATUS_PARAM]: filter, [PAGE_PARAM]: String(next) })}
          >
            <ProposalTable proposals={data.items} onDone={reload} />
          </PagedList>
        )}
      </Loaded>
    </>
  );
}

/** What the proposal changes, by kind: the limits from and to, or the payment it takes back or puts back. */
function changeText(proposal: Proposal): string {
  if (proposal.kind === 'creditLimitChange') {
    const { current, proposed } = proposal;
    return T.change(
      formatMoney(current.limit),
      formatMoney(proposed.limit),
      formatMoney(current.miniLimit),
      formatMoney(proposed.miniLimit),
    );
  }
  const { payment } = proposal;
  return T.paymentChange[proposal.kind](
    payment.id,
    formatMoney(payment.amount),
    PAYMENT_SOURCE_LABELS[payment.source].toLowerCase(),
    payment.loanId,
  );
}

/** Where the proposal's subject is in the customer's file: the limits, or the loan's payments. */
const fileTab = (proposal: Proposal) => (proposal.kind === 'creditLimitChange' ? 'limite' : 'prestamos');

function ProposalTable({ proposals, onDone }: { proposals: Proposal[]; onDone: () => void }) {
  const C = T.columns;
  return (
    <table className="bo-table" aria-label={T.tableLabel}>
      <thead>
        <tr>
          <th scope="col">{C.id}</th>
          <th scope="col">{C.customer}</th>
          <th scope="col">{C.change}</th>
          <th scope="col">{C.reason}</th>
          <th scope="col">{C.proposedBy}</th>
          <th scope="col">{C.status}</th>
          <th scope="col">{C.actions}</th>
        </tr>
      </thead>
      <tbody>
        {proposals.map((proposal) => (
          <tr key={proposal.id}>
            <th scope="row">{proposal.id}</th>
            <td>
              <Link to={customerPath(proposal.customerId, fileTab(proposal))}>{proposal.customerName}</Link>
            </td>
            <td>{changeText(proposal)}</td>
            <td>{proposal.reason}</td>
            <td>
              {proposal.proposedBy.fullName}
              <br />
              {formatStaffDateTime(proposal.proposedAt)}
            </td>
            <td>
              <StatusCell proposal={proposal} />
            </td>
            <td>
              <Decisions proposal={proposal} onDone={onDone} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function StatusCell({ proposal }: { proposal: Proposal }) {
  return (
    <>
      {T.statuses[proposal.status]}
      {proposal.decidedAt !== null && (
        <>
          <br />
          {T.decided(
            proposal.decidedBy?.fullName ?? proposal.proposedBy.fullName,
            formatStaffDateTime(proposal.decidedAt),
          )}
        </>
      )}
      {proposal.decisionNote !== null && (
        <>
          <br />
          {T.note(proposal.decisionNote)}
        </>
      )}
    </>
  );
}

/**
 * A pending proposal's actions: 'Aprobar' and 'Rechazar' for another administrator, 'Retirar' for its proposer
 * (the server refuses the proposer's approval anyway, `OwnProposal`, and shows in the dialog).
 */
function Decisions({ proposal, onDone }: { proposal: Proposal; onDone: () => void }) {
  const me = useStaffId();
  const mayApprove = useMayCall(ProposalApprovePost);
  const mayReject = useMayCall(ProposalRejectPost);
  const mayCancel = useMayCall(ProposalCancelPost);
  if (proposal.status !== 'pending') return null;
  const params = { proposalId: proposal.id };
  const summary = <p>{T.summary(proposal.customerName, changeText(proposal))}</p>;
  if (proposal.proposedBy.id === me)
    return (
      <div className="bo-actions">
        <span>{T.own}</span>
        {mayCancel && (
          <ActionButton
            label={T.cancel}
            title={T.cancelTitle(proposal.id)}
            confirmLabel={T.cancelConfirm}
            reason="optional"
            onConfirm={async (note) => {
              await call(ProposalCancelPost, { params, body: note === null ? {} : { note } });
              onDone();
            }}
          >
            {summary}
          </ActionButton>
        )}
      </div>
    );
  return (
    <div className="bo-actions">
      {mayApprove && (
        <ActionButton
          label={T.approve}
          title={T.approveTitle(proposal.id)}
          confirmLabel={T.approve}
          reason="required"
          onConfirm={async (note) => {
            await call(ProposalApprovePost, { params, body: { note: note ?? '' } });
            onDone();
          }}
        >
          {summary}
        </ActionButton>
      )}
      {mayReject && (
        <ActionButton
          label={T.reject}
          title={T.rejectTitle(proposal.id)}
          confirmLabel={T.reject}
          reason="required"
          tone="danger"
          onConfirm={async (note) => {
            await call(ProposalRejectPost, { params, body: { note: note ?? '' } });
            onDone();
          }}
        >
          {summary}
        </ActionButton>
      )}
    </div>
  );
}
