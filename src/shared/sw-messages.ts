/**
 * The small typed messages the page and the service worker exchange (architecture §5). Shared so both sides agree;
 * every message is checked on arrival, never trusted.
 */

/** Paths the SW never answers with the app shell (server-owned: API, sandbox pages, logs, version, health). */
export const SERVER_PATH_PREFIXES = ['/api/', '/sandbox/', '/logs/', '/version.json', '/health'] as const;

export const isServerPath = (pathname: string): boolean =>
  SERVER_PATH_PREFIXES.some((prefix) =>
    prefix.endsWith('/')
      ? pathname.startsWith(prefix) || pathname === prefix.slice(0, -1)
      : pathname.startsWith(prefix),
  );

/** Page → SW: fetch /version.json now, bypassing every cache, and answer on the message port. */
export interface CheckVersionMessage {
  readonly type: 'CHECK_VERSION';
}
/** Page → SW: a waiting SW takes over now (the page reloads on `controllerchange`). */
export interface SkipWaitingMessage {
  readonly type: 'SKIP_WAITING';
}
/** Page → SW: ask for the SW's own build version and its current view of the network. */
export interface GetStatusMessage {
  readonly type: 'GET_STATUS';
}
export type PageToSwMessage = CheckVersionMessage | SkipWaitingMessage | GetStatusMessage;

/** SW → page (reply to CHECK_VERSION): the server's version, or null when it could not be read (offline). */
export interface VersionReply {
  readonly type: 'VERSION';
  readonly serverVersion: string | null;
  readonly swVersion: string;
}
/** SW → page (reply to GET_STATUS). */
export interface StatusReply {
  readonly type: 'STATUS';
  readonly swVersion: string;
  readonly online: boolean;
}
/** SW → every page (broadcast): a request through the SW failed for lack of network, or the network is back. */
export interface NetworkStatusMessage {
  readonly type: 'NETWORK_STATUS';
  readonly online: boolean;
}
export type SwToPageMessage = VersionReply | StatusReply | NetworkStatusMessage;

const hasType = (value: unknown): value is { type: unknown } =>
  typeof value === 'object' && value !== null && 'type' in value;

export function isPageToSwMessage(value: unknown): value is PageToSwMessage {
  return (
    hasType(value) && (value.type === 'CHECK_VERSION' || value.type === 'SKIP_WAITING' || value.type === 'GET_STATUS')
  );
}

export function isSwToPageMessage(value: unknown): value is SwToPageMessage {
  if (!hasType(value)) return false;
  const record = value as Record<string, unknown>;
  switch (record['type']) {
    case 'VERSION':
      return (
        (typeof record['serverVersion'] === 'string' || record['serverVersion'] === null) &&
        typeof record['swVersion'] === 'string'
      );
    case 'STATUS':
      return typeof record['swVersion'] === 'string' && typeof record['online'] === 'boolean';
    case 'NETWORK_STATUS':
      return typeof record['online'] === 'boolean';
    default:
      return false;
  }
}

/** Reads `version` from the body of /version.json (`{ version }`, or `{ data: { version } }` as the spec's backend). */
export function versionOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  if (typeof record['version'] === 'string' && record['version'] !== '') return record['version'];
  return versionOf(record['data']);
}

/** The cache-busting version URL (first document §7: GET /version.json with a query parameter v). */
export const versionUrl = (now: number): string => `/version.json?v=${now}`;
