import { z } from 'zod';
import { BRAND } from './constants.ts';
import { formatDate, isIsoDate, type IsoDate } from './dates.ts';
import { formatMoney } from './money.ts';
import { buildPath, fillPath } from './routes/paths.ts';
import { LOAN_FLOW_QUERY, type RouteKey } from './routes/table.ts';
import type { PaymentMethod } from './payment-statuses.ts';

/**
 * Web-push payment reminders, shared by the server (scheduler, sender), the service worker (shows them) and the
 * browser (subscription helper): the reminder kinds and their moments, the notification payload schema, the Spanish
 * texts and the pure builder of a reminder notification.
 *
 * The specification names web-push but gives no notification texts, so the texts are the product's own (here, in
 * one place). Money is shown as the spec shows it (`299,99 €`), dates as `DD/MM/YYYY`.
 */

/**
 * The reminder kinds and the moment of each: the instalment's due date minus today's date in Europe/Madrid.
 * A kind is sent only on its own day (a reminder whose day has passed is never sent late).
 */
export const reminderKinds = ['dueIn3Days', 'dueTomorrow', 'dueToday', 'overdue1Day'] as const;
export const reminderKindSchema = z.enum(reminderKinds);
export type ReminderKind = z.infer<typeof reminderKindSchema>;

export const REMINDER_DAYS_BEFORE_DUE: Readonly<Record<ReminderKind, number>> = {
  dueIn3Days: 3,
  dueTomorrow: 1,
  dueToday: 0,
  overdue1Day: -1,
};

/** The kind whose moment is `daysUntilDue` days before the due date (negative: after), or null. */
export function reminderKindFor(daysUntilDue: number): ReminderKind | null {
  return reminderKinds.find((kind) => REMINDER_DAYS_BEFORE_DUE[kind] === daysUntilDue) ?? null;
}

/** Due today or overdue: the push service is asked to deliver at once (`Urgency: high`). */
export const isUrgentReminder = (kind: ReminderKind): boolean => REMINDER_DAYS_BEFORE_DUE[kind] <= 0;

/**
 * How a reminder's "Pagar ahora" link pays: by debit card (second document §3 payment methods: debit-card,
 * bank-transfer). The card is the method that settles at once from a phone, which is what a reminder is for; the
 * payment page still offers the bank transfer.
 */
export const REMINDER_PAYMENT_METHOD = 'debit-card' satisfies PaymentMethod;

export const NOTIFICATION_ICON = '/icons/icon-192.png';
export const NOTIFICATION_BADGE = '/icons/badge-72.png';

/** Notification actions (buttons) and their Spanish titles. */
export const NOTIFICATION_ACTIONS = [
  { action: 'pay', title: 'Pagar ahora' },
  { action: 'loan', title: 'Ver préstamo' },
] as const;
export type NotificationAction = (typeof NOTIFICATION_ACTIONS)[number]['action'];

/** Spanish texts of the reminders; `{amount}` is `299,99 €`, `{date}` is `DD/MM/YYYY`. */
export const REMINDER_TEXTS: Readonly<Record<ReminderKind, { title: string; body: string }>> = {
  dueIn3Days: { title: 'Tu cuota vence en 3 días', body: 'Tu cuota de {amount} vence el {date}.' },
  dueTomorrow: { title: 'Tu cuota vence mañana', body: 'Tu cuota de {amount} vence mañana, el {date}.' },
  dueToday: { title: 'Tu cuota vence hoy', body: 'Tu cuota de {amount} vence hoy, el {date}.' },
  overdue1Day: {
    title: 'Tienes una cuota vencida',
    body: 'Tu cuota de {amount} venció el {date}. Págala cuanto antes.',
  },
};

/** What the service worker shows for a push it cannot read (a notification is required for every push). */
export const GENERIC_REMINDER_TEXT = {
  title: BRAND,
  body: 'Tienes un aviso sobre tu préstamo. Consulta tus cuotas en tu área de clientes.',
} as const;

/** Texts of the browser side (permission, subscription), for the UI. */
export const PUSH_SUBSCRIPTION_MESSAGES = {
  unsupported: 'Tu navegador no permite recibir notificaciones. En iPhone, añade la app a tu pantalla de inicio.',
  denied: 'Has bloqueado las notificaciones. Puedes activarlas en los ajustes de tu navegador.',
  dismissed: 'No has activado las notificaciones.',
  timeout:
    'No hemos podido activar las notificaciones: el servicio de notificaciones no responde. Inténtalo más tarde.',
  failed: 'No hemos podido activar las notificaciones. Inténtalo de nuevo.',
  saveFailed: 'No hemos podido guardar tu suscripción a las notificaciones. Inténtalo de nuevo.',
  removeFailed: 'Hemos desactivado las notificaciones en este dispositivo, pero no hemos podido avisar al servidor.',
} as const;

/** The notification tag of an instalment: a newer reminder of the same instalment replaces the older one. */
export const installmentTag = (installmentId: number): string => `installment-${installmentId}`;

/** An app path of this origin (`/…`, never `//host`), so a payload can never send the customer elsewhere. */
const appPathSchema = z
  .string()
  .max(2048)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'must be a path of this app');

const positiveId = z.number().int().positive();

