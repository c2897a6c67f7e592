import type { AuditRecord } from '../../../shared/api/audit.ts';
import { addDaysIso } from '../../../shared/calendar.ts';
import { startOfDayInMadrid } from '../../../shared/dates.ts';
import { AUDIT_COUNT_CAP, findAuditRecords, type AuditFilter } from '../../audit/audit-repository.ts';
import type { Database } from '../../db/connect.ts';
import { BusinessError } from '../../http/errors.ts';
import { customerStatusOf } from '../customer/index.ts';

/** The audit trail's readers (docs/backoffice.md §3): newest first, a page at a time, the count capped. */

type Page = { page: number; pageSize: number };
type Row = Awaited<ReturnType<typeof findAuditRecords>>['rows'][number];

const asValues = (value: unknown) =>
  value === null || value === undefined ? null : (value as Record<string, unknown>);

const recordOf = (row: Row): AuditRecord => ({
  id: row.id,
  at: row.at.toISOString(),
  actorKind: row.actorKind,
  staffUserId: row.staffUserId,
  staffName: row.staffName,
  role: row.role as AuditRecord['role'],
  callName: row.callName,
  entityType: row.entityType,
  entityId: row.entityId,
  customerId: row.customerId,
  loanId: row.loanId,
  before: asValues(row.before),
  after: asValues(row.after),
  reason: row.reason,
  proposalId: row.proposalId,
  requestId: row.requestId,
  ip: row.ip,
});

async function pageOf(db: Database, filter: AuditFilter, page: Page) {
  const { rows, total } = await findAuditRecords(db, filter, page);
  return {
    items: rows.map(recordOf),
    page: page.page,
    pageSize: page.pageSize,
    total: Math.min(total, AUDIT_COUNT_CAP),
    totalCapped: total > AUDIT_COUNT_CAP,
  };
}

/** AuditLogGet: by customer, loan or staff member, between two Madrid days (both included). */
export async function auditLog(
  db: Database,
  query: Page & { customerId?: number; loanId?: number; staffUserId?: number; from?: string; to?: string },
) {
  const { customerId, loanId, staffUserId, from, to, page, pageSize } = query;
  if (from !== undefined && to !== undefined && to < from) throw new BusinessError('DateRangeInvalid');
  return pageOf(
    db,
    {
      customerId,
      loanId,
      staffUserId,
      from: from === undefined ? undefined : startOfDayInMadrid(from),
      to: to === undefined ? undefined : startOfDayInMadrid(addDaysIso(to, 1)),
    },
    { page, pageSize },
  );
}

/** CustomerAuditGet: one customer's records; an unknown customer is a 404. */
export async function customerAudit(db: Database, customerId: number, page: Page) {
  if ((await customerStatusOf(db, customerId)) === undefined) throw new BusinessError('StaffCustomerNotFound');
  return pageOf(db, { customerId }, page);
}
