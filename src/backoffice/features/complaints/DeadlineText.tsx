import type { Complaint } from '../../../shared/api/complaint.ts';

/** The case's deadline as the server words it; 'Plazo vencido' highlighted (and said, not only coloured). */
export function DeadlineText({ complaint }: { complaint: Pick<Complaint, 'deadlineText' | 'overdue'> }) {
  return complaint.overdue ? (
    <strong className="bo-overdue">{complaint.deadlineText}</strong>
  ) : (
    <span>{complaint.deadlineText}</span>
  );
}
