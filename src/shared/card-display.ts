/**
 * How a card number is shown (second document §2, §5): in groups of 4; a stored card with its first six digits as
 * asterisks ('411111******1111' → '**** **** **** 1111'); one card-brand icon when the number starts with 4.
 */

const CARD_LENGTH = 16;

/** A number (or an account number) in groups of 4 characters. */
export const groupsOfFour = (value: string): string =>
  value
    .replace(/\s+/g, '')
    .replace(/(.{4})/g, '$1 ')
    .trim();

/**
 * A card number with its first six digits as asterisks (an already masked number is kept), in groups of 4. A masked
 * number shorter than a card ('******5454', older rows keep the last four only) is padded with asterisks to 16.
 */
export function maskedCard(number: string): string {
  const compact = number.replace(/\s+/g, '');
  const masked = /^\d{6}/.test(compact) ? `******${compact.slice(6)}` : compact;
  const padded =
    /^\*+\d{1,4}$/.test(masked) && masked.length < CARD_LENGTH ? masked.padStart(CARD_LENGTH, '*') : masked;
  return groupsOfFour(padded);
}

/**
 * One card-brand icon when the number starts with 4: the server tells it as `brand` (the masked number may have
 * lost its first digits); a number that still shows its first digit is read directly.
 */
export const showsBrandIcon = (card: { maskedCardNumber: string; brand?: 'visa' | 'other' | undefined }): boolean =>
  card.brand === 'visa' || card.maskedCardNumber.replace(/\s+/g, '').startsWith('4');

/** What the customer typed, as digits only (at most `maxDigits`), shown in groups of 4 while typing. */
export function cardNumberAsTyped(raw: string, maxDigits = 16): string {
  return groupsOfFour(raw.replace(/\D/g, '').slice(0, maxDigits));
}
