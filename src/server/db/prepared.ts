import type { Executor } from './connect.ts';

/**
 * A read that nearly every logged-in request makes, built by Drizzle once per database handle instead of on every
 * call.
 *
 * Building a query (walking the column objects and writing its SQL text) is Drizzle's work in JavaScript on every
 * `select()`; for the short reads of a customer's request it cost more Node CPU than running them (measured with
 * MemberDetailsGet on PostgreSQL: ~14 % of the request's Node time in `_prepare`/`sqlToQuery`). `build` writes
 * the query with `sql.placeholder(...)` values and `.prepare(name)`; the prepared query is kept per executor, so the
 * server's database handle builds it once, and a transaction (a new executor each time) builds it for itself, as
 * before. On PostgreSQL the name is also the server-side statement (`./named-statements.ts` leaves named queries
 * alone); on PGlite it is ignored.
 *
 * For hot reads only: everything else stays a plain query builder call, which reads better.
 */
export function preparedRead<Params extends Record<string, unknown>, Result>(
  build: (db: Executor) => { execute(params: Params): Promise<Result> },
): (db: Executor, params: Params) => Promise<Result> {
  const byExecutor = new WeakMap<Executor, { execute(params: Params): Promise<Result> }>();
  return (db, params) => {
    let prepared = byExecutor.get(db);
    if (!prepared) {
      prepared = build(db);
      byExecutor.set(db, prepared);
    }
    return prepared.execute(params);
  };
}
