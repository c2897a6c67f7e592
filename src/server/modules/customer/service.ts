import type { PhoneCheckPayload } from '../../../shared/api/customer.ts';
import type { CustomerStatus } from '../../../shared/statuses.ts';
import { isMobilePhone, normalizePhone } from '../../../shared/validators/phone.ts';
import type { Database, Executor } from '../../db/connect.ts';
import { recordStatusChange, type StatusChange } from '../../db/status-history.ts';
import { BusinessError } from '../../http/errors.ts';
import { phoneTaken, updateStatusIf } from './repository.ts';

/** What the customer service needs. */
export interface CustomerDeps {
  db: Database;
}

/** Spain's calling code in the forms the client may send it ('+34' is what the app sends). */
const SPANISH_COUNTRY_CODES = new Set(['+34', '34', '0034']);

/**
 * The registered customer's phone form: 9 national digits, a mobile for libphonenumber-js. Throws InvalidPhone
 * (422, the spec's message) for another country or a number that is not a Spanish mobile.
 */
export function nationalMobileOrThrow(countryCode: string, phone: string): string {
  const national = normalizePhone(phone);
  if (!SPANISH_COUNTRY_CODES.has(countryCode.trim()) || !isMobilePhone(national)) {
    throw new BusinessError('InvalidPhone');
  }
  return national;
}

/** CheckPhoneDniPost: whether a customer already registered this mobile number. */
export async function checkPhoneRegistered(deps: CustomerDeps, payload: PhoneCheckPayload) {
  const phone = nationalMobileOrThrow(payload.countryCode, payload.phone);
  return { phoneregistered: await phoneTaken(deps.db, phone) };
}

/**
 * A move of the customer's status from one known status to another (the transitions of docs/rules/identity.md
 * "Customer statuses").
 */
export type CustomerStatusMove = StatusChange<'customer'> & { from: CustomerStatus };

/**
 * Moves the customer from `from` to `to` with its history row, in the caller's transaction; false (nothing
 * written) when the status was not `from` any more.
 */
export async function moveCustomerStatus(tx: Executor, move: CustomerStatusMove): Promise<boolean> {
  if (!(await updateStatusIf(tx, move))) return false;
  await recordStatusChange(tx, 'customer', move);
  return true;
}
