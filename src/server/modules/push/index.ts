/**
 * The push module, the one place of web push: the VAPID key and subscription calls (routes.ts, service.ts), the
 * subscription rules, the sender (web-push), the reminder scheduler and the plugin that runs it (app.ts), and
 * one-off notifications to a customer's devices for other modules (notify.ts: the payout).
 */
export { registerPushReminders } from './plugin.ts';
export { pushRoutes } from './routes.ts';
export { notifyCustomer, type NotifyDeps } from './notify.ts';
export { createPushSender, type PushSender } from './sender.ts';
export { cancelInstallmentReminders } from './repository/deliveries.ts';
export { MAX_SUBSCRIPTIONS_PER_CUSTOMER } from './repository/subscriptions.ts';
