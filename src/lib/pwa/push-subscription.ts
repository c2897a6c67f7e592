import { pushSubscriptionPayloadSchema, type PushSubscriptionPayload } from '../../shared/api/push.ts';
import { PUSH_SUBSCRIPTION_MESSAGES } from '../../shared/push.ts';

/**
 * Web push in the page: is it supported, is this browser subscribed, subscribe (ask permission, subscribe with the
 * server's VAPID key, hand the subscription to the server) and unsubscribe. The server calls are the caller's
 * (`save`, `remove`, `publicKey`), so this module depends on no API client.
 *
 * `subscribeToPush` asks for the notification permission: call it ONLY from a user gesture (a click on
 * "Activar notificaciones"), directly in the handler — browsers ignore or block permission prompts that no gesture
 * started, and Chrome quietens sites that prompt on load. The prompt is the first thing it does, before any await.
 *
 * Without a reachable push service (no network, a browser without one, some test profiles)
 * `pushManager.subscribe` may never settle, so it is raced with a timeout that rejects with a
 * `PushSubscriptionError` whose `code` is 'timeout'. Every failure is a `PushSubscriptionError` whose `message` is
 * the Spanish text for the customer.
 */

export type PushState = 'unsupported' | 'denied' | 'subscribed' | 'unsubscribed';

export type PushSubscriptionErrorCode = keyof typeof PUSH_SUBSCRIPTION_MESSAGES;

export class PushSubscriptionError extends Error {
  constructor(
    readonly code: PushSubscriptionErrorCode,
    options?: { cause?: unknown },
  ) {
    super(PUSH_SUBSCRIPTION_MESSAGES[code], options);
    this.name = 'PushSubscriptionError';
  }
}

/** How long `pushManager.subscribe` may take before `subscribeToPush` gives up. */
export const PUSH_SUBSCRIBE_TIMEOUT_MS = 10_000;

/** The part of a browser `PushSubscription` used here. */
export interface PushSubscriptionLike {
  readonly endpoint: string;
  readonly options?: { readonly applicationServerKey: ArrayBuffer | null };
  toJSON(): PushSubscriptionJSON;
  unsubscribe(): Promise<boolean>;
}

/** The part of a `ServiceWorkerRegistration` used here (a real registration is one). */
export interface PushRegistration {
  readonly pushManager: {
    getSubscription(): Promise<PushSubscriptionLike | null>;
    subscribe(options: PushSubscriptionOptionsInit): Promise<PushSubscriptionLike>;
  };
}

/** Push needs a service worker, the Push API and notifications (iOS: only for an app added to the home screen). */
export function isPushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in globalThis &&
    'Notification' in globalThis
  );
}

const notificationPermission = (): NotificationPermission => globalThis.Notification.permission;

export async function getPushState(registration: PushRegistration | null | undefined): Promise<PushState> {
  if (!isPushSupported() || !registration?.pushManager) return 'unsupported';
  const permission = notificationPermission();
  if (permission === 'denied') return 'denied';
  const subscription = await registration.pushManager.getSubscription();
  return subscription && permission === 'granted' ? 'subscribed' : 'unsubscribed';
}

/** Base64url (the VAPID public key as the server gives it) → bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

const sameBytes = (buffer: ArrayBuffer | null | undefined, bytes: Uint8Array) => {
  if (!buffer || buffer.byteLength !== bytes.length) return false;
  const view = new Uint8Array(buffer);
  return view.every((byte, index) => byte === bytes[index]);
};

/**
 * `promise`, or a 'timeout' rejection after `ms`. A subscription that arrives after the timeout is undone, so the
 * browser never stays subscribed without the server knowing.
 */
function withTimeout<T>(promise: Promise<T>, ms: number, undoLate?: (value: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      reject(new PushSubscriptionError('timeout'));
    }, ms);
    promise.then(
      (value) => {
        if (timedOut) undoLate?.(value);
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof PushSubscriptionError ? error : toSubscribeError(error));
      },
    );
  });
}

const toSubscribeError = (error: unknown) =>
  new PushSubscriptionError(error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'failed', {
    cause: error,
  });

export interface SubscribeOptions {
  registration: PushRegistration | null | undefined;
  /** The server's VAPID public key (base64url), or a function that fetches it (called after the prompt). */
  publicKey: string | (() => Promise<string>);
  /** Stores the subscription on the server (PushSubscriptionPost). */
  save: (subscription: PushSubscriptionPayload) => Promise<unknown>;
  timeoutMs?: number;
}

/**
 * Ask permission (user gesture only), subscribe with the server's key (reusing the browser's subscription when it
 * was made with the same key) and save it on the server. Resolves with what was saved.
 */
export async function subscribeToPush(options: SubscribeOptions): Promise<PushSubscriptionPayload> {
  const { registration, publicKey, save, timeoutMs = PUSH_SUBSCRIBE_TIMEOUT_MS } = options;
  if (!isPushSupported() || !registration?.pushManager) throw new PushSubscriptionError('unsupported');
  const current = notificationPermission();
  // The prompt comes first, while the click's user activation is still fresh.
  const permission = current === 'granted' ? current : await globalThis.Notification.requestPermission();
  if (permission === 'denied') throw new PushSubscriptionError('denied');
  if (permission !== 'granted') throw new PushSubscriptionError('dismissed');

  let key: Uint8Array<ArrayBuffer>;
  try {
    key = base64UrlToBytes(typeof publicKey === 'string' ? publicKey : await publicKey());
  } catch (error) {
    throw new PushSubscriptionError('failed', { cause: error });
  }
  const { pushManager } = registration;
  const existing = await withTimeout(pushManager.getSubscription(), timeoutMs);
  let subscription: PushSubscriptionLike;
  if (existing && sameBytes(existing.options?.applicationServerKey, key)) {
    subscription = existing;
  } else {
    // Made with another key (the server's keys changed): it cannot receive our messages any more.
    if (existing) await existing.unsubscribe().catch(() => false);
    subscription = await withTimeout(
      pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
      timeoutMs,
      (late) => void late.unsubscribe().catch(() => false),
    );
  }

  const payload = pushSubscriptionPayloadSchema.safeParse(subscription.toJSON());
  if (!payload.success) {
    await subscription.unsubscribe().catch(() => false);
    throw new PushSubscriptionError('failed', { cause: payload.error });
  }
  try {
    await save(payload.data);
  } catch (error) {
    // The server does not know this subscription: do not leave the browser subscribed.
    await subscription.unsubscribe().catch(() => false);
    throw new PushSubscriptionError('saveFailed', { cause: error });
  }
  return payload.data;
}

export interface UnsubscribeOptions {
  registration: PushRegistration | null | undefined;
  /** Forgets the endpoint on the server (PushSubscriptionDelete). */
  remove: (endpoint: string) => Promise<unknown>;
}

/**
 * Unsubscribe this browser, then tell the server. Resolves false when there was no subscription. When the server
 * cannot be told ('removeFailed'), the browser is already unsubscribed and the server deletes the endpoint by itself
 * the next time the push service answers 404/410 for it.
 */
export async function unsubscribeFromPush(options: UnsubscribeOptions): Promise<boolean> {
  const { registration, remove } = options;
  if (!registration?.pushManager) return false;
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return false;
  const { endpoint } = subscription;
  try {
    await subscription.unsubscribe();
  } catch (error) {
    throw new PushSubscriptionError('failed', { cause: error });
  }
  try {
    await remove(endpoint);
  } catch (error) {
    throw new PushSubscriptionError('removeFailed', { cause: error });
  }
  return true;
}
