import { z } from 'zod';
import { ackSchema, urlTextSchema } from './common.ts';
import { defineCall } from './define.ts';

/** Web push: the server's VAPID public key and the customer's subscriptions (`/api/communication/push`). */

/** Base64url text (the browser's `PushSubscription.toJSON()` keys; padding tolerated). */
const base64UrlSchema = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');

/**
 * A browser push subscription as `PushSubscription.toJSON()` gives it. The server also checks what a schema cannot:
 * the endpoint is https (plain http only to localhost while SANDBOX is on) and the keys are a P-256 public key
 * (65 bytes) and a 16-byte auth secret; otherwise `InvalidPushSubscription`.
 */
export const pushSubscriptionPayloadSchema = z.strictObject({
  endpoint: z.url().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: base64UrlSchema.min(1).max(200), auth: base64UrlSchema.min(1).max(100) }),
});
export type PushSubscriptionPayload = z.infer<typeof pushSubscriptionPayloadSchema>;

export const PushPublicKeyGet = defineCall({
  name: 'PushPublicKeyGet',
  method: 'GET',
  path: '/api/communication/push/publicKey',
  auth: 'public',
  roles: ['public'],
  /** The VAPID public key, base64url (the `applicationServerKey` of `pushManager.subscribe`). */
  response: z.object({ publicKey: z.string() }),
});

/** Stores (or refreshes) a subscription for the logged-in customer; the same endpoint is stored once. */
export const PushSubscriptionPost = defineCall({
  name: 'PushSubscriptionPost',
  method: 'POST',
  path: '/api/communication/push/subscription',
  auth: 'customer',
  roles: ['user'],
  body: pushSubscriptionPayloadSchema,
  response: ackSchema,
  errors: ['InvalidPushSubscription'],
});

/** Forgets a subscription (logout, permission revoked); deleting an unknown endpoint is not an error. */
export const PushSubscriptionDelete = defineCall({
  name: 'PushSubscriptionDelete',
  method: 'DELETE',
  path: '/api/communication/push/subscription',
  auth: 'customer',
  roles: ['user'],
  body: z.strictObject({ endpoint: urlTextSchema }),
  response: ackSchema,
});

export const pushCalls = { PushPublicKeyGet, PushSubscriptionPost, PushSubscriptionDelete } as const;
