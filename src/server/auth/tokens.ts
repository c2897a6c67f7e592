import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { JWT_TTL_SECONDS } from '../../shared/constants.ts';

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

/** Verify signature, algorithm and expiry (against `now`); null for anything invalid, never a throw. */
export async function verifySessionToken(key: Uint8Array, token: string, now: Date): Promise<SessionClaims | null> {
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
    return {
      customerId,
      role: typeof payload['role'] === 'string' ? payload['role'] : 'user',
      jti: payload.jti,
      expiresAt: new Date(payload.exp * 1000),
    };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
