import { eq, sql } from 'drizzle-orm';
import type { PhoneCheckPayload } from '../../../shared/api/phone-check.ts';
import { isMobilePhone, normalizePhone } from '../../../shared/validators/phone.ts';
import type { Database } from '../../db/connect.ts';
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

/** The phone check's query, prepared once per database (the login page asks it for every attempt). */
const prepared = new WeakMap<Database, ReturnType<typeof preparePhoneQuery>>();
const preparePhoneQuery = (db: Database) =>
  db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.phone, sql.placeholder('phone')))
    .limit(1)
    .prepare('customer_by_phone');

/** CheckPhoneDniPost: whether a customer already registered this mobile number. */
export async function checkPhoneRegistered(db: Database, payload: PhoneCheckPayload) {
  const phone = nationalMobileOrThrow(payload.countryCode, payload.phone);
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = preparePhoneQuery(db)));
  const rows = await query.execute({ phone });
  return { phoneregistered: rows.length > 0 };
}