/** The push message body (JSON, encrypted by web-push): what the service worker shows and where a click goes. */
export const reminderNotificationSchema = z.object({
  kind: reminderKindSchema,
  title: z.string().min(1).max(200),
  body: z.string().min(1).max(500),
  tag: z.string().min(1).max(100),
  /** The payment page of the instalment. */
  url: appPathSchema,
  /** The customer area (the "Ver préstamo" action). */
  dashboardUrl: appPathSchema,
  loanId: positiveId,
  installmentId: positiveId,
  amountCents: z.number().int().nonnegative(),
  dueDate: z.string().refine(isIsoDate, 'must be a YYYY-MM-DD date'),
});
export type ReminderNotification = z.infer<typeof reminderNotificationSchema>;

export interface ReminderInput {
  kind: ReminderKind;
  /** What is left to pay of the instalment, in cents. */
  amountCents: number;
  dueDate: IsoDate;
  loanId: number;
  installmentId: number;
}

const fill = (template: string, values: Readonly<Record<string, string>>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * The notification of one reminder: `{ kind: 'dueIn3Days', amountCents: 29999, dueDate: '2026-12-30', … }` →
 * title 'Tu cuota vence en 3 días', body 'Tu cuota de 299,99 € vence el 30/12/2026.', url
 * '/payment/pay/debit-card/<loanId>/<installmentId>?paymentOption=firstNotPaidInstallment'.
 */
export function buildReminderNotification(input: ReminderInput): ReminderNotification {
  const { kind, amountCents, dueDate, loanId, installmentId } = input;
  const texts = REMINDER_TEXTS[kind];
  const values = { amount: formatMoney(amountCents), date: formatDate(dueDate) };
  return reminderNotificationSchema.parse({
    kind,
    title: fill(texts.title, values),
    body: fill(texts.body, values),
    tag: installmentTag(installmentId),
    url: buildPath(
      'payment',
      { paymentType: REMINDER_PAYMENT_METHOD, loanId, installmentId },
      { paymentOption: 'firstNotPaidInstallment' },
    ),
    dashboardUrl: buildPath('dashboard'),
    loanId,
    installmentId,
    amountCents,
    dueDate,
  });
}

/** The unfinished loan flow's push reminder (beyond the spec: the product's own texts). */
export const LOAN_FLOW_REMINDER_TEXTS = {
  title: 'Continúa tu solicitud',
  body: 'Tu solicitud de préstamo está a medias. Termínala en un par de minutos: guardamos lo que ya has rellenado.',
} as const;

/**
 * The unfinished loan flow's reminder (beyond the spec: one push when a saved flow is left for 2 hours, only to
 * customers who turned reminders on). A click opens the flow's step with its id (`?l=<flowId>`).
 */
export const LOAN_FLOW_REMINDER_KIND = 'loanFlowUnfinished';

export const loanFlowNotificationSchema = z.object({
  kind: z.literal(LOAN_FLOW_REMINDER_KIND),
  title: z.string().min(1).max(200),
  body: z.string().min(1).max(500),
  tag: z.string().min(1).max(100),
  /** The flow's step, with `?l=<flowId>`. */
  url: appPathSchema,
  dashboardUrl: appPathSchema,
  flowId: z.string().min(1).max(100),
});
export type LoanFlowNotification = z.infer<typeof loanFlowNotificationSchema>;

/** The notification of a flow's reminder: the title and body of `texts`, the step's path with the flow's id. */
export function buildLoanFlowNotification(input: {
  flowId: string;
  step: RouteKey;
  texts: { title: string; body: string };
}): LoanFlowNotification {
  return loanFlowNotificationSchema.parse({
    kind: LOAN_FLOW_REMINDER_KIND,
    title: input.texts.title,
    body: input.texts.body,
    tag: 'loan-flow',
    url: fillPath(input.step, {}, { [LOAN_FLOW_QUERY]: input.flowId }),
    dashboardUrl: buildPath('dashboard'),
    flowId: input.flowId,
  });
}

/** The payout's push (second document §9: the money arrives about 10 minutes after the payout). */
export const PAYOUT_NOTIFICATION_TEXTS = {
  title: 'Tu dinero está en camino',
  body: 'Hemos enviado {amount} a tu cuenta. Llegará en unos 10 minutos.',
} as const;

export const PAYOUT_NOTIFICATION_KIND = 'loanIssued';

export const payoutNotificationSchema = z.object({
  kind: z.literal(PAYOUT_NOTIFICATION_KIND),
  title: z.string().min(1).max(200),
  body: z.string().min(1).max(500),
  tag: z.string().min(1).max(100),
  /** The customer area, where the issued loan shows. */
  url: appPathSchema,
  dashboardUrl: appPathSchema,
  loanId: positiveId,
  amountCents: z.number().int().nonnegative(),
});
export type PayoutNotification = z.infer<typeof payoutNotificationSchema>;

/** The payout's notification: `{ loanId: 7, amountCents: 30000 }` → 'Hemos enviado 300,00 € a tu cuenta. …'. */
export function buildPayoutNotification(input: { loanId: number; amountCents: number }): PayoutNotification {
  const values = { amount: formatMoney(input.amountCents) };
  const dashboardUrl = buildPath('dashboard');
  return payoutNotificationSchema.parse({
    kind: PAYOUT_NOTIFICATION_KIND,
    title: fill(PAYOUT_NOTIFICATION_TEXTS.title, values),
    body: fill(PAYOUT_NOTIFICATION_TEXTS.body, values),
    tag: `loan-issued-${input.loanId}`,
    url: dashboardUrl,
    dashboardUrl,
    loanId: input.loanId,
    amountCents: input.amountCents,
  });
}
