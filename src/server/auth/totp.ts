import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';

/**
 * The staff's second factor (docs/backoffice.md §1): TOTP of RFC 6238 — SHA-1, 6 digits, 30-second steps — with one
 * step of tolerance each way (RFC 6238 §5.2, a code typed as the step turns). `otpauth` computes and checks the codes;
 * the secret is kept encrypted (AES-256-GCM under a key of its own, not derived from the JWT secret, so rotating
 * that key locks nobody out), and `stepOf` answers the time step a code belongs to, so the caller can refuse a code
 * of a step already used (replay).
 */

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of now. */
export const TOTP_WINDOW = 1;
const SECRET_BYTES = 20;

const totpOf = (secretBase32: string, label = '', issuer = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new secret of 160 bits (RFC 4226 §4 recommends it), base32 as authenticator apps type it. */
export const newTotpSecret = (): string => new Secret({ size: SECRET_BYTES }).base32;

/** The secret in groups of four characters, for typing it into an app by hand. */
export const groupedSecret = (secretBase32: string): string => secretBase32.replace(/(.{4})(?=.)/g, '$1 ');

/** What an authenticator app scans: the `otpauth://totp/…` URI and its QR code as SVG. */
export function enrolment(secretBase32: string, account: string, issuer: string): { uri: string; qrSvg: string } {
  const uri = totpOf(secretBase32, account, issuer).toString();
  return { uri, qrSvg: renderSVG(uri, { border: 2, pixelSize: 6 }) };
}

/** The time step of `at`. */
export const totpStep = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** The time step `code` was made for (within the window around `at`), or null when it is no valid code now. */
export function stepOf(secretBase32: string, code: string, at: Date): number | null {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: at.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : totpStep(at) + delta;
}

/** The code of `at` (the sandbox's demo staff page, tests). */
export const totpCode = (secretBase32: string, at: Date): string =>
  totpOf(secretBase32).generate({ timestamp: at.getTime() });

const FORMAT = 'v1';

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function encryptTotpSecret(key: Uint8Array, secretBase32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decryptTotpSecret(key: Uint8Array, stored: string): string {
  const [format, iv, tag, ciphertext] = stored.split('.');
  if (format !== FORMAT || !iv || !tag || !ciphertext) throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
