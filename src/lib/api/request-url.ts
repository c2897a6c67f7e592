/**
 * The URL of a call: the contract path with its `:params` filled (each value encoded) and the query appended.
 * `displayUrl` is the same URL with secrets replaced, for errors and the activity log: a repay token or a bank
 * session id must never reach a log.
 */

export type UrlValues = Readonly<Record<string, unknown>>;

/** Parameter and query names whose values are credentials. */
const SECRET_NAME = /token|password|pin|secret|session/i;
const REDACTED = '***';

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

function paramValue(params: UrlValues, name: string, path: string): string {
  const value = params[name];
  if (value === undefined || value === null || value === '') {
    throw new TypeError(`Missing path parameter "${name}" for ${path}`);
  }
  return String(value);
}

function queryString(query: UrlValues, redact: boolean): string {
  const search = new URLSearchParams();
  for (const [name, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (value === undefined || value === null) continue;
      const text =
        value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
      search.append(name, redact && SECRET_NAME.test(name) ? REDACTED : text);
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** `/api/loan/agreement/:loanId` + `{ loanId: 7 }` + `{ a: 1 }` → `/api/loan/agreement/7?a=1`. */
export function requestPath(path: string, params: UrlValues = {}, query: UrlValues = {}): string {
  const filled = path.replace(PARAM, (_whole, name: string) => encodeURIComponent(paramValue(params, name, path)));
  return filled + queryString(query, false);
}

/** As `requestPath`, with credential values replaced: `/api/membership/token/:token`, `?repayToken=***`. */
export function displayPath(path: string, params: UrlValues = {}, query: UrlValues = {}): string {
  const filled = path.replace(PARAM, (whole, name: string) =>
    SECRET_NAME.test(name) ? whole : encodeURIComponent(String(params[name] ?? '')),
  );
  return filled + queryString(query, true);
}

/** Joins a base URL ('' or 'https://host/prefix') and a path starting with '/'. */
export function joinUrl(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/+$/, '') + path;
}
