import { hkdfSync } from 'node:crypto';

/**
 * Keys derived from the server secret (the JWT secret, `JWT_SECRET` or the one generated on first start) with
 * HKDF-SHA256, one per use, so no key serves two purposes and none has to be configured or stored separately.
 * Rotating the server secret rotates them all (one-time codes in flight and OTP hints stop verifying; both live
 * minutes).
 */
export type DerivedKeyPurpose = 'one-time-codes' | 'otp-hint' | 'idempotency';

const SALT = 'prestamo-rapido/derived-keys';
const KEY_BYTES = 32;

export function deriveKey(serverSecret: Uint8Array, purpose: DerivedKeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, SALT, `${purpose}/v1`, KEY_BYTES));
}
