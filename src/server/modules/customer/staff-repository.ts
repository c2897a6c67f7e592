import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { CustomerStatus } from '../../../shared/statuses.ts';
import type { Executor } from '../../db/connect.ts';
import {
  customerAddresses,
  customerComments,
  customers,
  customerStatusHistory,
  staffUsers,
} from '../../db/schema/index.ts';

/**
 * The SQL of the customer file's writes (docs/backoffice.md §5): the customer row as staff change it, read under
 * the caller's lock, and the comments (inserted and read only: no function here updates or deletes one).
 */

/** The customer's fields a staff member may change, as they are stored now (read in the write's transaction). */
export async function customerForUpdate(tx: Executor, customerId: number) {
  const [row] = await tx
    .select({
      status: customers.status,
      subStatus: customers.subStatus,
      isBlacklist: customers.isBlacklist,
      firstName: customers.firstName,
      lastName: customers.lastName,
      gender: customers.gender,
      nationalId: customers.nationalId,
      birthDate: customers.birthDate,
      email: customers.email,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update')
    .limit(1);
  if (!row) throw new Error(`customer ${customerId} vanished inside its staff write`);
  return row;
}
export type CustomerForUpdate = Awaited<ReturnType<typeof customerForUpdate>>;

/** Sets the given fields of the customer (status moves go through `moveCustomerStatus`, with their history). */
export async function updateCustomerFields(
  tx: Executor,
  customerId: number,
  fields: Partial<
    Pick<
      typeof customers.$inferInsert,
      'firstName' | 'lastName' | 'gender' | 'nationalId' | 'birthDate' | 'subStatus' | 'isBlacklist'
    >
  >,
  at: Date,
): Promise<void> {
  await tx
    .update(customers)
    .set({ ...fields, updatedAt: at })
    .where(eq(customers.id, customerId));
}

/** Whether a customer other than `customerId` holds this DNI/NIE (stored normalised, upper case). */
export async function nationalIdHeldByAnother(tx: Executor, customerId: number, nationalId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.nationalId, nationalId), ne(customers.id, customerId)))
    .limit(1);
  return rows.length > 0;
}

/** The status the customer had before their latest move into `fraud` (null when no history row says). */
export async function statusBeforeFraud(tx: Executor, customerId: number): Promise<CustomerStatus | null> {
  const [row] = await tx
    .select({ from: customerStatusHistory.fromStatus })
    .from(customerStatusHistory)
    .where(and(eq(customerStatusHistory.customerId, customerId), eq(customerStatusHistory.toStatus, 'fraud')))
    .orderBy(desc(customerStatusHistory.createdAt), desc(customerStatusHistory.id))
    .limit(1);
  return row?.from ?? null;
}

/** The customer's home address as stored (null before the registration's address step). */
export async function addressOf(tx: Executor, customerId: number) {
  const [row] = await tx.select().from(customerAddresses).where(eq(customerAddresses.customerId, customerId)).limit(1);
  return row ?? null;
}

/** Adds a comment; its row as the readers answer it. */
export async function insertComment(
  tx: Executor,
  comment: { customerId: number; staffUserId: number; text: string; at: Date },
) {
  const [row] = await tx
    .insert(customerComments)
    .values({
      customerId: comment.customerId,
      staffUserId: comment.staffUserId,
      text: comment.text,
      createdAt: comment.at,
    })
    .returning({ id: customerComments.id });
  if (!row) throw new Error('comment insert returned nothing');
  return row.id;
}

/** Comments with their author's name today. */
const commentRows = (db: Executor) =>
  db
    .select({
      id: customerComments.id,
      at: customerComments.createdAt,
      text: customerComments.text,
      staffUserId: customerComments.staffUserId,
      staffName: staffUsers.fullName,
    })
    .from(customerComments)
    .innerJoin(staffUsers, eq(staffUsers.id, customerComments.staffUserId));

/** One comment as the readers answer it. */
export async function commentById(db: Executor, commentId: number) {
  const [row] = await commentRows(db).where(eq(customerComments.id, commentId)).limit(1);
  if (!row) throw new Error(`comment ${commentId} not found after its insert`);
  return row;
}

/** One page of the customer's comments, newest first (ties by id), with each author's name today. */
export async function commentsPage(db: Executor, customerId: number, page: { page: number; pageSize: number }) {
  const where = eq(customerComments.customerId, customerId);
  const [rows, [counted]] = await Promise.all([
    commentRows(db)
      .where(where)
      .orderBy(desc(customerComments.createdAt), desc(customerComments.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(customerComments).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
