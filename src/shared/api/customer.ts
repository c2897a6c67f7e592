import { z } from 'zod';
import { ackSchema, countryCodeSchema, emailTextSchema, phoneSchema } from './common.ts';
import { defineCall } from './define.ts';

/** The customer module's calls (`/api/customer`): the phone check of the home page and the customer's e-mail. */

export const phoneCheckPayloadSchema = z.strictObject({ countryCode: countryCodeSchema, phone: phoneSchema });
export type PhoneCheckPayload = z.infer<typeof phoneCheckPayloadSchema>;

/** Email contact (second document §3) for the update-email modal. */
export const emailContactPayloadSchema = z.strictObject({
  type: z.literal('email'),
  subType: z.literal('personal'),
  value: emailTextSchema,
});
export type EmailContactPayload = z.infer<typeof emailContactPayloadSchema>;

export const CheckPhoneDniPost = defineCall({
  name: 'CheckPhoneDniPost',
  method: 'POST',
  path: '/api/customer/CheckPhoneDNI',
  auth: 'public',
  roles: ['public'],
  body: phoneCheckPayloadSchema,
  response: z.object({ phoneregistered: z.boolean() }),
  errors: ['InvalidPhone'],
});

/** Update-email modal: replaces the customer's personal email. */
export const AddNewEmailPost = defineCall({
  name: 'AddNewEmailPost',
  method: 'POST',
  path: '/api/customer/communication',
  auth: 'customer',
  roles: ['user'],
  body: emailContactPayloadSchema,
  response: ackSchema,
  errors: ['InvalidEmail', 'InvalidEmailWithUpdateRequest', 'EmailNotAvailable'],
});

export const customerCalls = { CheckPhoneDniPost, AddNewEmailPost } as const;
