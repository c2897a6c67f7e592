import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { getOrCreateSecret } from '../../db/app-secrets.ts';
import type { Executor } from '../../db/connect.ts';
import { findCustomerContact } from './repository.ts';

/**
 * The `key` of an e-mail's unsubscribe link (`/unsubscribe?camp=&key=&userTo=`) proves which customer, and which
 * campaign, it was made for:
 *
 *   userKey = base64url(customerId) "." base64url(HMAC-SHA256(linkKey, "unsubscribe\n" customerId "\n" campaignId))
 *
 * `linkKey` is 32 random bytes generated on first use and kept in `app_secrets` (`unsubscribe_link_key`), so every
 * instance on the database agrees and links keep working across restarts and JWT_SECRET rotations. Links do not
 * expire: an unsubscribe link must keep working as long as the e-mail exists. `userTo` (the address the e-mail went
 * to) is not part of the proof: the customer may have changed address since.
 */

const SECRET_NAME = 'unsubscribe_link_key';
const MAX_ID = 2_147_483_647;

const keys = new WeakMap<object, Promise<Buffer>>();

/** The link key of this database (read once per process). */
export function unsubscribeLinkKey(db: Executor): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = getOrCreateSecret(db, SECRET_NAME, () => randomBytes(32).toString('base64url')).then((value) =>
      Buffer.from(value, 'base64url'),
    );
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const macOf = (key: Buffer, customerId: number, campaignId: string) =>
  createHmac('sha256', key).update(`unsubscribe\n${customerId}\n${campaignId}`, 'utf8').digest();

export function signUnsubscribeKey(key: Buffer, customerId: number, campaignId: string): string {
  return `${Buffer.from(String(customerId), 'utf8').toString('base64url')}.${macOf(key, customerId, campaignId).toString('base64url')}`;
}

/** The customer a key was made for (with this campaign), or null for anything forged, altered or malformed. */
export function verifyUnsubscribeKey(key: Buffer, userKey: string, campaignId: string): number | null {
  const match = /^([A-Za-z0-9_-]{1,16})\.([A-Za-z0-9_-]{43})$/.exec(userKey);
  if (!match) return null;
  const idText = Buffer.from(match[1] as string, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(idText) || Number(idText) > MAX_ID) return null;
  const customerId = Number(idText);
  const given = Buffer.from(match[2] as string, 'base64url');
  const expected = macOf(key, customerId, campaignId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? customerId : null;
}

/**
 * The unsubscribe URL to put in a marketing e-mail of `campaignId` to this customer:
 * `<PUBLIC_URL>/unsubscribe?camp=<campaignId>&key=<userKey>&userTo=<e-mail>`. Null when there is no such customer.
 */
export async function unsubscribeLinkFor(
  deps: { db: Executor; publicUrl: string },
  customerId: number,
  campaignId: string,
): Promise<string | null> {
  const contact = await findCustomerContact(deps.db, customerId);
  if (!contact) return null;
  const key = await unsubscribeLinkKey(deps.db);
  const query = new URLSearchParams({
    camp: campaignId,
    key: signUnsubscribeKey(key, customerId, campaignId),
    userTo: contact.email,
  });
  return `${deps.publicUrl.replace(/\/+$/, '')}/unsubscribe?${query.toString()}`;
}
