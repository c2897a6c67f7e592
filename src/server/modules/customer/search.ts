import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { CustomerSearchItem, SearchKind } from '../../../shared/api/customer-staff.ts';
import { normalizeForSearch } from '../../../shared/search-text.ts';
import { normalizeNationalId } from '../../../shared/validators/national-id.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import type { Executor } from '../../db/connect.ts';
import { plannedPerValue } from '../../db/named-statements.ts';
import { customers, loans } from '../../db/schema/index.ts';
import { BusinessError } from '../../http/errors.ts';
import { MAX_DB_ID } from '../../../shared/api/common.ts';

/**
 * The staff's customer search (docs/backoffice.md §5 «Search»). The query is classified before any SQL, so an exact
 * key uses its b-tree index (phone, DNI/NIE, lower(e-mail), primary keys, reference code) and only names use the
 * words' beginnings (`search_prefixes`). A collection company's user finds only the customers of their company.
 */

/**
 * `total` counts at most this many matches (more: `totalCapped`, 'más de 200'): nobody pages through more, and
 * counting every 'García' of a large portfolio would cost more than the page itself.
 */
export const SEARCH_COUNT_CAP = 200;
const MIN_NAME_LENGTH = 3;

export type ClassifiedQuery =
  | { kind: 'phone' | 'nationalId' | 'email' | 'referenceCode'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'name'; words: string[] };

/** What the staff member typed, as one kind of key. */
export function classifySearch(raw: string): ClassifiedQuery {
  const query = raw.trim();
  const compact = query.replace(/[\s.-]/g, '');
  const phone = /^(?:\+34|0034)?([6789]\d{8})$/.exec(compact);
  if (phone) return { kind: 'phone', value: phone[1]! };
  const id = normalizeNationalId(query);
  if (/^\d{8}[A-Z]$/.test(id) || /^[XYZ]\d{7}[A-Z]$/.test(id)) return { kind: 'nationalId', value: id };
  if (query.includes('@')) return { kind: 'email', value: query.toLowerCase() };
  if (/^\d{1,10}$/.test(query) && Number(query) <= MAX_DB_ID) return { kind: 'number', value: Number(query) };
  if (/^PR[0-9A-F]{10}$/i.test(query)) return { kind: 'referenceCode', value: query.toUpperCase() };
  // The words as the name's index holds them: folded, split on anything but letters and digits.
  const words = normalizeForSearch(query)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (words.join('').length < MIN_NAME_LENGTH) throw new BusinessError('SearchTooShort');
  return { kind: 'name', words };
}

function conditionOf(query: ClassifiedQuery): SQL {
  switch (query.kind) {
    case 'phone':
      return eq(customers.phone, query.value);
    case 'nationalId':
      return eq(customers.nationalId, query.value);
    case 'email':
      return sql`lower(${customers.email}) = ${query.value}`;
    case 'referenceCode':
      return eq(customers.referenceCode, query.value);
    case 'number':
      // A loan's id or a customer's: both are shown, the customer first.
      return or(
        eq(customers.id, query.value),
        sql`${customers.id} = (select ${loans.customerId} from ${loans} where ${loans.id} = ${query.value})`,
      )!;
    case 'name':
      // Each word typed begins a word of the name ('garc' finds García), in any order. `search_prefixes` holds every
      // beginning of every word, so each typed word is one exact lexeme of its GIN index, not a prefix scan (the
      // words hold only [a-z0-9], so the query text needs no quoting).
      // Planned with its words every time: how many customers each word finds decides between the GIN index and
      // walking the name index (db/named-statements.ts).
      return plannedPerValue(sql`${customers.searchPrefixes} @@ ${query.words.join(' & ')}::tsquery`);
  }
}

/** The condition that keeps a collection company's user to their company's customers; none for the lender's staff. */
export const customerScopeOf = (staff: Pick<AuthenticatedStaff, 'role' | 'collectionCompanyId'>): SQL | undefined =>
  staff.role === 'collectioncompany' ? eq(customers.collectionCompanyId, staff.collectionCompanyId ?? -1) : undefined;

export async function searchCustomers(
  db: Executor,
  staff: Pick<AuthenticatedStaff, 'role' | 'collectionCompanyId'>,
  body: { query: string; page: number; pageSize: number },
): Promise<{
  items: CustomerSearchItem[];
  page: number;
  pageSize: number;
  total: number;
  totalCapped: boolean;
  searchedBy: SearchKind;
}> {
  const query = classifySearch(body.query);
  const where = and(conditionOf(query), customerScopeOf(staff));
  // Names in alphabetical order, keys by id. The page's ids come first, from an index alone where it can: for a common
  // word the index on (search_name, id), which includes the words' beginnings and the company, is read in order and
  // filtered there, stopping at the page's end instead of sorting thousands of matches; then the page's rows by id.
  const page = db
    .select({ id: customers.id, searchName: customers.searchName })
    .from(customers)
    .where(where)
    .orderBy(...(query.kind === 'name' ? [asc(customers.searchName), asc(customers.id)] : [asc(customers.id)]))
    .limit(body.pageSize)
    .offset((body.page - 1) * body.pageSize)
    .as('page');
  const [items, [counted]] = await Promise.all([
    db
      .select({
        id: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
        nationalId: customers.nationalId,
        phone: customers.phone,
        email: customers.email,
        status: customers.status,
        referenceCode: customers.referenceCode,
      })
      .from(page)
      .innerJoin(customers, eq(customers.id, page.id))
      .orderBy(...(query.kind === 'name' ? [asc(page.searchName), asc(page.id)] : [asc(page.id)])),
    db.select({ total: sql<number>`count(*)::int` }).from(
      db
        .select({ id: customers.id })
        .from(customers)
        .where(where)
        .limit(SEARCH_COUNT_CAP + 1)
        .as('matching'),
    ),
  ]);
  const total = counted?.total ?? 0;
  return {
    items,
    page: body.page,
    pageSize: body.pageSize,
    total: Math.min(total, SEARCH_COUNT_CAP),
    totalCapped: total > SEARCH_COUNT_CAP,
    searchedBy: query.kind,
  };
}
