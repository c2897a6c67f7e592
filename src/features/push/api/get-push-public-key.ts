import { callApi } from '../../../lib/api/client.ts';
import { PushPublicKeyGet } from '../../../shared/api/push.ts';

/** The server's VAPID public key (base64url), the `applicationServerKey` of the subscription. */
export async function getPushPublicKey(): Promise<string> {
  const { publicKey } = await callApi(PushPublicKeyGet, {}, { ignoreErrors: true });
  return publicKey;
}
