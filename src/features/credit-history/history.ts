import type { Loan } from '../../shared/api/loan-schemas.ts';

/** The loans newest first: by creation date, then by id (two loans of one day). */
export const newestFirst = (loans: readonly Loan[]): Loan[] =>
  [...loans].sort((a, b) => b.createdDate.localeCompare(a.createdDate) || b.id - a.id);
