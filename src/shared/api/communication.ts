import { z } from 'zod';
import { ackSchema, idSchema, isoDateTimeSchema, shortText } from './common.ts';
import { defineCall } from './define.ts';

/** Communication calls: consent, unsubscribe, SMS read receipts (`/api/communication`). */

/** Communication permissions (second document §3). */
export const communicationPermissionsSchema = z.object({
  allowEmail: z.boolean(),
  allowSms: z.boolean(),
  allow3CxCalls: z.boolean(),
});
export type CommunicationPermissions = z.infer<typeof communicationPermissionsSchema>;

export const customerCommunicationPermissionsSchema = communicationPermissionsSchema.extend({
  customerId: idSchema,
  /**
   * When the customer last chose their permissions themself, anywhere (sign-up, the marketing prompt's yes or no,
   * /account, the loan request's box, an unsubscribe link); null if never. The prompt counts its 7 days from it.
   */
  lastChoiceDate: isoDateTimeSchema.nullable(),
});
export type CustomerCommunicationPermissions = z.infer<typeof customerCommunicationPermissionsSchema>;

export const permissionHistoryItemSchema = communicationPermissionsSchema.extend({
  createdDate: isoDateTimeSchema,
  /** `customer`, `system` or a staff member. */
  changedBy: z.string(),
});
export type PermissionHistoryItem = z.infer<typeof permissionHistoryItemSchema>;

/** Unsubscribe payload (first document §3), from the link's query camp, key, userTo. */
export const unsubscribePayloadSchema = z.strictObject({
  campaignId: shortText(200),
  userKey: shortText(200),
  userTo: shortText(254),
  communicationType: z.literal('email'),
});
export type UnsubscribePayload = z.infer<typeof unsubscribePayloadSchema>;

/** Marks an SMS as read (the link's smsPoolId query); errors ignored by the client. */
export const SmsMarkasreadGetBySmsId = defineCall({
  name: 'SmsMarkasreadGetBySmsId',
  method: 'GET',
  path: '/api/communication/sms/:smsId/markasread',
  auth: 'public',
  roles: ['public'],
  // A GET that records the reading.
  writes: true,
  params: z.strictObject({ smsId: z.string().min(1).max(100) }),
  response: ackSchema,
});

export const CommMarketingUnsubscribePost = defineCall({
  name: 'CommMarketingUnsubscribePost',
  method: 'POST',
  path: '/api/communication/unsubscribe',
  auth: 'public',
  roles: ['public'],
  body: unsubscribePayloadSchema,
  response: ackSchema,
  errors: ['UnsubscribeLinkNotValid'],
});

/**
 * Where the customer changed their permissions, recorded in the permission history: `account` (the default) or
 * `marketingPrompt` (the '¡Bienvenido de nuevo!' opt-in prompt).
 */
export const permissionChangeSourceSchema = z.enum(['account', 'marketingPrompt']);
export type PermissionChangeSource = z.infer<typeof permissionChangeSourceSchema>;

export const UpdateCommunicationPermissionPost = defineCall({
  name: 'UpdateCommunicationPermissionPost',
  method: 'POST',
  path: '/api/communication/updateCommunicationPermission',
  auth: 'customer',
  roles: ['user'],
  body: z.strictObject({ ...communicationPermissionsSchema.shape, source: permissionChangeSourceSchema.optional() }),
  response: ackSchema,
});

/**
 * The permissions of the given customers (a customer may ask only about themself). A read sent as a POST: it writes
 * nothing, so a staff member's read-only view may ask it (the account page's switches).
 */
export const CheckPermissionsPost = defineCall({
  name: 'CheckPermissionsPost',
  method: 'POST',
  path: '/api/communication/checkPermissions',
  auth: 'customer',
  roles: ['user'],
  writes: false,
  body: z.array(idSchema).min(1).max(100),
  response: z.array(customerCommunicationPermissionsSchema),
});

export const PermissionHistoryGet = defineCall({
  name: 'PermissionHistoryGet',
  method: 'GET',
  path: '/api/communication/permissionHistory',
  auth: 'customer',
  roles: ['user'],
  response: z.array(permissionHistoryItemSchema),
});

export const communicationCalls = {
  SmsMarkasreadGetBySmsId,
  CommMarketingUnsubscribePost,
  UpdateCommunicationPermissionPost,
  CheckPermissionsPost,
  PermissionHistoryGet,
} as const;
