import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { maskPhone } from '../../auth/phone-mask.ts';

/**
 * The register answer's `hint`, which the client puts in `/otp?q=<hint>` (first document §4 "Registration"). It
 * tells the server, for support and log correlation, which phone a registration's OTP page was for (the masked
 * number and when), without any clear personal data in a URL that browsers keep in history, referrers and
 * analytics: AES-256-GCM of `{ phone: '******678', issuedAt }` under a key derived from the server secret
 * (auth/derived-keys.ts, 'otp-hint'), a random 96-bit IV per hint, the GCM tag making it unforgeable.
 * It is opaque to the client and grants nothing: the OTP page works from the session.
 *
 * Layout (base64url): version byte 1 ‖ IV (12 bytes) ‖ ciphertext ‖ tag (16 bytes).
 */

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

const contentSchema = z.object({ phone: z.string(), issuedAt: z.iso.datetime() });
export type OtpHint = z.infer<typeof contentSchema>;

export function encryptOtpHint(key: Uint8Array, phone: string, now: Date): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const content: OtpHint = { phone: maskPhone(phone), issuedAt: now.toISOString() };
  const encrypted = Buffer.concat([cipher.update(JSON.stringify(content), 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, encrypted, cipher.getAuthTag()]).toString('base64url');
}

/** The content of a hint this server made, or null for anything else (forged, altered, another key). */
export function decryptOtpHint(key: Uint8Array, hint: string): OtpHint | null {
  const bytes = Buffer.from(hint, 'base64url');
  if (bytes.length <= 1 + IV_BYTES + TAG_BYTES || bytes[0] !== VERSION) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(1, 1 + IV_BYTES));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const clear = Buffer.concat([
      decipher.update(bytes.subarray(1 + IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
    const parsed = contentSchema.safeParse(JSON.parse(clear.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
