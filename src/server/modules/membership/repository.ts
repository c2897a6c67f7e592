import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { activeLoanStatuses, paidOutLoanStatuses } from '../../../shared/loan-statuses.ts';
import { type CustomerStatus } from '../../../shared/statuses.ts';
import type { Executor } from '../../db/connect.ts';
import { preparedRead } from '../../db/prepared.ts';
import { credentials, customerAddresses, customers, loans } from '../../db/schema/index.ts';

/**
 * Membership SQL: a customer with its credentials (one row, left join: a customer may have no PIN yet) and the
 * failure counter of the PIN, updated atomically so concurrent wrong attempts never lose a count.
 */

const memberColumns = {
  id: customers.id,
  status: customers.status,
  role: customers.role,
  firstName: customers.firstName,
  lastName: customers.lastName,
  phone: customers.phone,
  creditLimitCents: customers.creditLimitCents,
  miniLimitCents: customers.miniLimitCents,
  passwordRequired: customers.passwordRequired,
  /** An issued or arranged loan (the header's loan-offer banner shows only without one). */
  hasActiveLoan: sql<boolean>`exists (select 1 from ${loans} where ${loans.customerId} = ${customers.id} and ${inArray(
    loans.status,
    [...activeLoanStatuses],
  )})`.mapWith(Boolean),
  /** A loan was paid out to the customer (the interest-free first minipréstamo is for those without one). */
  hasHadLoan: sql<boolean>`exists (select 1 from ${loans} where ${loans.customerId} = ${customers.id} and (${inArray(
    loans.status,
    [...paidOutLoanStatuses],
  )} or ${loans.issuedAt} is not null))`.mapWith(Boolean),
  /** Null when the customer has no credentials row (no PIN set). */
  passwordHash: credentials.passwordHash,
  consecutiveFailures: credentials.consecutiveFailures,
  blocked: credentials.blocked,
};

export type MemberRow = {
  id: number;
  status: CustomerStatus;
  role: string;
  firstName: string;
  lastName: string;
  phone: string;
  creditLimitCents: number;
  miniLimitCents: number;
  passwordRequired: boolean;
  hasActiveLoan: boolean;
  hasHadLoan: boolean;
  passwordHash: string | null;
  consecutiveFailures: number | null;
  blocked: boolean | null;
};

const selectMember = (db: Executor) =>
  db.select(memberColumns).from(customers).leftJoin(credentials, eq(credentials.customerId, customers.id));

async function findMember(db: Executor, where: SQL): Promise<MemberRow | null> {
  const [row] = await selectMember(db).where(where).limit(1);
  return row ?? null;
}

/** By id: what every MemberDetailsGet and CustomerGet reads, so built once (../../db/prepared.ts). */
const memberById = preparedRead((db) =>
  selectMember(db)
    .where(eq(customers.id, sql.placeholder('id')))
    .limit(1)
    .prepare('member_by_id'),
);

/** The customer holding this 9-digit mobile number, with its credentials. */
export const findMemberByPhone = (db: Executor, phone: string) => findMember(db, eq(customers.phone, phone));

/** The customer by id, with its credentials. */
export const findMemberById = async (db: Executor, id: number): Promise<MemberRow | null> =>
  (await memberById(db, { id }))[0] ?? null;

/**
 * One more consecutive failure; the `maxFailures`-th blocks the credentials (blocked_at = now). Only an unblocked
 * row changes: null means the credentials were (or just got) blocked by another request.
 */
export async function recordPinFailure(
  db: Executor,
  customerId: number,
  maxFailures: number,
  now: Date,
): Promise<{ consecutiveFailures: number; blocked: boolean } | null> {
  const next = sql`${credentials.consecutiveFailures} + 1`;
  const [row] = await db
    .update(credentials)
    .set({
      consecutiveFailures: sql`${next}`,
      blocked: sql`${next} >= ${maxFailures}`,
      blockedAt: sql`case when ${next} >= ${maxFailures} then ${now.toISOString()}::timestamptz else ${credentials.blockedAt} end`,
      updatedAt: now,
    })
    .where(and(eq(credentials.customerId, customerId), eq(credentials.blocked, false)))
    .returning({ consecutiveFailures: credentials.consecutiveFailures, blocked: credentials.blocked });
  return row ?? null;
}

