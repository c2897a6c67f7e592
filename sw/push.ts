import {
  GENERIC_REMINDER_TEXT,
  NOTIFICATION_ACTIONS,
  NOTIFICATION_BADGE,
  NOTIFICATION_ICON,
  loanFlowNotificationSchema,
  payoutNotificationSchema,
  reminderNotificationSchema,
  type LoanFlowNotification,
  type PayoutNotification,
  type ReminderNotification,
} from '../src/shared/push.ts';
import { z } from 'zod';
import { buildPath } from '../src/shared/routes/paths.ts';

/**
 * Web push in the service worker: `push` shows the payment reminder the server sent (src/shared/push.ts), and
 * `notificationclick` opens the right page — "Pagar ahora" (or a click on the notification itself) the
 * instalment's payment page, "Ver préstamo" the customer area — in an open window of the app when there is one.
 *
 * The handlers are written against the few members of `ServiceWorkerGlobalScope` they use (`PushScope`), which the
 * real scope satisfies, so service-worker.ts wires them with `registerPushHandlers(self)` and the unit tests with
 * a fake scope.
 */

export interface PushEventLike {
  readonly data: { text(): string } | null;
  waitUntil(promise: Promise<unknown>): void;
}

export interface NotificationClickEventLike {
  readonly action: string;
  readonly notification: { readonly data: unknown; close(): void };
  waitUntil(promise: Promise<unknown>): void;
}

export interface WindowClientLike {
  readonly url: string;
  readonly focused?: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/** Chromium's notification options beyond the standard typings (buttons, alert again on replace). */
export interface ReminderNotificationOptions extends NotificationOptions {
  actions?: Array<{ action: string; title: string }>;
  renotify?: boolean;
}

export interface PushScope {
  readonly location: { readonly origin: string };
  readonly registration: { showNotification(title: string, options?: ReminderNotificationOptions): Promise<void> };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<ReadonlyArray<WindowClientLike>>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEventLike) => void): void;
}

/** Where a click goes: the payment page and the customer area, as app paths. */
interface ClickData {
  url: string;
  dashboardUrl: string;
}

const clickDataSchema = reminderNotificationSchema.pick({ url: true, dashboardUrl: true });
const GENERIC_TAG = 'payment-reminder';

/** What a push can carry: a payment reminder, the unfinished loan flow's reminder or the payout's notice. */
const notificationSchema = z.union([reminderNotificationSchema, loanFlowNotificationSchema, payoutNotificationSchema]);
export type PushNotification = ReminderNotification | LoanFlowNotification | PayoutNotification;

/** The reminder of a push, or null when the payload is missing, not JSON or not a reminder. */
export function readReminder(data: PushEventLike['data']): PushNotification | null {
  if (!data) return null;
  try {
    const parsed = notificationSchema.safeParse(JSON.parse(data.text()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What `showNotification` gets for a push: the reminder, or a generic Spanish one (a push must always show one). */
export function notificationFor(reminder: PushNotification | null): {
  title: string;
  options: ReminderNotificationOptions;
} {
  const common = { icon: NOTIFICATION_ICON, badge: NOTIFICATION_BADGE, lang: 'es', renotify: true };
  if (!reminder) {
    const dashboardUrl = buildPath('dashboard');
    return {
      title: GENERIC_REMINDER_TEXT.title,
      options: {
        ...common,
        body: GENERIC_REMINDER_TEXT.body,
        tag: GENERIC_TAG,
        data: { url: dashboardUrl, dashboardUrl } satisfies ClickData,
      },
    };
  }
  return {
    title: reminder.title,
    options: {
      ...common,
      body: reminder.body,
      tag: reminder.tag,
      data: { url: reminder.url, dashboardUrl: reminder.dashboardUrl } satisfies ClickData,
      // The payment buttons belong to a payment reminder; a flow reminder or the payout opens its page on a click.
      ...('installmentId' in reminder
        ? { actions: NOTIFICATION_ACTIONS.map(({ action, title }) => ({ action, title })) }
        : {}),
    },
  };
}

/** The absolute URL a click opens: 'loan' → the customer area, anything else → the payment page. */
export function clickTarget(action: string, data: unknown, origin: string): string {
  const parsed = clickDataSchema.safeParse(data);
  const dashboardUrl = buildPath('dashboard');
  const path = parsed.success ? (action === 'loan' ? parsed.data.dashboardUrl : parsed.data.url) : dashboardUrl;
  const url = new URL(path, origin);
  return url.origin === origin ? url.href : new URL(dashboardUrl, origin).href;
}

const sameOrigin = (url: string, origin: string) => {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
};

/** Focus a window of the app (the focused one first) and take it to `target`; open one when none is open. */
export async function openOrFocus(scope: PushScope, target: string): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const ours = windows.filter((client) => sameOrigin(client.url, scope.location.origin));
  const client = ours.find((candidate) => candidate.url === target) ?? ours.find((c) => c.focused) ?? ours[0];
  if (!client) {
    await scope.clients.openWindow(target);
    return;
  }
  await client.focus();
  if (client.url === target) return;
  try {
    // Only a window this worker controls can be navigated; otherwise open the page in a new one.
    if ((await client.navigate(target)) !== null) return;
  } catch {
    // fall through
  }
  await scope.clients.openWindow(target);
}

export function registerPushHandlers(scope: PushScope): void {
  scope.addEventListener('push', (event) => {
    const { title, options } = notificationFor(readReminder(event.data));
    event.waitUntil(scope.registration.showNotification(title, options));
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const target = clickTarget(event.action, event.notification.data, scope.location.origin);
    event.waitUntil(openOrFocus(scope, target));
  });
}
