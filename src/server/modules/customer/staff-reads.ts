import { and, eq } from 'drizzle-orm';
import type { CustomerStatusChange, StaffContacts } from '../../../shared/api/customer-staff.ts';
import type { Executor } from '../../db/connect.ts';
import { customerAddresses, customers } from '../../db/schema/index.ts';
import { customerStatusHistoryPage } from '../../db/status-history.ts';
import { BusinessError } from '../../http/errors.ts';
import { customerScopeOf } from './search.ts';
import { staffAddressOf, type Scope } from './staff-record.ts';

/**
 * The customer file's read tabs served by this module (docs/backoffice.md §5): the status with its history, and the
 * contacts. Each reads the customer through the staff member's scope first, so another company's customer is a 404
 * `StaffCustomerNotFound`, as an unknown id.
 */

type Page = { page: number; pageSize: number };

/** CustomerStatusGet: the status now and one page of its history, newest first. */
export async function customerStatusWithHistory(db: Executor, staff: Scope, customerId: number, page: Page) {
  const [customer] = await db
    .select({ status: customers.status })
    .from(customers)
    .where(and(eq(customers.id, customerId), customerScopeOf(staff)))
    .limit(1);
  if (!customer) throw new BusinessError('StaffCustomerNotFound');
  const { rows, total } = await customerStatusHistoryPage(db, customerId, page);
  return {
    customerId,
    status: customer.status,
    items: rows.map((row): CustomerStatusChange => ({
      id: row.id,
      at: row.at.toISOString(),
      from: row.from,
      to: row.to,
      changedBy: row.changedBy,
      reason: row.reason,
    })),
    page: page.page,
    pageSize: page.pageSize,
    total,
    totalCapped: false,
  };
}

/** StaffCommunicationGet: the mobile, the e-mail and the home address, in one statement. */
export async function staffContacts(db: Executor, staff: Scope, customerId: number): Promise<StaffContacts> {
  const [row] = await db
    .select({ phone: customers.phone, email: customers.email, address: customerAddresses })
    .from(customers)
    .leftJoin(customerAddresses, eq(customerAddresses.customerId, customers.id))
    .where(and(eq(customers.id, customerId), customerScopeOf(staff)))
    .limit(1);
  if (!row) throw new BusinessError('StaffCustomerNotFound');
  return {
    customerId,
    phone: row.phone,
    email: row.email,
    address: staffAddressOf(row.address),
  };
}
