// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One owner per table (docs/architecture.md, 'Who writes each table'): every table of src/server/db/schema is
 * written (insert, update, delete, raw SQL INSERT/UPDATE/DELETE/TRUNCATE) only by its owner; other server code
 * reads it or asks the owner through its index.ts. The seed writes everything; migrations are not scanned.
 *
 * Static text: a Drizzle write names the table identifier (`.insert(loans)`), a raw SQL write names the table
 * (`UPDATE loans`, `INSERT INTO ${loans}`). Comments are ignored.
 */

const repo = resolve(import.meta.dirname, '../../..');
const server = join(repo, 'src/server');

/** Owner of each table: a folder (a module, with a trailing /) or one file, relative to src/server. */
const OWNERS: Record<string, string> = {
  analyticsEvents: 'modules/analytics/',
  appSecrets: 'db/app-secrets.ts',
  auditRecords: 'audit/audit-repository.ts',
  bankAccounts: 'modules/bank/',
  bankTransactions: 'modules/bank/',
  scrapeSessions: 'modules/bank/',
  callBookings: 'modules/calls/',
  callTimingDefinitions: 'modules/calls/',
  cards: 'modules/card/',
  cardThreeDsSessions: 'modules/card/',
  cardStatusHistory: 'db/status-history.ts',
  cardSubStatusHistory: 'db/status-history.ts',
  smsOutbox: 'providers/sms-outbox.ts',
  communicationPermissions: 'modules/communication/',
  communicationPermissionHistory: 'modules/communication/',
  customers: 'modules/customer/',
  customerStatusHistory: 'db/status-history.ts',
  customerAddresses: 'modules/customer/',
  customerComments: 'modules/customer/',
  creditDecisions: 'modules/decision/',
  documents: 'modules/document/',
  idempotencyKeys: 'http/idempotency-repository.ts',
  repayTokens: 'modules/links/',
  handoverIntroductions: 'modules/links/',
  loanRollovers: 'modules/payment/',
  loanRestructures: 'modules/restructure/',
  loanWithdrawals: 'modules/loan/',
  reviewLinks: 'modules/reviews/',
  loans: 'modules/loan/',
  loanDefinitions: 'modules/loan/',
  calendarDays: 'modules/misc/',
  installments: 'modules/loan/',
  loanStatusHistory: 'db/status-history.ts',
  installmentStatusHistory: 'db/status-history.ts',
  loanFlowDrafts: 'modules/loan/',
  loanFlowScreenVisits: 'modules/loan/',
  clientLogs: 'modules/logs/',
  clientLogActions: 'modules/logs/',
  credentials: 'modules/membership/',
  sessions: 'auth/session-repository.ts',
  oneTimeCodes: 'auth/one-time-code-repository.ts',
  payments: 'modules/payment/',
  bankStatementLines: 'modules/payment/',
  paymentAllocations: 'modules/payment/',
  paymentStatusHistory: 'db/status-history.ts',
  directTransferOrders: 'modules/transfer/',
  loanImpediments: 'modules/impediment/',
  loanDiscounts: 'modules/payment/',
  pushSubscriptions: 'modules/push/',
  reminderDeliveries: 'modules/push/',
  serverInstances: 'instances.ts',
  rateLimitCounters: 'plugins/rate-limit-repository.ts',
  sandboxProviderOperations: 'providers/sandbox-operations.ts',
  affiliateClicks: 'modules/tracking/',
  collectionCompanies: 'modules/staff/',
  staffUsers: 'modules/staff/',
  staffLoginChallenges: 'modules/staff/',
  staffSessions: 'auth/staff-session-repository.ts',
  staffProposals: 'modules/approvals/',
  complaintCases: 'modules/complaint/',
  complaintStatusHistory: 'db/status-history.ts',
  todoItems: 'modules/todo/',
};

/** Writers that every table allows: the demo seed. */
const EVERY_TABLE = ['db/seed/'];

/**
 * Second writers kept on purpose, `file → table`, each with its reason. A file listed here and no longer writing
 * the table fails the test, so the list only shrinks.
 */
const EXCEPTIONS: Record<string, { tables: string[]; why: string }> = {};

const SKIP = ['db/migrations', 'db/schema'];

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (SKIP.some((skip) => relative(server, path) === skip)) return [];
    if (entry.isDirectory()) return serverFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** identifier → SQL name, from the pgTable declarations. */
function schemaTables(): Map<string, string> {
  const tables = new Map<string, string>();
  const dir = join(server, 'db/schema');
  for (const file of readdirSync(dir)) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const match of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      tables.set(match[1]!, match[2]!);
    }
  }
  return tables;
}

