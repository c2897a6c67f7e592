import { and, eq } from 'drizzle-orm';
import type { StaffCustomer } from '../../../shared/api/customer-staff.ts';
import { toCents } from '../../../shared/money.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import type { Executor } from '../../db/connect.ts';
import { credentials, customerAddresses, customers } from '../../db/schema/index.ts';
import { BusinessError } from '../../http/errors.ts';
import { customerScopeOf } from './search.ts';

export type Scope = Pick<AuthenticatedStaff, 'role' | 'collectionCompanyId'>;

/** The home address as staff see it (null before the registration's address step). */
export const staffAddressOf = (address: typeof customerAddresses.$inferSelect | null): StaffCustomer['address'] =>
  address
    ? {
        street: address.street,
        streetNumber: address.streetNumber,
        floor: address.floor,
        postcode: address.postcode,
        city: address.city,
        province: address.province,
      }
    : null;

/**
 * The customer `customerId` if this staff member may see them, else 404 `StaffCustomerNotFound` — the same answer
 * for an unknown id and for another company's customer, so a collection company cannot learn who exists. Every
 * staff call that names a customer starts here (docs/backoffice.md §2 «Collection-company scoping»).
 */
export async function findScopedCustomer(db: Executor, staff: Scope, customerId: number): Promise<{ id: number }> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), customerScopeOf(staff)))
    .limit(1);
  if (!row) throw new BusinessError('StaffCustomerNotFound');
  return row;
}

/** StaffCustomerGet: the record, its address and whether wrong PINs blocked it, in one statement. */
export async function staffCustomerRecord(db: Executor, staff: Scope, customerId: number): Promise<StaffCustomer> {
  const [row] = await db
    .select({
      customer: customers,
      blocked: credentials.blocked,
      address: customerAddresses,
    })
    .from(customers)
    .leftJoin(credentials, eq(credentials.customerId, customers.id))
    .leftJoin(customerAddresses, eq(customerAddresses.customerId, customers.id))
    .where(and(eq(customers.id, customerId), customerScopeOf(staff)))
    .limit(1);
  if (!row) throw new BusinessError('StaffCustomerNotFound');
  const { customer, address } = row;
  return {
    id: customer.id,
    status: customer.status,
    subStatus: customer.subStatus,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    nationalId: customer.nationalId,
    birthDate: customer.birthDate,
    gender: customer.gender,
    employmentStatus: customer.employmentStatus,
    companyName: customer.companyName,
    monthlyIncome: toCents(customer.monthlyIncomeCents),
    referenceCode: customer.referenceCode,
    isRtb: customer.isRtb,
    isBlacklist: customer.isBlacklist,
    creditLimit: toCents(customer.creditLimitCents),
    miniLimit: toCents(customer.miniLimitCents),
    collectionCompanyId: customer.collectionCompanyId,
    blocked: row.blocked ?? false,
    passwordRequired: customer.passwordRequired,
    acceptMarketing: customer.acceptMarketing,
    address: staffAddressOf(address),
    createdAt: customer.createdAt.toISOString(),
  };
}
