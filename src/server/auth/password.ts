import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * PIN/password hashing with scrypt (node:crypto). The stored string carries its parameters, so they can be raised
 * later without invalidating older hashes: `scrypt$<N>$<r>$<p>$<salt base64url>$<hash base64url>`.
 */
const DEFAULTS = { N: 16_384, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(
      password.normalize('NFC'),
      salt,
      keyLength,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(DEFAULTS.saltLength);
  const key = await scrypt(password, salt, DEFAULTS.keyLength, { N: DEFAULTS.N, r: DEFAULTS.r, p: DEFAULTS.p });
  return ['scrypt', DEFAULTS.N, DEFAULTS.r, DEFAULTS.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

/** Constant-time check of `password` against a stored hash; false (never a throw) for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, hashText] = parts as [string, string, string, string, string, string];
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (![N, R, P].every((value) => Number.isSafeInteger(value) && value > 0)) return false;
  const expected = Buffer.from(hashText, 'base64url');
  if (expected.length === 0) return false;
  const actual = await scrypt(password, Buffer.from(saltText, 'base64url'), expected.length, { N, r: R, p: P });
  return timingSafeEqual(actual, expected);
}

/** True when the hash was made with weaker parameters than today's (re-hash after a successful login). */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) < DEFAULTS.N || Number(r) < DEFAULTS.r || Number(p) < DEFAULTS.p;
}