function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

interface Usage {
  writes: Set<string>;
  names: Set<string>;
}

/** The tables a source writes and the tables it names at all (an import from the schema, or SQL text). */
function tableUsage(source: string, tables: Map<string, string>): Usage {
  const text = withoutComments(source);
  const bySqlName = new Map([...tables].map(([identifier, name]) => [name, identifier]));
  const table = (identifier?: string, name?: string): string | undefined =>
    identifier !== undefined && tables.has(identifier) ? identifier : name && bySqlName.get(name);
  const writes = new Set<string>();
  for (const match of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const found = table(match[1]);
    if (found) writes.add(found);
  }
  const write = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?)\s+(?:\$\{\s*(\w+)\s*\}|"?(\w+)"?)/gi;
  for (const match of text.matchAll(write)) {
    const found = table(match[1], match[2]);
    if (found) writes.add(found);
  }
  const names = new Set(writes);
  for (const match of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[^']*db\/schema[^']*'/g)) {
    for (const part of match[1]!.split(',')) {
      const identifier = part
        .trim()
        .split(/\s+as\s+/)[0]!
        .replace(/^type\s+/, '');
      if (tables.has(identifier)) names.add(identifier);
    }
  }
  const read = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+(?:\$\{\s*(\w+)\s*\}|"?(\w+)"?)/gi;
  for (const match of text.matchAll(read)) {
    const found = table(match[1], match[2]);
    if (found) names.add(found);
  }
  return { writes, names };
}

const allowed = (file: string, table: string): boolean =>
  [OWNERS[table]!, ...EVERY_TABLE].some((owner) => (owner.endsWith('/') ? file.startsWith(owner) : file === owner));

function scan() {
  const tables = schemaTables();
  const usage = new Map<string, Usage>();
  for (const path of serverFiles(server)) {
    usage.set(relative(server, path), tableUsage(readFileSync(path, 'utf8'), tables));
  }
  return { tables, usage };
}

describe('one owner per table', () => {
  const { tables, usage } = scan();

  it('every table of the schema has an owner, and every owner names a table of the schema', () => {
    expect([...tables.keys()].filter((table) => !(table in OWNERS))).toEqual([]);
    expect(Object.keys(OWNERS).filter((table) => !tables.has(table))).toEqual([]);
  });

  it('lists, for each table, the files that name it and the files that write it', () => {
    const listing = [...tables.keys()].sort().map((table) => {
      const files = [...usage].filter(([, used]) => used.names.has(table)).map(([file]) => file);
      const writers = [...usage].filter(([, used]) => used.writes.has(table)).map(([file]) => file);
      return `${table} (owner ${OWNERS[table]}): written by ${writers.join(', ') || '-'}; named by ${files.join(', ')}`;
    });
    console.info(`Tables and the server files that name them:\n${listing.join('\n')}`);
    expect(listing).toHaveLength(tables.size);
  });

  it('no file but the owner (and the seed) writes a table, save the listed exceptions', () => {
    const second = [...usage].flatMap(([file, used]) =>
      [...used.writes]
        .filter((table) => !allowed(file, table) && !EXCEPTIONS[file]?.tables.includes(table))
        .map((table) => `${file} writes ${table}, owned by ${OWNERS[table]}`),
    );
    expect(second).toEqual([]);
  });

  it('every listed exception is still a write (the list only shrinks)', () => {
    const stale = Object.entries(EXCEPTIONS).flatMap(([file, { tables: listed }]) =>
      listed.filter((table) => !usage.get(file)?.writes.has(table)).map((table) => `${file} → ${table}`),
    );
    expect(stale).toEqual([]);
  });

  it('sees Drizzle and raw SQL writes, and not reads or comments', () => {
    const source = [
      "import { cards, loans } from '../../db/schema/index.ts';",
      'await tx.update(loans).set({ status: "paid" });',
      'await db.execute(sql`DELETE FROM installments WHERE id = ${id}`);',
      'await db.execute(sql`INSERT INTO ${payments} (id) VALUES (1)`);',
      'await db.select().from(cards);',
      'const text = sql`SELECT * FROM customers JOIN sessions ON true`;',
      '// tx.insert(customers)',
    ].join('\n');
    const { writes, names } = tableUsage(source, tables);
    expect([...writes].sort()).toEqual(['installments', 'loans', 'payments']);
    expect([...names].sort()).toEqual(['cards', 'customers', 'installments', 'loans', 'payments', 'sessions']);
  });
});