/**
 * A correct PIN: the failure counter goes back to 0 (and the hash is replaced when it is re-hashed with today's
 * parameters). False when the credentials are blocked, so a block that lands concurrently still wins.
 */
export async function recordPinSuccess(
  db: Executor,
  customerId: number,
  now: Date,
  newPasswordHash?: string,
): Promise<boolean> {
  const rows = await db
    .update(credentials)
    .set({ consecutiveFailures: 0, updatedAt: now, ...(newPasswordHash ? { passwordHash: newPasswordHash } : {}) })
    .where(and(eq(credentials.customerId, customerId), eq(credentials.blocked, false)))
    .returning({ customerId: credentials.customerId });
  return rows.length > 0;
}

/**
 * Lifts a block (UnblockPost): the counter back to 0, the PIN kept. What the credentials were, or why nothing
 * changed: no such customer (or one without credentials, who has nothing to unblock), or not blocked.
 */
export async function liftBlock(
  tx: Executor,
  customerId: number,
  now: Date,
): Promise<{ blockedAt: Date | null; failures: number } | 'unknown' | 'notBlocked'> {
  const [current] = await tx
    .select({
      blocked: credentials.blocked,
      blockedAt: credentials.blockedAt,
      failures: credentials.consecutiveFailures,
    })
    .from(credentials)
    .where(eq(credentials.customerId, customerId))
    .for('update');
  if (!current) {
    const [customer] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
    return customer ? 'notBlocked' : 'unknown';
  }
  if (!current.blocked) return 'notBlocked';
  await tx
    .update(credentials)
    .set({ blocked: false, blockedAt: null, consecutiveFailures: 0, updatedAt: now })
    .where(eq(credentials.customerId, customerId));
  return { blockedAt: current.blockedAt, failures: current.failures };
}

const recordColumns = {
  email: customers.email,
  gender: customers.gender,
  nationalId: customers.nationalId,
  birthDate: customers.birthDate,
  referenceCode: customers.referenceCode,
  isRtb: customers.isRtb,
  isBlacklist: customers.isBlacklist,
  street: customerAddresses.street,
  streetNumber: customerAddresses.streetNumber,
  floor: customerAddresses.floor,
  postcode: customerAddresses.postcode,
  city: customerAddresses.city,
  province: customerAddresses.province,
};

/** CustomerGet's one read (built once, ../../db/prepared.ts): the member with its credentials and its own record. */
const customerRecordById = preparedRead((db) =>
  db
    .select({ ...memberColumns, ...recordColumns })
    .from(customers)
    .leftJoin(credentials, eq(credentials.customerId, customers.id))
    .leftJoin(customerAddresses, eq(customerAddresses.customerId, customers.id))
    .where(eq(customers.id, sql.placeholder('id')))
    .limit(1)
    .prepare('customer_record_by_id'),
);

/**
 * The customer's own record for CustomerGet, in one query: the member (as findMemberById) with identity, flags and
 * the home address (null fields before it is saved).
 */
export async function findCustomerRecord(db: Executor, id: number) {
  const [row] = await customerRecordById(db, { id });
  return row ?? null;
}

/**
 * A new PIN/password (registration's PIN reset, update-password modal, sign-up): stored (a customer without
 * credentials gets them), the failure counter back to 0 and the block lifted.
 */
export async function storePassword(tx: Executor, customerId: number, passwordHash: string, at: Date): Promise<void> {
  const values = { passwordHash, consecutiveFailures: 0, blocked: false, blockedAt: null, updatedAt: at };
  await tx
    .insert(credentials)
    .values({ customerId, ...values })
    .onConflictDoUpdate({ target: credentials.customerId, set: values });
}

/** Blocks the member (as 5 wrong login PINs do); true when it was not blocked before. */
export async function blockMember(db: Executor, customerId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(credentials)
    .set({ blocked: true, blockedAt: at, updatedAt: at })
    .where(and(eq(credentials.customerId, customerId), eq(credentials.blocked, false)))
    .returning({ customerId: credentials.customerId });
  return rows.length > 0;
}
