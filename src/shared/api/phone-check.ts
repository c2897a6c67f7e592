import { z } from 'zod';
import { countryCodeSchema, phoneSchema } from './common.ts';
import { defineCall } from './define.ts';

/** The phone check (`/api/customer/CheckPhoneDNI`): on the home page, so apart from the rest of customer.ts. */

export const phoneCheckPayloadSchema = z.strictObject({ countryCode: countryCodeSchema, phone: phoneSchema });
export type PhoneCheckPayload = z.infer<typeof phoneCheckPayloadSchema>;

export const CheckPhoneDniPost = defineCall({
  name: 'CheckPhoneDniPost',
  method: 'POST',
  path: '/api/customer/CheckPhoneDNI',
  auth: 'public',
  body: phoneCheckPayloadSchema,
  response: z.object({ phoneregistered: z.boolean() }),
  errors: ['InvalidPhone'],
});

export const phoneCheckCalls = { CheckPhoneDniPost } as const;
