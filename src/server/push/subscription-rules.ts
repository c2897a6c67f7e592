import { createECDH } from 'node:crypto';
import type { PushSubscriptionPayload } from '../../shared/api/push.ts';

/**
 * What a push subscription must be before the server stores it (beyond the contract's schema):
 *
 * - the endpoint is an https URL (the Push API only hands out https endpoints), without credentials; plain http is
 *   accepted only for a local test endpoint (localhost, 127.0.0.1, [::1]) while SANDBOX is on;
 * - `p256dh` is an uncompressed P-256 public key (65 bytes starting with 0x04) and `auth` a 16-byte secret, so the
 *   payload can be encrypted (RFC 8291), and the key is a point of the curve; anything else could never receive a
 *   reminder.
 */

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

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
  if (url.protocol === 'https:') return true;
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
