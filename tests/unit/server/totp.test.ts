// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decryptTotpSecret,
  encryptTotpSecret,
  groupedSecret,
  newTotpSecret,
  stepOf,
  totpCode,
  totpStep,
} from '../../../src/server/auth/totp.ts';

/** RFC 6238 Appendix B's SHA-1 seed, "12345678901234567890" in ASCII, as base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const at = (seconds: number) => new Date(seconds * 1000);

describe('TOTP (RFC 6238, SHA-1, 6 digits, 30 s)', () => {
  it('computes the RFC’s test vectors (their last six digits)', () => {
    expect(totpCode(RFC_SECRET, at(59))).toBe('287082');
    expect(totpCode(RFC_SECRET, at(1111111109))).toBe('081804');
    expect(totpCode(RFC_SECRET, at(1234567890))).toBe('005924');
    expect(totpCode(RFC_SECRET, at(20000000000))).toBe('353130');
  });

  it('answers the step a code was made for, one step either side, and null for anything else', () => {
    const now = at(1111111109);
    const step = totpStep(now);
    expect(stepOf(RFC_SECRET, totpCode(RFC_SECRET, now), now)).toBe(step);
    expect(stepOf(RFC_SECRET, totpCode(RFC_SECRET, at(1111111109 - 30)), now)).toBe(step - 1);
    expect(stepOf(RFC_SECRET, totpCode(RFC_SECRET, at(1111111109 + 30)), now)).toBe(step + 1);
    expect(stepOf(RFC_SECRET, totpCode(RFC_SECRET, at(1111111109 + 60)), now)).toBeNull();
    for (const bad of ['', '12345', '1234567', 'abcdef', ' 081804', '08180４'])
      expect(stepOf(RFC_SECRET, bad, now), bad).toBeNull();
  });

  it('draws 160-bit secrets, shown in groups of four', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    expect(groupedSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});

describe('the secret at rest (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('encrypts with a fresh IV each time and decrypts back', () => {
    const first = encryptTotpSecret(key, RFC_SECRET);
    expect(first).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(first).not.toContain(RFC_SECRET);
    expect(encryptTotpSecret(key, RFC_SECRET)).not.toBe(first);
    expect(decryptTotpSecret(key, first)).toBe(RFC_SECRET);
  });

  it('refuses another key, a changed byte and an unknown format', () => {
    const stored = encryptTotpSecret(key, RFC_SECRET);
    expect(() => decryptTotpSecret(randomBytes(32), stored)).toThrow();
    const [format, iv, tag, ciphertext] = stored.split('.') as [string, string, string, string];
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptTotpSecret(key, [format, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => decryptTotpSecret(key, `v2.${iv}.${tag}.${ciphertext}`)).toThrow('unknown TOTP secret format');
  });
});
