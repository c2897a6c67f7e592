/**
 * Spanish phone numbers (first document §5, second document §5): 9 digits shown after a +34 prefix. Whether a
 * number is a mobile or a landline is decided by libphonenumber-js with its full metadata (the default "min"
 * metadata has no number types).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { NumberType } from 'libphonenumber-js/max';
import { z } from 'zod';
import { COUNTRY_ISO } from '../constants.ts';
import { VALIDATION_MESSAGES } from '../validation-messages.ts';
import { REQUIRED_MESSAGE } from './required.ts';

/** Mobile: starts with 6 or 7, 9 digits. Any phone (landline allowed): starts with 6 to 9, 9 digits. */
const MOBILE_PATTERN = /^[67]\d{8}$/;
const ANY_PHONE_PATTERN = /^[6-9]\d{8}$/;

const MOBILE_TYPES: readonly NumberType[] = ['MOBILE', 'FIXED_LINE_OR_MOBILE'];
const ANY_PHONE_TYPES: readonly NumberType[] = ['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE'];

/**
 * What the customer typed, reduced to the 9 national digits: spaces, dots, dashes and brackets go, and a leading
 * +34 or 0034 is dropped when 9 digits follow it. Anything else is returned as it is, to fail the pattern.
 */
export function normalizePhone(raw: string): string {
  const compact = raw.replace(/[\s.\-()]/g, '');
  const international = /^(?:\+|00)34(\d{9})$/.exec(compact);
  return international?.[1] ?? compact;
}

/** The number type libphonenumber-js gives a Spanish number, or undefined when it is not a valid number. */
export function phoneNumberType(phone: string): NumberType {
  return parsePhoneNumberFromString(normalizePhone(phone), COUNTRY_ISO)?.getType();
}

/** A Spanish mobile number: 6 or 7 then 8 digits, and a MOBILE number for libphonenumber-js. */
export function isMobilePhone(phone: string): boolean {
  const national = normalizePhone(phone);
  return MOBILE_PATTERN.test(national) && MOBILE_TYPES.includes(phoneNumberType(national));
}

/** A Spanish mobile or landline number: 6 to 9 then 8 digits, and a MOBILE or FIXED_LINE number. */
export function isSpanishPhone(phone: string): boolean {
  const national = normalizePhone(phone);
  return ANY_PHONE_PATTERN.test(national) && ANY_PHONE_TYPES.includes(phoneNumberType(national));
}

/** The number in E.164 (+34NNNNNNNNN). */
export function toE164(phone: string): string {
  return `+34${normalizePhone(phone)}`;
}

const phoneField = (accepts: (phone: string) => boolean) =>
  z
    .string({ error: REQUIRED_MESSAGE })
    .overwrite(normalizePhone)
    .min(1, REQUIRED_MESSAGE)
    .pipe(z.string().refine(accepts, { error: VALIDATION_MESSAGES.pattern }));

/** A mobile phone field (register, login, forgot PIN, phone check): the output is the 9 national digits. */
export const mobilePhoneSchema = phoneField(isMobilePhone);
/** A phone field that also accepts landlines. */
export const anyPhoneSchema = phoneField(isSpanishPhone);
