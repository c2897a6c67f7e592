import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getPushState,
  isPushSupported,
  PushSubscriptionError,
  subscribeToPush,
  unsubscribeFromPush,
  type PushRegistration,
  type PushSubscriptionLike,
} from '../../../../src/lib/pwa/push-subscription.ts';

/** The browser side of web push with a fake pushManager and a stubbed Notification permission. */

/** A VAPID public key as the server gives it: 65 bytes (0x04 + X + Y), base64url. */
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, index) => (index === 0 ? 4 : index));
const PUBLIC_KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');
const OTHER_KEY = Uint8Array.from({ length: 65 }, (_, index) => (index === 0 ? 4 : 200 - index));

function fakeSubscription(endpoint: string, key: Uint8Array = KEY_BYTES) {
  const subscription = {
    endpoint,
    options: { applicationServerKey: key.slice().buffer },
    unsubscribed: false,
    toJSON: () => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: 'BPcMbMQnbC0y0Ww', auth: 'c2VjcmV0LWF1dGg' },
    }),
    unsubscribe: vi.fn(async () => {
      subscription.unsubscribed = true;
      return true;
    }),
  };
  return subscription;
}
type FakeSubscription = ReturnType<typeof fakeSubscription>;

function fakeRegistration(options: {
  existing?: FakeSubscription | null;
  subscribe?: () => Promise<FakeSubscription>;
}) {
  let current: PushSubscriptionLike | null = options.existing ?? null;
  const subscribe = vi.fn(async (init: PushSubscriptionOptionsInit) => {
    void init;
    const created = await (options.subscribe ?? (async () => fakeSubscription('https://push.example/new')))();
    current = created;
    return created;
  });
  const registration: PushRegistration = {
    pushManager: {
      getSubscription: async () => (current && !('unsubscribed' in current && current.unsubscribed) ? current : null),
      subscribe,
    },
  };
  return { registration, subscribe };
}

let permission: NotificationPermission;
let answer: NotificationPermission;
const requestPermission = vi.fn(async () => {
  permission = answer;
  return answer;
});

beforeEach(() => {
  permission = 'default';
  answer = 'granted';
  requestPermission.mockClear();
  const NotificationStub = Object.defineProperty(function Notification() {}, 'permission', {
    get: () => permission,
  });
  vi.stubGlobal('Notification', Object.assign(NotificationStub, { requestPermission }));
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const errorOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PushSubscriptionError);
    return error as PushSubscriptionError;
  }
  throw new Error('expected a PushSubscriptionError');
};

describe('isPushSupported / getPushState', () => {
  it('is unsupported without the Push API (e.g. Safari on iOS outside the home screen)', async () => {
    expect(isPushSupported()).toBe(true);
    vi.stubGlobal('PushManager', undefined);
    Reflect.deleteProperty(globalThis, 'PushManager');
    expect(isPushSupported()).toBe(false);
    expect(await getPushState(fakeRegistration({}).registration)).toBe('unsupported');
    expect(
      (
        await errorOf(
          subscribeToPush({ registration: fakeRegistration({}).registration, publicKey: PUBLIC_KEY, save: vi.fn() }),
        )
      ).message,
    ).toBe('Tu navegador no permite recibir notificaciones. En iPhone, añade la app a tu pantalla de inicio.');
  });

  it('tells denied, subscribed and unsubscribed apart', async () => {
    expect(await getPushState(null)).toBe('unsupported');
    permission = 'denied';
    expect(
      await getPushState(fakeRegistration({ existing: fakeSubscription('https://push.example/a') }).registration),
    ).toBe('denied');
    permission = 'granted';
    expect(
      await getPushState(fakeRegistration({ existing: fakeSubscription('https://push.example/a') }).registration),
    ).toBe('subscribed');
    expect(await getPushState(fakeRegistration({}).registration)).toBe('unsubscribed');
    permission = 'default';
    expect(await getPushState(fakeRegistration({}).registration)).toBe('unsubscribed');
  });
});

