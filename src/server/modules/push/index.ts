/**
 * The push module, the one place of web push: the VAPID key and subscription calls (routes.ts, service.ts), the
 * subscription rules, the sender (web-push), the reminder scheduler and the plugin that runs it (app.ts).
 */
export { registerPushReminders } from './plugin.ts';
export { pushRoutes } from './routes.ts';
