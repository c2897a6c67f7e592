import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { ComplaintGet, ComplaintHistoryGet, type Complaint } from '../../../shared/api/complaint.ts';
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

/** `/reclamaciones/:complaintId`: the case (`ComplaintGet`), its deadline, its status changes and what may be done. */
export function ComplaintPage() {
  const id = Number(useParams().complaintId);
  const valid = Number.isSafeInteger(id) && id > 0;
  // The case as the last write answered it, shown while the page reads it again.
  const [written, setWritten] = useState<Complaint | null>(null);
  const [writes, setWrites] = useState(0);
  const read = useLoad(valid ? `case:${id}:${writes}` : null, () =>
    call(ComplaintGet, { params: { complaintId: id } }),
  );
  const history = useLoad(valid ? `history:${id}:${writes}` : null, () =>
    call(ComplaintHistoryGet, { params: { complaintId: id } }),
  );
  const load = read.status === 'loading' && written?.id === id ? ({ status: 'done', data: written } as const) : read;

  const changed = (next: Complaint) => {
    setWritten(next);
    setWrites((count) => count + 1);
  };

  if (!valid) return <Navigate to={PATHS.complaints} replace />;
  return (
    <>
      <p>
        <Link to={PATHS.complaints}>{T.back}</Link>
      </p>
      <h1>{T.title(id)}</h1>
      <Loaded load={load} loading={T.loading}>
        {(complaint) => <CaseBody complaint={complaint} onChanged={changed} />}
      </Loaded>
      {load.status !== 'failed' && (
        <section aria-labelledby="complaint-history">
          <h2 id="complaint-history">{COMPLAINT_TEXTS.history.title}</h2>
          <Loaded load={history} loading={COMPLAINT_TEXTS.history.loading}>
            {(entries) => <ComplaintHistory entries={entries} />}
          </Loaded>
        </section>
      )}
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
