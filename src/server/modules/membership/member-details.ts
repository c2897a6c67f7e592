import type { CustomerDetails, MemberDetails } from '../../../shared/api/customer-schemas.ts';
import { memberRoleSchema } from '../../../shared/api/common.ts';
import { LOCALE } from '../../../shared/constants.ts';
import { toCents } from '../../../shared/money.ts';
import { customerStatusSchema } from '../../../shared/status-schemas.ts';
import type { MemberRow } from './repository.ts';

/**
 * The member details the session keeps (first document §3): the header shows fullName or twoLetterName, the
 * login greeting firstName, the offer banner customerCreditLimit, miniCreditLimit and hasActiveLoan, the home page's
 * hero firstLoanInterestFree.
 */

/** Particles that start a Spanish surname without being its initial ("de la Fuente" → F). */
const SURNAME_PARTICLES = new Set(['de', 'del', 'la', 'las', 'los', 'y', 'e', 'i', 'da', 'do', 'dos', 'san']);

const words = (text: string) => text.normalize('NFC').trim().split(/\s+/).filter(Boolean);

/** The first letter of a word, upper case in Spanish ('á' → 'Á'); '' for no word. */
const initial = (word: string | undefined) => (word ? (Array.from(word)[0] ?? '').toLocaleUpperCase(LOCALE) : '');

/**
 * Initials of the first name and the first surname: 'Lucía' 'García Fernández' → 'LG'; 'María José' 'de la Fuente
 * Ruiz' → 'MF'. A surname made only of particles keeps its first word's initial.
 */
export function twoLetterNameOf(firstName: string, lastName: string): string {
  const surnameWords = words(lastName);
  const significant = surnameWords.find((word) => !SURNAME_PARTICLES.has(word.toLocaleLowerCase(LOCALE)));
  return `${initial(words(firstName)[0])}${initial(significant ?? surnameWords[0])}`;
}

export const fullNameOf = (firstName: string, lastName: string) => [...words(firstName), ...words(lastName)].join(' ');

export function memberDetailsOf(row: MemberRow): MemberDetails {
  return {
    id: row.id,
    status: customerStatusSchema.parse(row.status),
    fullName: fullNameOf(row.firstName, row.lastName),
    twoLetterName: twoLetterNameOf(row.firstName, row.lastName),
    firstName: words(row.firstName).join(' '),
    customerCreditLimit: toCents(row.creditLimitCents),
    miniCreditLimit: toCents(row.miniLimitCents),
    role: memberRoleSchema.parse(row.role),
    phone: row.phone,
    hasActiveLoan: row.hasActiveLoan,
    firstLoanInterestFree: !row.hasHadLoan,
  };
}

/** The login answer's customerDetails: the member details plus passwordRequired. */
export const customerDetailsOf = (row: MemberRow): CustomerDetails => ({
  ...memberDetailsOf(row),
  passwordRequired: row.passwordRequired,
});
