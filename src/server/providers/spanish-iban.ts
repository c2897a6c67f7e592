import { composeIBAN } from 'ibantools';

/**
 * Spanish account numbers: the CCC (entity 4 + branch 4 + 2 control digits + account 10) and its IBAN (`ES`, the
 * ISO 13616 mod-97 check digits, the CCC). The sandbox open-banking provider and the demo seed build their accounts
 * with these; they pass `isValidSpanishIban` (src/shared/validators/iban.ts). ibantools checks the CCC digits but
 * does not compute them: that part is here; the ISO check digits are ibantools'.
 */

const CCC_WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6] as const;

/** One CCC control digit of ten digits: 11 − (Σ digit × weight mod 11), 11 → 0, 10 → 1. */
export function cccControlDigit(tenDigits: string): number {
  if (!/^\d{10}$/.test(tenDigits)) throw new Error('cccControlDigit needs ten digits');
  const sum = [...tenDigits].reduce((total, digit, index) => total + Number(digit) * CCC_WEIGHTS[index]!, 0);
  const digit = 11 - (sum % 11);
  return digit === 11 ? 0 : digit === 10 ? 1 : digit;
}

/** The two CCC control digits: the first over `00` + entity + branch, the second over the account number. */
export function cccControlDigits(entity: string, branch: string, account: string): string {
  return `${cccControlDigit(`00${entity}${branch}`)}${cccControlDigit(account)}`;
}

/** A valid Spanish IBAN (electronic format) from entity (4), branch (4) and account (10) digits. */
export function spanishIban(entity: string, branch: string, account: string): string {
  if (!/^\d{4}$/.test(entity) || !/^\d{4}$/.test(branch) || !/^\d{10}$/.test(account)) {
    throw new Error('spanishIban needs entity and branch of 4 digits and an account of 10');
  }
  const iban = composeIBAN({
    countryCode: 'ES',
    bban: `${entity}${branch}${cccControlDigits(entity, branch, account)}${account}`,
  });
  if (iban === null) throw new Error('spanishIban: ibantools refused the BBAN');
  return iban;
}
