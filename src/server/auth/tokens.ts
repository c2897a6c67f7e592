import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { JWT_TTL_SECONDS } from '../../shared/constants.ts';
import { keepClaims, keptClaims } from './session-cache.ts';

/** The claims of a session JWT: `sub` is the customer id (as a string), `jti` names the session row. */
export interface SessionClaims {
  customerId: number;
  role: string;
  jti: string;
  expiresAt: Date;
}

const ALGORITHM = 'HS256';

export async function signSessionToken(
  key: Uint8Array,
  claims: { customerId: number; role: string },
  now: Date,
  ttlSeconds: number = JWT_TTL_SECONDS,
): Promise<{ token: string; jti: string; expiresAt: Date }> {
  const jti = randomUUID();
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = new Date((issuedAt + ttlSeconds) * 1000);
  const token = await new SignJWT({ role: claims.role })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.customerId))
    .setJti(jti)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(key);
  return { token, jti, expiresAt };
}

/** What a verified token keeps (./session-cache.ts): its claims and the time checks jose made (`nbf`, `exp`). */
interface VerifiedToken {
  claims: SessionClaims;
  notBefore: number | undefined;
  expires: number;
}

/**
 * Verify signature, algorithm and expiry (against `now`); null for anything invalid, never a throw. A token that
 * passed once is not verified again: its kept claims answer after the same time checks as jose's (seconds, no
 * tolerance), so an expired token is refused exactly as before.
 */
export function verifySessionToken(key: Uint8Array, token: string, now: Date): Promise<SessionClaims | null> {
  const kept = keptClaims<VerifiedToken>(key, token);
  if (kept) {
    const seconds = Math.floor(now.getTime() / 1000);
    const valid = (kept.notBefore === undefined || kept.notBefore <= seconds) && kept.expires > seconds;
    return Promise.resolve(valid ? kept.claims : null);
  }
  return verifyWithJose(key, token, now);
}

async function verifyWithJose(key: Uint8Array, token: string, now: Date): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      currentDate: now,
      requiredClaims: ['sub', 'jti', 'exp'],
    });
    const customerId = Number(payload.sub);
    if (
      !Number.isSafeInteger(customerId) ||
      customerId <= 0 ||
      typeof payload.jti !== 'string' ||
      typeof payload.exp !== 'number'
    )
      return null;
    const claims: SessionClaims = {
      customerId,
      role: typeof payload['role'] === 'string' ? payload['role'] : 'user',
      jti: payload.jti,
      expiresAt: new Date(payload.exp * 1000),
    };
    keepClaims<VerifiedToken>(key, token, { claims, notBefore: payload.nbf, expires: payload.exp });
    return claims;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
