import type { EmailContactPayload } from '../../../shared/api/customer.ts';
import { emailProblem } from '../../../shared/validators/email-deliverable.ts';
import type { Database, Executor } from '../../db/connect.ts';
import { withResourceLock } from '../../db/locks.ts';
import { BusinessError } from '../../http/errors.ts';
import { emailHeldByAnother, updateEmail } from './repository.ts';

/**
 * The customer's e-mail (AddNewEmailPost, second document §3 "Email contact", §5 "Email update") and the rule the
 * agreement's acceptance checks it with.
 *
 * AddNewEmailPost `{ type: 'email', subType: 'personal', value }`: the value trimmed and kept in lower case, like
 * registration; not an address → InvalidEmail ('Email no válido'); a disposable or undeliverable domain
 * (`emailProblem`) → InvalidEmailWithUpdateRequest; held by another customer → EmailNotAvailable; otherwise
 * `customers.email` is updated (the same address again is a no-op). E-mail changes run under the registration's
 * lock (`registration:identity`), so a registration and a change cannot both take one address.
 */

export interface EmailDeps {
  db: Database;
  clock: { now(): Date };
}

/** The registration's lock on identities (phone, DNI/NIE, e-mail): see modules/registration/repository.ts. */
export const IDENTITY_LOCK = 'registration:identity';

/**
 * The refusal an address gets for this customer, or null: InvalidEmail (format), InvalidEmailWithUpdateRequest
 * (undeliverable domain), EmailNotAvailable (another customer holds it, compared without case).
 */
export async function emailRefusal(db: Executor, customerId: number, email: string): Promise<BusinessError | null> {
  const problem = emailProblem(email);
  if (problem === 'format') return new BusinessError('InvalidEmail');
  if (problem === 'undeliverable') return new BusinessError('InvalidEmailWithUpdateRequest');
  if (await emailHeldByAnother(db, customerId, email.trim().toLowerCase()))
    return new BusinessError('EmailNotAvailable');
  return null;
}

/** An e-mail as it is stored: trimmed, lower case (as registration keeps it). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** AddNewEmailPost. */
export async function addNewEmail(deps: EmailDeps, customerId: number, payload: EmailContactPayload): Promise<true> {
  const email = normalizeEmail(payload.value);
  await withResourceLock(deps.db, IDENTITY_LOCK, async (tx) => {
    const refusal = await emailRefusal(tx, customerId, email);
    if (refusal) throw refusal;
    await updateEmail(tx, customerId, email, deps.clock.now());
  });
  return true;
}
