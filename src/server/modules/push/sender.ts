import type WebPush from 'web-push';
import { loadOnFirstUse } from '../../load-on-first-use.ts';
import type { AppSecrets } from '../../secrets.ts';

/**
 * Sends one web-push message: `web-push` builds the request (payload encrypted with aes128gcm for the
 * subscription's keys, VAPID `Authorization: vapid t=<jwt>, k=<public key>`, TTL, Urgency, Topic) and a plain
 * `fetch` posts it, so the same code talks to the browsers' https push services and to a local http test endpoint.
 * The answer is classified for the scheduler: delivered, gone (404/410: delete the subscription), retry (429, 5xx,
 * network or timeout) or rejected (any other answer: retrying the same request cannot help).
 */

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushMessage {
  /** The JSON text the service worker receives. */
  payload: string;
  /** Seconds the push service keeps the message for an offline device (0: deliver now or drop). */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Replaces a not yet delivered message with the same topic (≤ 32 base64url characters). */
  topic?: string;
}

export type SendOutcome =
  | { result: 'delivered'; statusCode: number }
  | { result: 'gone'; statusCode: number }
  | { result: 'retry'; statusCode: number | null; error: string; retryAfterMs: number | null }
  | { result: 'rejected'; statusCode: number | null; error: string };

export type PushSender = (target: PushTarget, message: PushMessage) => Promise<SendOutcome>;

/** web-push (~45 ms to load, with its JWT and ASN.1 libraries): loaded with the first message, not at start. */
const loadWebPush = loadOnFirstUse(async () => (await import('web-push')).default);

/** Time allowed for one push service request. */
export const PUSH_REQUEST_TIMEOUT_MS = 10_000;

/** `Retry-After` (seconds or an HTTP date) in milliseconds, or null. */
function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export function createPushSender(
  vapid: AppSecrets['vapid'],
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): PushSender {
  const timeoutMs = options.timeoutMs ?? PUSH_REQUEST_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  return async (target, message) => {
    const webpush = await loadWebPush();
    let details: ReturnType<typeof WebPush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        message.payload,
        {
          vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: message.ttlSeconds,
          urgency: message.urgency,
          contentEncoding: 'aes128gcm',
          ...(message.topic ? { topic: message.topic } : {}),
        },
      );
    } catch (error) {
      // Keys that cannot be used for encryption: this request can never succeed.
      return { result: 'rejected', statusCode: null, error: `request not built: ${(error as Error).message}` };
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(details.headers)) {
      // fetch computes the length of the body itself.
      if (name.toLowerCase() !== 'content-length' && value !== undefined) headers.set(name, String(value));
    }
    let response: Response;
    try {
      response = await doFetch(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return { result: 'retry', statusCode: null, error: `network: ${reason}`, retryAfterMs: null };
    }
    // The body is not needed; release the connection.
    await response.body?.cancel().catch(() => undefined);
    const status = response.status;
    if (status >= 200 && status < 300) return { result: 'delivered', statusCode: status };
    if (status === 404 || status === 410) return { result: 'gone', statusCode: status };
    if (status === 429 || status >= 500) {
      return {
        result: 'retry',
        statusCode: status,
        error: `push service answered ${status}`,
        retryAfterMs: retryAfterMs(response.headers.get('retry-after'), Date.now()),
      };
    }
    return { result: 'rejected', statusCode: status, error: `push service answered ${status}` };
  };
}
