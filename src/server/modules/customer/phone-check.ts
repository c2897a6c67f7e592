import { eq } from 'drizzle-orm';
import type { PhoneCheckPayload } from '../../../shared/api/customer.ts';
import { isMobilePhone, normalizePhone } from '../../../shared/validators/phone.ts';
import type { Executor } from '../../db/connect.ts';
import { customers } from '../../db/schema.ts';
import { BusinessError } from '../../http/errors.ts';

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
export async function checkPhoneRegistered(db: Executor, payload: PhoneCheckPayload) {
  const phone = nationalMobileOrThrow(payload.countryCode, payload.phone);
  const rows = await db.select({ id: customers.id }).from(customers).where(eq(customers.phone, phone)).limit(1);
  return { phoneregistered: rows.length > 0 };
}
