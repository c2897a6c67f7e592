import { z } from 'zod';

/**
 * Staff lists (docs/backoffice.md §5 conventions): `page` from 1, `pageSize` one of 10, 25, 50, 100 (25 by default),
 * answered as `{ items, page, pageSize, total }`. Query values arrive as text and are read as numbers.
 */

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
/** Far above any list a person pages through; it only stops an offset that would scan the whole table. */
export const MAX_PAGE = 1000;

const pageNumber = z.coerce
  .number<string | number>()
  .int('Debe ser un número entero')
  .min(1, 'Debe ser 1 o más')
  .max(MAX_PAGE, `Debe ser ${MAX_PAGE} o menos`);
const pageSize = z.coerce
  .number<string | number>()
  .refine((value): value is (typeof PAGE_SIZES)[number] => (PAGE_SIZES as readonly number[]).includes(value), {
    error: `Debe ser ${PAGE_SIZES.join(', ')}`,
  });

/** The paging fields of a list's query. */
export const pageQueryFields = {
  page: pageNumber.default(1),
  pageSize: pageSize.default(DEFAULT_PAGE_SIZE),
};

/** A page of `item`s; `total` counts the matches up to the list's cap (`totalCapped` when there are more). */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
    total: z.number().int().nonnegative(),
    totalCapped: z.boolean(),
  });
