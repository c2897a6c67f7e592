/**
 * Spanish identity numbers (first document §5): DNI (8 digits + check letter) and NIE (X/Y/Z + 7 digits + check
 * letter), both 9 characters, with the mod-23 check letter; and CIF (organisation letter + 7 digits + control
 * character) for the places that accept a company tax id.
 */
import { z } from 'zod';
import { FIELD_MESSAGES } from '../messages-identity.ts';
import { requiredString } from './required.ts';

const CHECK_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const NIE_PREFIX_DIGIT = { X: '0', Y: '1', Z: '2' } as const;

/** Upper-cased, without spaces, dots or dashes ('12.345.678-z' → '12345678Z'). */
export const normalizeNationalId = (raw: string): string => raw.toUpperCase().replace(/[\s.-]/g, '');

/** The DNI check letter of an 8-digit number (also used by NIE once its prefix is turned into a digit). */
export function dniCheckLetter(digits: string): string {
  return CHECK_LETTERS.charAt(Number(digits) % CHECK_LETTERS.length);
}

export function isValidDni(id: string): boolean {
  const match = /^(\d{8})([A-Z])$/.exec(normalizeNationalId(id));
  return match !== null && dniCheckLetter(match[1] ?? '') === match[2];
}

export function isValidNie(id: string): boolean {
  const match = /^([XYZ])(\d{7})([A-Z])$/.exec(normalizeNationalId(id));
  if (!match) return false;
  const prefix = NIE_PREFIX_DIGIT[match[1] as keyof typeof NIE_PREFIX_DIGIT];
  return dniCheckLetter(`${prefix}${match[2] ?? ''}`) === match[3];
}

/**
 * CIF: an organisation letter, 7 digits, and a control character computed from the digits: the control must be a
 * letter for P, Q, R, S, W and N (and foreign-entity letters), a digit for A, B, E and H, either for the rest.
 */
export function isValidCif(id: string): boolean {
  const match = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(normalizeNationalId(id));
  if (!match) return false;
  const [, kind = '', digits = '', control = ''] = match;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    const digit = Number(digits[index]);
    if (index % 2 === 1) {
      sum += digit;
    } else {
      const doubled = digit * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    }
  }
  const controlDigit = (10 - (sum % 10)) % 10;
  const controlLetter = 'JABCDEFGHI'.charAt(controlDigit);
  if ('PQRSWN'.includes(kind)) return control === controlLetter;
  if ('ABEH'.includes(kind)) return control === String(controlDigit);
  return control === String(controlDigit) || control === controlLetter;
}

export type NationalIdKind = 'DNI' | 'NIE' | 'CIF';

/** Which valid identity number this is, or undefined when it is none of them. */
export function nationalIdKind(id: string): NationalIdKind | undefined {
  if (isValidDni(id)) return 'DNI';
  if (isValidNie(id)) return 'NIE';
  if (isValidCif(id)) return 'CIF';
  return undefined;
}

/** A person's identity number (the signup `nationalID`): a valid DNI or NIE, normalised to 9 characters. */
export const nationalIdSchema = requiredString().pipe(
  z
    .string()
    .overwrite(normalizeNationalId)
    .refine((id) => isValidDni(id) || isValidNie(id), { error: FIELD_MESSAGES.nationalId }),
);

/** A tax id where a company may also be named: DNI, NIE or CIF. */
export const taxIdSchema = requiredString().pipe(
  z
    .string()
    .overwrite(normalizeNationalId)
    .refine((id) => nationalIdKind(id) !== undefined, { error: FIELD_MESSAGES.nationalId }),
);
