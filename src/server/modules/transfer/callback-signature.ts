import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The direct-transfer provider's callback signature: header `x-unnax-signature: t=<unix ms>,v1=<hex>`, where v1 is
 * HMAC-SHA256 with the shared callback key (DIRECT_TRANSFER_CALLBACK_SECRET, or the generated one in
 * `app_secrets`) of `<t>.<callbackEvent>.<orderId>.<amountCents>` — every field the callback acts on. A signature
 * older or newer than 5 minutes is refused, so a captured callback cannot be replayed later (a replay within the
 * window is harmless: the callback is idempotent per order).
 */

export const CALLBACK_SIGNATURE_HEADER = 'x-unnax-signature';
export const CALLBACK_SIGNATURE_TOLERANCE_MS = 5 * 60_000;

export interface SignedCallbackFields {
  callbackEvent: string;
  orderId: string;
  amountCents: number;
}

const payloadOf = (t: number, fields: SignedCallbackFields) =>
  `${t}.${fields.callbackEvent}.${fields.orderId}.${fields.amountCents}`;

const hmac = (key: Uint8Array, text: string) => createHmac('sha256', key).update(text, 'utf8').digest('hex');

/** The header value for a callback sent at `now`. */
export function signCallback(key: Uint8Array, fields: SignedCallbackFields, now: Date): string {
  const t = now.getTime();
  return `t=${t},v1=${hmac(key, payloadOf(t, fields))}`;
}

/** True when `header` is a valid signature of these fields, made within the tolerance around `now`. */
export function verifyCallbackSignature(
  key: Uint8Array,
  header: string | string[] | undefined,
  fields: SignedCallbackFields,
  now: Date,
): boolean {
  if (typeof header !== 'string' || header.length > 200) return false;
  const match = /^t=(\d{1,15}),v1=([0-9a-f]{64})$/.exec(header.trim());
  if (!match) return false;
  const t = Number(match[1]);
  if (Math.abs(now.getTime() - t) > CALLBACK_SIGNATURE_TOLERANCE_MS) return false;
  const expected = Buffer.from(hmac(key, payloadOf(t, fields)), 'hex');
  const given = Buffer.from(match[2]!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
