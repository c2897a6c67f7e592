import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { buildReminderNotification } from '../../../src/shared/push.ts';
import {
  registerPushHandlers,
  type NotificationClickEventLike,
  type PushEventLike,
  type PushScope,
  type ReminderNotificationOptions,
  type WindowClientLike,
} from '../../../sw/push.ts';

/** The service worker's push handlers against a fake ServiceWorkerGlobalScope. */

const ORIGIN = 'https://app.prestamorapido.example';

const reminder = buildReminderNotification({
  kind: 'dueTomorrow',
  amountCents: 29_999,
  dueDate: '2026-12-30',
  loanId: 41,
  installmentId: 507,
});
const PAY_URL = `${ORIGIN}/payment/pay/debit-card/41/507?paymentOption=firstNotPaidInstallment`;
const DASHBOARD_URL = `${ORIGIN}/dashboard`;

interface FakeWindow extends WindowClientLike {
  url: string;
  focus: Mock<() => Promise<unknown>>;
  navigate: Mock<(url: string) => Promise<unknown>>;
}

function fakeWindow(url: string, options: { focused?: boolean; controlled?: boolean } = {}): FakeWindow {
  const client: FakeWindow = {
    url,
    focused: options.focused ?? false,
    focus: vi.fn(async () => client),
    navigate: vi.fn(async (target: string) => {
      if (options.controlled === false) throw new TypeError('This service worker is not the client’s active one.');
      client.url = target;
      return client;
    }),
  };
  return client;
}

function fakeScope(windows: FakeWindow[] = []) {
  const listeners: { push?: (event: PushEventLike) => void; click?: (event: NotificationClickEventLike) => void } = {};
  const shown: Array<{ title: string; options: ReminderNotificationOptions | undefined }> = [];
  const opened: string[] = [];
  const scope: PushScope = {
    location: { origin: ORIGIN },
    registration: {
      showNotification: async (title, options) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url) => {
        opened.push(url);
        return null;
      },
    },
    addEventListener: ((type: string, listener: unknown) => {
      if (type === 'push') listeners.push = listener as (event: PushEventLike) => void;
      else listeners.click = listener as (event: NotificationClickEventLike) => void;
    }) as PushScope['addEventListener'],
  };
  registerPushHandlers(scope);

  const push = async (text: string | null) => {
    const pending: Array<Promise<unknown>> = [];
    listeners.push!({ data: text === null ? null : { text: () => text }, waitUntil: (p) => void pending.push(p) });
    expect(pending).toHaveLength(1);
    await Promise.all(pending);
  };
  const click = async (action: string, data: unknown) => {
    const pending: Array<Promise<unknown>> = [];
    const close = vi.fn();
    listeners.click!({ action, notification: { data, close }, waitUntil: (p) => void pending.push(p) });
    expect(close).toHaveBeenCalledOnce();
    expect(pending).toHaveLength(1);
    await Promise.all(pending);
  };
  return { shown, opened, push, click };
}

describe('service worker: push', () => {
  let sw: ReturnType<typeof fakeScope>;
  beforeEach(() => {
    sw = fakeScope();
  });

  it('shows the server’s reminder in Spanish, one per instalment (tag), with "Pagar ahora" and "Ver préstamo"', async () => {
    await sw.push(JSON.stringify(reminder));
    expect(sw.shown).toEqual([
      {
        title: 'Tu cuota vence mañana',
        options: {
          body: 'Tu cuota de 299,99\u00a0€ vence mañana, el 30/12/2026.',
          icon: '/icons/icon-192.png',
          badge: '/icons/badge-72.png',
          tag: 'installment-507',
          renotify: true,
          lang: 'es',
          data: {
            url: '/payment/pay/debit-card/41/507?paymentOption=firstNotPaidInstallment',
            dashboardUrl: '/dashboard',
          },
          actions: [
            { action: 'pay', title: 'Pagar ahora' },
            { action: 'loan', title: 'Ver préstamo' },
          ],
        },
      },
    ]);
  });

  it.each([
    ['an empty push', null],
    ['an empty text', ''],
    ['text that is not JSON', 'Tu cuota vence'],
    ['JSON that is not a reminder', JSON.stringify({ title: 'Hola' })],
    ['a reminder pointing to another site', JSON.stringify({ ...reminder, url: '//evil.example/pay' })],
  ])('still shows a generic Spanish reminder for %s (every push must show a notification)', async (_name, text) => {
    await sw.push(text);
    expect(sw.shown).toHaveLength(1);
    expect(sw.shown[0]).toMatchObject({
      title: 'Préstamo Rápido',
      options: {
        body: 'Tienes un aviso sobre tu préstamo. Consulta tus cuotas en tu área de clientes.',
        icon: '/icons/icon-192.png',
        lang: 'es',
        data: { url: '/dashboard', dashboardUrl: '/dashboard' },
      },
    });
    expect(sw.shown[0]?.options?.actions).toBeUndefined();
  });
});

describe('service worker: notificationclick', () => {
  const data = { url: reminder.url, dashboardUrl: reminder.dashboardUrl };

  it('"Pagar ahora" (and a click on the notification) focuses the open app window and takes it to the payment page', async () => {
    for (const action of ['pay', '']) {
      const other = fakeWindow('https://elsewhere.example/');
      const app = fakeWindow(`${ORIGIN}/`);
      const sw = fakeScope([other, app]);
      await sw.click(action, data);
      expect(app.focus).toHaveBeenCalledOnce();
      expect(app.navigate).toHaveBeenCalledWith(PAY_URL);
      expect(other.focus).not.toHaveBeenCalled();
      expect(sw.opened).toEqual([]);
    }
  });

  it('"Ver préstamo" takes the window to the customer area, preferring the focused window', async () => {
    const background = fakeWindow(`${ORIGIN}/`);
    const focused = fakeWindow(`${ORIGIN}/account`, { focused: true });
    const sw = fakeScope([background, focused]);
    await sw.click('loan', data);
    expect(focused.navigate).toHaveBeenCalledWith(DASHBOARD_URL);
    expect(background.navigate).not.toHaveBeenCalled();
  });

  it('only focuses a window already on the page', async () => {
    const there = fakeWindow(PAY_URL);
    const sw = fakeScope([fakeWindow(`${ORIGIN}/`, { focused: true }), there]);
    await sw.click('pay', data);
    expect(there.focus).toHaveBeenCalledOnce();
    expect(there.navigate).not.toHaveBeenCalled();
  });

  it('opens a new window when no window of the app is open, or when the open one cannot be navigated', async () => {
    const none = fakeScope([fakeWindow('https://elsewhere.example/')]);
    await none.click('pay', data);
    expect(none.opened).toEqual([PAY_URL]);

    const uncontrolled = fakeWindow(`${ORIGIN}/`, { controlled: false });
    const sw = fakeScope([uncontrolled]);
    await sw.click('loan', data);
    expect(uncontrolled.focus).toHaveBeenCalledOnce();
    expect(sw.opened).toEqual([DASHBOARD_URL]);
  });

  it('goes to the customer area when the notification carries no usable URL', async () => {
    for (const bad of [undefined, { url: 'https://evil.example/pay', dashboardUrl: '/dashboard' }, 'x']) {
      const sw = fakeScope();
      await sw.click('pay', bad);
      expect(sw.opened).toEqual([DASHBOARD_URL]);
    }
  });
});
