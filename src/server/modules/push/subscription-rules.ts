import { createECDH } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { PushSubscriptionPayload } from '../../../shared/api/push.ts';

/**
 * What a push subscription must be before the server stores it (beyond the contract's schema):
 *
 * - the endpoint is an https URL (the Push API only hands out https endpoints), without credentials; plain http is
 *   accepted only for a local test endpoint (localhost, 127.0.0.1, [::1]) while SANDBOX is on;
 * - outside SANDBOX the host is not this machine or the private network (loopback, private, link-local, CGNAT or
 *   unique-local addresses, `localhost`, `*.localhost`, `*.local`, `*.internal`): the scheduler POSTs to the endpoint,
 *   which must not become a way to reach internal services (SSRF). A public name that resolves to a private address
 *   is not caught here (that needs the check at connection time);
 * - `p256dh` is an uncompressed P-256 public key (65 bytes starting with 0x04) and `auth` a 16-byte secret, so the
 *   payload can be encrypted (RFC 8291), and the key is a point of the curve; anything else could never receive a
 *   reminder.
 */

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Addresses that are this machine or a private network. */
const INTERNAL_ADDRESSES = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  INTERNAL_ADDRESSES.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  INTERNAL_ADDRESSES.addSubnet(network, prefix, 'ipv6');

const INTERNAL_NAME = /(^|\.)(localhost|local|internal)$/i;

/** Whether a URL host (as `URL.hostname` gives it: IPv6 in brackets) names this machine or a private network. */
export function isInternalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(host)?.[1];
  const address = mapped ?? host;
  const version = isIP(address);
  if (version === 4) return INTERNAL_ADDRESSES.check(address, 'ipv4');
  if (version === 6) return INTERNAL_ADDRESSES.check(address, 'ipv6');
  return INTERNAL_NAME.test(host);
}

export type SubscriptionProblem = 'endpoint' | 'keys';

const decodeBase64Url = (value: string): Buffer => Buffer.from(value.replace(/=+$/, ''), 'base64url');

export function isAllowedPushEndpoint(endpoint: string, options: { sandbox: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'https:') return options.sandbox || !isInternalHost(url.hostname);
  return options.sandbox && url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
}

/** The first problem of a subscription, or null when the server can deliver to it. */
export function subscriptionProblem(
  subscription: PushSubscriptionPayload,
  options: { sandbox: boolean },
): SubscriptionProblem | null {
  if (!isAllowedPushEndpoint(subscription.endpoint, options)) return 'endpoint';
  const publicKey = decodeBase64Url(subscription.keys.p256dh);
  const authSecret = decodeBase64Url(subscription.keys.auth);
  if (publicKey.length !== 65 || publicKey[0] !== 0x04 || authSecret.length !== 16) return 'keys';
  return isCurvePoint(publicKey) ? null : 'keys';
}

/** A P-256 public key the payload encryption can agree a secret with (ECDH refuses points off the curve). */
function isCurvePoint(publicKey: Buffer): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(publicKey);
    return true;
  } catch {
    return false;
  }
}
