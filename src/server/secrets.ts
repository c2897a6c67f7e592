import { randomBytes } from 'node:crypto';
import type { AppConfig } from './config.ts';
import { getOrCreateSecret } from './db/app-secrets.ts';
import type { Database } from './db/connect.ts';

export interface AppSecrets {
  /** HS256 key of the session JWTs. */
  jwtKey: Uint8Array;
  /** VAPID keys of web push (base64url, as `web-push` uses them) and the subject. */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** HMAC-SHA256 key of the direct-transfer provider's callback (modules/transfer). */
  directTransferCallbackKey: Uint8Array;
  /** AES-256-GCM key of the staff's TOTP secrets (auth/totp.ts): 32 bytes, its own, never derived from the JWT secret. */
  staffTotpKey: Uint8Array;
}

/**
 * The JWT key, the VAPID keys, the direct-transfer callback key and the staff TOTP key: from the environment when set, otherwise generated on first start and kept in
 * `app_secrets`, so restarts and every instance on the same database agree. A few milliseconds on later starts.
 */
export async function loadSecrets(
  db: Database,
  config: Pick<AppConfig, 'jwtSecret' | 'vapid' | 'vapidSubject'> &
    Partial<Pick<AppConfig, 'directTransferCallbackSecret' | 'staffTotpKey'>>,
): Promise<AppSecrets> {
  const jwtSecret =
    config.jwtSecret ?? (await getOrCreateSecret(db, 'jwt_secret', () => randomBytes(48).toString('base64url')));
  let vapid = config.vapid;
  if (!vapid) {
    // web-push is loaded only when the keys are made (the first start), not on every start.
    const stored = await getOrCreateSecret(db, 'vapid_keys', async () =>
      JSON.stringify((await import('web-push')).default.generateVAPIDKeys()),
    );
    vapid = JSON.parse(stored) as { publicKey: string; privateKey: string };
  }
  const callbackSecret =
    config.directTransferCallbackSecret ??
    (await getOrCreateSecret(db, 'direct_transfer_callback_secret', () => randomBytes(48).toString('base64url')));
  const staffTotpKey =
    config.staffTotpKey ?? (await getOrCreateSecret(db, 'staff_totp_key', () => randomBytes(32).toString('base64url')));
  return {
    staffTotpKey: new Uint8Array(Buffer.from(staffTotpKey, 'base64url')),
    directTransferCallbackKey: new TextEncoder().encode(callbackSecret),
    jwtKey: new TextEncoder().encode(jwtSecret),
    vapid: { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: config.vapidSubject },
  };
}
