/**
 * Where the client activity log may send (second document §7.3: "only over https and not on the test host").
 *
 * Test hosts: `localhost`, `127.0.0.1` (any 127.x.x.x loopback), `::1`, `0.0.0.0`, and every host under the
 * reserved `.localhost` and `.test` top-level domains (RFC 6761). Development, CI and the end-to-end tests run
 * there; their activity is not customer activity.
 */
export type LogLocation = Pick<Location, 'protocol' | 'hostname' | 'pathname'>;

export function isTestHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === 'localhost' || host === '::1' || host === '0.0.0.0') return true;
  if (/^127(?:\.\d{1,3}){3}$/.test(host)) return true;
  return host.endsWith('.localhost') || host === 'test' || host.endsWith('.test');
}

/** Over https and not on a test host. */
export function isActivityLogAllowed(location: Pick<Location, 'protocol' | 'hostname'>): boolean {
  return location.protocol === 'https:' && !isTestHost(location.hostname);
}
