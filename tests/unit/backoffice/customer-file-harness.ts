import { within } from '@testing-library/react';
import type { StaffMember } from '../../../src/shared/api/staff.ts';
import { mariaRecord } from './fixtures.ts';
import { agent, answer, ok, sessionOf, staffError, storedSession, type Answer } from './harness.tsx';

/** What the customer file's tab tests share: the customer 5 served, a table's cells, a collection company's user. */

/** The table's body rows, each as its cells' texts. */
export const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('[role="rowheader"], [role="gridcell"]')].map((cell) => cell.textContent));

/**
 * Answers `StaffMeGet` with `me` and `StaffCustomerGet` of customer 5, and everything else with `extra`, whose null
 * is a 404 `StaffCustomerNotFound`.
 */
export function serve(extra: (path: string) => Answer | null, me: StaffMember = agent): void {
  answer(({ path }) => {
    if (path === '/api/membership/staff/me') return ok(me);
    if (path === '/api/customer/customer/5') return ok(mariaRecord);
    return extra(path) ?? staffError('StaffCustomerNotFound');
  });
}

/** A collection company's user (company 2), logged in. */
export function collectionCompanySession(): StaffMember {
  const company = { ...agent, role: 'collectioncompany' as const, collectionCompanyId: 2 };
  storedSession(sessionOf(company));
  return company;
}

/** A page of a paged answer (`paged` of src/shared/api/paging.ts). */
export const pageOf = <T>(items: T[], total = items.length, page = 1) => ({
  items,
  page,
  pageSize: 25,
  total,
  totalCapped: false,
});
