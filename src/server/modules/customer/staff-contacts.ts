import type { z } from 'zod';
import type { CustomerComment, StaffAddressPut, StaffContacts } from '../../../shared/api/customer-staff.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import { staffWrite, type AuditActor, type StaffWriteDeps } from '../../audit/staff-write.ts';
import type { Executor } from '../../db/connect.ts';
import { BusinessError } from '../../http/errors.ts';
import { validateAddress } from './address-rules.ts';
import { emailRefusal, IDENTITY_LOCK, normalizeEmail } from './email.ts';
import { saveAddress, updateEmail } from './repository.ts';
import { changedFields } from './staff-changes.ts';
import { staffContacts } from './staff-reads.ts';
import { findScopedCustomer, staffAddressOf, type Scope } from './staff-record.ts';
import { addressOf, commentById, commentsPage, customerForUpdate, insertComment } from './staff-repository.ts';

/**
 * The customer file's comments, address and e-mail (docs/backoffice.md §5). The address is checked by
 * SaveAddressPut's rules (`validateAddress`), the e-mail by AddNewEmailPost's (`emailRefusal`, under the same
 * identity lock); the status never moves here. Comments are only added, never changed.
 */

type Actor = AuditActor & { staff: AuthenticatedStaff };
type Page = { page: number; pageSize: number };

/** CommentsGet: one page of the customer's comments, newest first, with each author's name. */
export async function customerComments(db: Executor, staff: Scope, customerId: number, page: Page) {
  await findScopedCustomer(db, staff, customerId);
  const { rows, total } = await commentsPage(db, customerId, page);
  return {
    customerId,
    items: rows.map((row): CustomerComment => ({ ...row, at: row.at.toISOString() })),
    page: page.page,
    pageSize: page.pageSize,
    total,
    totalCapped: false,
  };
}

/** CommentPost: the new comment, audited with its text. */
export async function addComment(
  deps: StaffWriteDeps,
  actor: Actor,
  body: { customerId: number; text: string },
): Promise<CustomerComment> {
  const { customerId, text } = body;
  await findScopedCustomer(deps.db, actor.staff, customerId);
  const at = deps.clock.now();
  const id = await staffWrite(deps, actor, { entityType: 'comment', customerId }, async (tx) => {
    const commentId = await insertComment(tx, { customerId, staffUserId: actor.staff.id, text, at });
    return { before: null, after: { text }, entityId: commentId, result: commentId };
  });
  const row = await commentById(deps.db, id);
  return { ...row, at: row.at.toISOString() };
}

/** StaffAddressGet. */
export async function staffAddress(db: Executor, staff: Scope, customerId: number) {
  await findScopedCustomer(db, staff, customerId);
  return { customerId, address: staffAddressOf(await addressOf(db, customerId)) };
}

/** StaffAddressPut: the address as SaveAddressPut stores it, audited with the fields that changed. */
export async function saveStaffAddress(
  deps: StaffWriteDeps,
  actor: Actor,
  customerId: number,
  body: z.infer<typeof StaffAddressPut.body>,
) {
  await findScopedCustomer(deps.db, actor.staff, customerId);
  const { reason, ...typed } = body;
  const address = validateAddress(typed);
  const target = { entityType: 'customer', entityId: customerId, customerId, reason: reason ?? null };
  await staffWrite(deps, actor, target, async (tx) => {
    const stored = staffAddressOf(await addressOf(tx, customerId));
    const change = stored ? changedFields(stored, address) : { before: null, after: address };
    if (!change) throw new BusinessError('NothingToChange');
    await saveAddress(tx, customerId, address, deps.clock.now());
    return { before: { address: change.before }, after: { address: change.after }, result: true };
  });
  return { customerId, address };
}

/** StaffCommunicationPost: the e-mail changed with AddNewEmailPost's refusals. */
export async function changeStaffEmail(
  deps: StaffWriteDeps,
  actor: Actor,
  customerId: number,
  body: { email: string; reason: string },
): Promise<StaffContacts> {
  await findScopedCustomer(deps.db, actor.staff, customerId);
  const email = normalizeEmail(body.email);
  const target = { entityType: 'customer', entityId: customerId, customerId, reason: body.reason, lock: IDENTITY_LOCK };
  await staffWrite(deps, actor, target, async (tx) => {
    const current = await customerForUpdate(tx, customerId);
    if (current.email === email) throw new BusinessError('NothingToChange');
    const refusal = await emailRefusal(tx, customerId, email);
    if (refusal) throw refusal;
    await updateEmail(tx, customerId, email, deps.clock.now());
    return { before: { email: current.email }, after: { email }, result: true };
  });
  return staffContacts(deps.db, actor.staff, customerId);
}
