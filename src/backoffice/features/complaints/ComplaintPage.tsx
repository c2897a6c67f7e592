import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ComplaintHistoryGet, ComplaintsGet, type Complaint } from '../../../shared/api/complaint.ts';
import { StaffApiError } from '../../lib/api-error.ts';
import { call } from '../../lib/backoffice-session.ts';
import { formatStaffDateTime } from '../../lib/format.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { customerPath, PATHS } from '../../lib/paths.ts';
import { RecordList } from '../../lib/RecordList.tsx';
import { useLoad } from '../../lib/use-load.ts';
import { useStaffSession } from '../../lib/use-staff-session.ts';
import { ComplaintActions } from './ComplaintActions.tsx';
import { ComplaintHistory } from './ComplaintHistory.tsx';
import { DeadlineText } from './DeadlineText.tsx';
import {
  COMPLAINT_CATEGORY_LABELS,
  COMPLAINT_CHANNEL_LABELS,
  COMPLAINT_RESOLUTION_LABELS,
  COMPLAINT_STATUS_LABELS,
  COMPLAINT_TEXTS,
} from './texts.ts';

const T = COMPLAINT_TEXTS.case;
/** The pages of 100 read to find a case opened by its address (the contract has no call for one case). */
const MAX_SCAN_PAGES = 20;

/** What the list leaves in the router state of the case it links to. */
interface CaseState {
  complaint: Complaint;
}
const caseOf = (state: unknown, id: number): Complaint | null => {
  const complaint = (state as Partial<CaseState> | null)?.complaint;
  return complaint && complaint.id === id ? complaint : null;
};

/**
 * The case opened by its address: the contract lists complaints but reads none alone, so the list is read by its
 * order until the case appears; a case that is not there is the server's 'No hemos encontrado esa reclamación.'.
 */
async function findComplaint(id: number): Promise<Complaint> {
  for (let page = 1; page <= MAX_SCAN_PAGES; page += 1) {
    const data = await call(ComplaintsGet, { query: { sort: 'dueOn', page, pageSize: 100 } });
    const found = data.items.find((item) => item.id === id);
    if (found) return found;
    if (page * data.pageSize >= data.total) break;
  }
  throw new StaffApiError({
    kind: 'business',
    callName: ComplaintsGet.name,
    status: 404,
    code: 'StaffComplaintNotFound',
    message: 'No hemos encontrado esa reclamación.',
  });
}

/** `/reclamaciones/:complaintId`: the case, its deadline, its status changes and what may be done to it. */
export function ComplaintPage() {
  const id = Number(useParams().complaintId);
  const { state } = useLocation();
  const given = Number.isSafeInteger(id) && id > 0 ? caseOf(state, id) : null;
  // The case as the last write answered it, replacing what the list gave.
  const [written, setWritten] = useState<Complaint | null>(null);
  const [writes, setWrites] = useState(0);
  const known = written?.id === id ? written : given;
  const found = useLoad(Number.isSafeInteger(id) && id > 0 && !known ? `case:${id}` : null, () => findComplaint(id));
  const history = useLoad(`history:${id}:${writes}`, () => call(ComplaintHistoryGet, { params: { complaintId: id } }));
  const load = known ? ({ status: 'done', data: known } as const) : found;

  const changed = (next: Complaint) => {
    setWritten(next);
    setWrites((count) => count + 1);
  };

  return (
    <>
      <p>
        <Link to={PATHS.complaints}>{T.back}</Link>
      </p>
      <h1>{T.title(id)}</h1>
      <Loaded load={load} loading={T.loading}>
        {(complaint) => <CaseBody complaint={complaint} onChanged={changed} />}
      </Loaded>
      <section aria-labelledby="complaint-history">
        <h2 id="complaint-history">{COMPLAINT_TEXTS.history.title}</h2>
        <Loaded load={history} loading={COMPLAINT_TEXTS.history.loading}>
          {(entries) => <ComplaintHistory entries={entries} />}
        </Loaded>
      </section>
    </>
  );
}

function CaseBody({ complaint, onChanged }: { complaint: Complaint; onChanged: (complaint: Complaint) => void }) {
  const { session } = useStaffSession();
  const rows: [string, string][] = [
    [T.status, COMPLAINT_STATUS_LABELS[complaint.status]],
    [T.channel, COMPLAINT_CHANNEL_LABELS[complaint.channel]],
    [T.category, COMPLAINT_CATEGORY_LABELS[complaint.category]],
    [T.loan, complaint.loanId === null ? T.noLoan : String(complaint.loanId)],
    [T.receivedAt, formatStaffDateTime(complaint.receivedAt)],
    [T.assignee, complaint.assignedStaff?.fullName ?? T.unassigned],
    [T.createdBy, complaint.createdBy.fullName],
  ];
  if (complaint.resolution) rows.push([T.resolution, COMPLAINT_RESOLUTION_LABELS[complaint.resolution]]);
  if (complaint.answeredAt) rows.push([T.answeredAt, formatStaffDateTime(complaint.answeredAt)]);
  if (complaint.voidedAt) rows.push([T.voidedAt, formatStaffDateTime(complaint.voidedAt)]);
  if (complaint.voidReason) rows.push([T.voidReason, complaint.voidReason]);
  return (
    <>
      <p className="bo-lead">
        {complaint.subject} · {T.customer}:{' '}
        <Link to={customerPath(complaint.customerId)}>{complaint.customerName}</Link>
      </p>
      <p>
        <DeadlineText complaint={complaint} />
      </p>
      <section aria-labelledby="complaint-details">
        <h2 id="complaint-details">{T.details}</h2>
        <RecordList rows={rows} />
        <h3>{T.description}</h3>
        <p className="bo-prewrap">{complaint.description}</p>
        {complaint.answerText && (
          <>
            <h3>{T.answerText}</h3>
            <p className="bo-prewrap">{complaint.answerText}</p>
          </>
        )}
      </section>
      <section aria-labelledby="complaint-actions">
        <h2 id="complaint-actions">{T.actions}</h2>
        {session && <ComplaintActions complaint={complaint} role={session.staff.role} onChanged={onChanged} />}
      </section>
    </>
  );
}
