import type { ComplaintStatusHistoryEntry } from '../../../shared/api/complaint.ts';
import { formatStaffDateTime } from '../../lib/format.ts';
import { changedByLabel } from '../../lib/status-labels.ts';
import { COMPLAINT_STATUS_LABELS, COMPLAINT_TEXTS } from './texts.ts';

const T = COMPLAINT_TEXTS.history;

/** The case's status changes, newest first (`ComplaintHistoryGet`): when, from, to, who in words, why. */
export function ComplaintHistory({ entries }: { entries: readonly ComplaintStatusHistoryEntry[] }) {
  if (entries.length === 0) return <p>{T.empty}</p>;
  return (
    <table className="bo-table">
      <caption className="visually-hidden">{T.title}</caption>
      <thead>
        <tr>
          <th scope="col">{T.columns.at}</th>
          <th scope="col">{T.columns.from}</th>
          <th scope="col">{T.columns.to}</th>
          <th scope="col">{T.columns.by}</th>
          <th scope="col">{T.columns.reason}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <th scope="row">{formatStaffDateTime(entry.at)}</th>
            <td>{entry.fromStatus === null ? T.none : COMPLAINT_STATUS_LABELS[entry.fromStatus]}</td>
            <td>{COMPLAINT_STATUS_LABELS[entry.toStatus]}</td>
            <td>{changedByLabel(entry.changedBy)}</td>
            <td>{entry.reason ?? T.none}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
