import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';

/**
 * Named (server-side prepared) statements for PostgreSQL, for every query that runs more than once.
 *
 * node-postgres sends a query without a name as an unnamed statement: PostgreSQL parses and plans it on every
 * execution. For the short queries of this server that is most of the database's work — measured on this machine
 * with the member-details query, 10 connections: 207 µs of PostgreSQL CPU per query unnamed against 53 µs named
 * (6,300 → 17,400 queries/s), and 75 → 46 µs of Node CPU. A named statement is parsed once per connection and
 * then only bound and executed.
 *
 * The rule: a query with parameters whose exact text was already seen once gets a name (`q<n>`, one per text for
 * the process). Queries without parameters stay unnamed (`begin`, `commit`, migrations: the simple protocol, which
 * also allows several statements in one text). The names are capped (`MAX_NAMED_TEXTS`): texts that vary without
 * end (none today — Drizzle writes parameters, never literals) would otherwise fill every connection's statement
 * cache; past the cap a text simply runs unnamed, as before.
 *
 * A query whose best plan depends on its values stays unnamed: after five executions of a named statement PostgreSQL
 * may keep one generic plan, made without the values. For the staff's name search that plan walks the name index
 * filtering on words whose frequency it cannot know (measured: 'jose & garcia' over 100.000 customers 0.7 ms with its
 * own plan, 42 ms with the generic one). Such a query carries `plannedPerValue(condition)`, a marker comment in its
 * text, and is parsed and planned on every execution.
 *
 * What PostgreSQL guarantees makes this safe: a named statement is per connection, survives a rolled-back
 * transaction, and is re-planned by the server when a table it reads changes; node-postgres re-parses when a
 * Parse failed (pg ≥ 8.11 forgets a statement whose Parse errored).
 */
export const MAX_NAMED_TEXTS = 2_000;
/** How many distinct texts are counted while waiting for a second use (bounded too). */
const MAX_COUNTED_TEXTS = 20_000;

/** The comment that keeps a text unnamed (see above). */
export const PLANNED_PER_VALUE = '/* planned per value */';

/** `condition`, marked so that its query is planned with its values every time (never a named statement). */
export const plannedPerValue = (condition: SQL): SQL => sql`${sql.raw(PLANNED_PER_VALUE)} ${condition}`;

export class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #seenOnce = new Set<string>();

  constructor(private readonly maxNamed = MAX_NAMED_TEXTS) {}

  /** The name for this text, or undefined while it has been seen only once (or past the cap). */
  nameOf(text: string): string | undefined {
    const known = this.#names.get(text);
    if (known !== undefined) return known;
    if (text.includes(PLANNED_PER_VALUE)) return undefined;
    if (this.#names.size >= this.maxNamed) return undefined;
    if (!this.#seenOnce.has(text)) {
      if (this.#seenOnce.size < MAX_COUNTED_TEXTS) this.#seenOnce.add(text);
      return undefined;
    }
    this.#seenOnce.delete(text);
    const name = `q${this.#names.size + 1}`;
    this.#names.set(text, name);
    return name;
  }

  get size(): number {
    return this.#names.size;
  }
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/** A pg.Client class whose queries with parameters run as named statements (see the rule above). */
export function namedStatementClient(Client: typeof pg.Client, names = new StatementNames()): typeof pg.Client {
  class NamedStatementClient extends Client {
    // pg.Client#query has many overloads; the one rewritten here is (config object, values?, callback?).
    override query(...args: unknown[]): never {
      const [config, values] = args;
      if (config !== null && typeof config === 'object' && !('submit' in config)) {
        const query = config as QueryConfig;
        const params = values ?? query.values;
        if (typeof query.text === 'string' && query.name === undefined && Array.isArray(params) && params.length > 0) {
          const name = names.nameOf(query.text);
          if (name !== undefined) args[0] = { ...query, name };
        }
      }
      return (super.query as (...rest: unknown[]) => never)(...args);
    }
  }
  return NamedStatementClient;
}
