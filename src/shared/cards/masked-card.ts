/** How a card or account number is shown (second document §2, §5): in groups of 4, the first six card digits hidden. */

/** A number in groups of 4 characters. */
export const groupsOfFour = (value: string): string =>
  value
    .replace(/\s+/g, '')
    .replace(/(.{4})/g, '$1 ')
    .trim();

/**
 * A card number with its first six digits as asterisks, in groups of 4: the stored '411111******1111' shows as
 * '**** **** **** 1111'; an already masked number is kept.
 */
export function maskedCard(number: string): string {
  const compact = number.replace(/\s+/g, '');
  const masked = /^\d{6}/.test(compact) ? `******${compact.slice(6)}` : compact;
  return groupsOfFour(masked);
}