describe('subscribeToPush', () => {
  it('asks permission, subscribes with the server’s key (userVisibleOnly) and saves the subscription', async () => {
    const { registration, subscribe } = fakeRegistration({});
    const save = vi.fn(async () => true);
    const saved = await subscribeToPush({ registration, publicKey: async () => PUBLIC_KEY, save });
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(subscribe).toHaveBeenCalledOnce();
    const init = subscribe.mock.calls[0]![0];
    expect(init.userVisibleOnly).toBe(true);
    expect(Array.from(init.applicationServerKey as Uint8Array)).toEqual(Array.from(KEY_BYTES));
    const expected = {
      endpoint: 'https://push.example/new',
      expirationTime: null,
      keys: { p256dh: 'BPcMbMQnbC0y0Ww', auth: 'c2VjcmV0LWF1dGg' },
    };
    expect(save).toHaveBeenCalledWith(expected);
    expect(saved).toEqual(expected);
    expect(await getPushState(registration)).toBe('subscribed');
  });

  it('reuses the browser’s subscription made with the same key, and replaces one made with another key', async () => {
    const same = fakeSubscription('https://push.example/same');
    const first = fakeRegistration({ existing: same });
    permission = 'granted';
    await subscribeToPush({ registration: first.registration, publicKey: PUBLIC_KEY, save: vi.fn(async () => true) });
    expect(requestPermission).not.toHaveBeenCalled();
    expect(first.subscribe).not.toHaveBeenCalled();

    const stale = fakeSubscription('https://push.example/stale', OTHER_KEY);
    const second = fakeRegistration({ existing: stale });
    const save = vi.fn(async () => true);
    await subscribeToPush({ registration: second.registration, publicKey: PUBLIC_KEY, save });
    expect(stale.unsubscribe).toHaveBeenCalledOnce();
    expect(second.subscribe).toHaveBeenCalledOnce();
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ endpoint: 'https://push.example/new' }));
  });

  it('rejects with "denied" (Spanish message) when the customer blocks notifications, without subscribing', async () => {
    answer = 'denied';
    const { registration, subscribe } = fakeRegistration({});
    const save = vi.fn();
    const error = await errorOf(subscribeToPush({ registration, publicKey: PUBLIC_KEY, save }));
    expect(error.code).toBe('denied');
    expect(error.message).toBe('Has bloqueado las notificaciones. Puedes activarlas en los ajustes de tu navegador.');
    expect(subscribe).not.toHaveBeenCalled();
    expect(save).not.toHaveBeenCalled();
    expect(await getPushState(registration)).toBe('denied');

    answer = 'default';
    permission = 'default';
    expect((await errorOf(subscribeToPush({ registration, publicKey: PUBLIC_KEY, save }))).code).toBe('dismissed');
  });

  it('rejects with "timeout" when the push service never answers, and undoes a subscription that arrives late', async () => {
    vi.useFakeTimers();
    let settle: (subscription: FakeSubscription) => void = () => undefined;
    const late = fakeSubscription('https://push.example/late');
    const { registration } = fakeRegistration({
      subscribe: () => new Promise<FakeSubscription>((resolve) => (settle = resolve)),
    });
    const save = vi.fn();
    const pending = errorOf(subscribeToPush({ registration, publicKey: PUBLIC_KEY, save, timeoutMs: 10_000 }));
    await vi.advanceTimersByTimeAsync(9_999);
    let done = false;
    void pending.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.code).toBe('timeout');
    expect(error.message).toBe(
      'No hemos podido activar las notificaciones: el servicio de notificaciones no responde. Inténtalo más tarde.',
    );
    expect(save).not.toHaveBeenCalled();

    settle(late);
    await vi.advanceTimersByTimeAsync(0);
    expect(late.unsubscribe).toHaveBeenCalledOnce();
  });

  it('unsubscribes the browser again when the server cannot save the subscription', async () => {
    const created = fakeSubscription('https://push.example/unsaved');
    const { registration } = fakeRegistration({ subscribe: async () => created });
    const error = await errorOf(
      subscribeToPush({ registration, publicKey: PUBLIC_KEY, save: () => Promise.reject(new Error('offline')) }),
    );
    expect(error.code).toBe('saveFailed');
    expect(created.unsubscribe).toHaveBeenCalledOnce();
    expect(await getPushState(registration)).toBe('unsubscribed');
  });

  it('reports a subscribe failure of the browser as "failed"', async () => {
    const { registration } = fakeRegistration({
      subscribe: () => Promise.reject(new DOMException('Registration failed - push service error', 'AbortError')),
    });
    const error = await errorOf(subscribeToPush({ registration, publicKey: PUBLIC_KEY, save: vi.fn() }));
    expect(error.code).toBe('failed');
    expect(error.cause).toBeInstanceOf(DOMException);
  });
});

describe('unsubscribeFromPush', () => {
  it('unsubscribes the browser and tells the server the endpoint', async () => {
    const existing = fakeSubscription('https://push.example/mine');
    const { registration } = fakeRegistration({ existing });
    const remove = vi.fn(async () => true);
    expect(await unsubscribeFromPush({ registration, remove })).toBe(true);
    expect(existing.unsubscribe).toHaveBeenCalledOnce();
    expect(remove).toHaveBeenCalledWith('https://push.example/mine');
    expect(await unsubscribeFromPush({ registration, remove })).toBe(false);
    expect(remove).toHaveBeenCalledOnce();
  });

  it('reports "removeFailed" when the server cannot be told, with the browser already unsubscribed', async () => {
    const existing = fakeSubscription('https://push.example/mine');
    const { registration } = fakeRegistration({ existing });
    const error = await errorOf(
      unsubscribeFromPush({ registration, remove: () => Promise.reject(new Error('offline')) }),
    );
    expect(error.code).toBe('removeFailed');
    expect(existing.unsubscribe).toHaveBeenCalledOnce();
  });
});
