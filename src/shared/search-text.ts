/**
 * How the staff's customer search compares names (docs/backoffice.md §5 «Search»): accents folded, lower case, one
 * space between words. The database keeps `customers.search_name` folded by the same table (a generated column in
 * src/server/db/schema/customer.ts), so a query folded here matches it; tests/server/customer-search.test.ts checks
 * that both agree.
 */
export const SEARCH_FOLD_FROM = 'áàäâãéèëêíìïîóòöôõúùüûñçÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÑÇ';
export const SEARCH_FOLD_TO = 'aaaaaeeeeiiiiooooouuuuncAAAAAEEEEIIIIOOOOOUUUUNC';

const FOLD = new Map([...SEARCH_FOLD_FROM].map((char, index) => [char, SEARCH_FOLD_TO[index]!]));

export function normalizeForSearch(text: string): string {
  return [...text]
    .map((char) => FOLD.get(char) ?? char)
    .join('')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
