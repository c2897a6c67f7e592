/** The communication module: permissions and their history, the unsubscribe link, SMS read receipts. */
export {
  lastCustomerChoice,
  PERMISSION_SOURCES,
  permissionsFromSignupConsent,
  readPermissions,
  savePermissions,
  type PermissionValues,
} from './permissions.ts';
export { communicationRoutes, smsReadRateLimit, unsubscribeRateLimit } from './routes.ts';
export { unsubscribeLinkFor } from './unsubscribe-key.ts';
