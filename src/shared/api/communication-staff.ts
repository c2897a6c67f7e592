import { z } from 'zod';
import { auditReasonSchema } from './audit.ts';
import { idParamSchema, idSchema, isoDateSchema, isoDateTimeSchema } from './common.ts';
import { communicationPermissionsSchema, permissionHistoryItemSchema } from './communication.ts';
import { defineCall } from './define.ts';
import { pageQueryFields, paged } from './paging.ts';
import { CAM_ADMINS } from './roles.ts';

/**
 * The communication module's staff calls (docs/backoffice.md §5, the customer file's 'Comunicaciones' tab), apart from
 * `communication.ts` so the customer's app carries none of them: the customer's communication permissions with their
 * history, and the messages sent to them (SMS and push reminders). Lists are newest first and paged.
 */

/** One change of the permissions: the values it left, when, who (`customer`, `system` or a staff member) and where. */
export const staffPermissionHistoryItemSchema = permissionHistoryItemSchema.extend({
  /** Where the change came from: registration, unsubscribe, account, marketingPrompt, loanRequest, … */
  source: z.string(),
  /** The campaign of an unsubscribe link; null otherwise. */
  campaignId: z.string().nullable(),
});
export type StaffPermissionHistoryItem = z.infer<typeof staffPermissionHistoryItemSchema>;

export const staffPermissionsSchema = paged(staffPermissionHistoryItemSchema).extend({
  /**
   * The permissions in force. `stored` false: the customer never chose them one by one (a customer from before the
   * permissions table), so they are the signup marketing consent on every channel.
   */
  current: communicationPermissionsSchema.extend({ stored: z.boolean() }),
  /** When the customer last chose their permissions themself; null if never. */
  lastChoiceDate: isoDateTimeSchema.nullable(),
});
export type StaffPermissions = z.infer<typeof staffPermissionsSchema>;

export const StaffPermissionsGet = defineCall({
  name: 'StaffPermissionsGet',
  method: 'GET',
  path: '/api/communication/permissionHistory/:customerId',
  auth: 'staff',
  roles: CAM_ADMINS,
  writes: false,
  params: z.strictObject({ customerId: idParamSchema }),
  query: z.strictObject({ ...pageQueryFields }),
  response: staffPermissionsSchema,
  errors: ['StaffCustomerNotFound'],
});

/**
 * A message sent to the customer: an SMS (the outbox, by the customer's current phone) or a payment reminder pushed
 * to their devices. One-time codes never appear: the code of an SMS that carried one reads '••••'.
 */
export const sentMessageSchema = z.object({
  channel: z.enum(['sms', 'push']),
  /** The outbox's id of an SMS, the delivery's id of a push reminder. */
  id: idSchema,
  sentAt: isoDateTimeSchema,
  /** The SMS's text with its codes masked; a push reminder's notification title. */
  text: z.string(),
  /** Why an SMS was sent (registration, resetPin, changeMobile, …); a push reminder's kind (dueIn3Days, …). */
  purpose: z.string(),
  /** `read`: the customer opened a link of the SMS; `sent` otherwise. */
  status: z.enum(['sent', 'read']),
  readAt: isoDateTimeSchema.nullable(),
  /** The number an SMS went to; null for a push reminder. */
  phone: z.string().nullable(),
  /** A push reminder's instalment and its due date; null for an SMS. */
  installmentId: idSchema.nullable(),
  dueDate: isoDateSchema.nullable(),
});
export type SentMessage = z.infer<typeof sentMessageSchema>;

export const SmsHistoryGet = defineCall({
  name: 'SmsHistoryGet',
  method: 'GET',
  path: '/api/communication/sms/historypaged/:customerId',
  auth: 'staff',
  roles: CAM_ADMINS,
  writes: false,
  params: z.strictObject({ customerId: idParamSchema }),
  query: z.strictObject({ ...pageQueryFields }),
  response: paged(sentMessageSchema),
  errors: ['StaffCustomerNotFound'],
});

/**
 * A customer asks by phone to change their communication permissions: staff set the three channels, with the
 * reason (what the customer asked). Saved as the customer's own changes are, with the source `staff:<id>`, so the
 * permission history (the customer's PermissionHistoryGet and StaffPermissionsGet) shows who changed them. Not a
 * customer's own choice: the marketing prompt's 7 days do not count from it. Audited with before/after.
 */
export const StaffPermissionsPost = defineCall({
  name: 'StaffPermissionsPost',
  method: 'POST',
  path: '/api/communication/updateCommunicationPermission/:customerId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: z.strictObject({ customerId: idParamSchema }),
  body: z.strictObject({ ...communicationPermissionsSchema.shape, reason: auditReasonSchema }),
  response: communicationPermissionsSchema,
  errors: ['StaffCustomerNotFound'],
});

export const communicationStaffCalls = { StaffPermissionsGet, SmsHistoryGet, StaffPermissionsPost } as const;
