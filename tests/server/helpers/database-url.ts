/** The database name of a PostgreSQL URL (`postgres://u:p@host:5432/name` → `name`). */
export function databaseNameOf(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Test database name must be a plain identifier: ${name}`);
  return name;
}

/** The same server and credentials, another database. */
export function withDatabaseName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
