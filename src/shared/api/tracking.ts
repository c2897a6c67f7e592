import { z } from 'zod';
import { ackSchema, isoDateTimeSchema, urlTextSchema } from './common.ts';
import { defineCall } from './define.ts';

/** The tracking module's calls (`/api/customer`): affiliate clicks, sent with every first visit, and their attachment. */

/** Affiliate click (first document §3): the captured campaign URIs of this browser. */
export const affiliateClickPayloadSchema = z.strictObject({
  uniqueClientId: z.string().min(1).max(200),
  history: z.array(z.strictObject({ occuredAt: isoDateTimeSchema, fullUri: urlTextSchema })).max(100),
});
export type AffiliateClickPayload = z.infer<typeof affiliateClickPayloadSchema>;

export const AffilateClickPost = defineCall({
  name: 'AffilateClickPost',
  method: 'POST',
  path: '/api/customer/affiliateClick',
  auth: 'optional',
  roles: ['public'],
  body: affiliateClickPayloadSchema,
  response: ackSchema,
});

/** Attaches this browser's affiliate clicks to the customer after registration or login. */
export const AttachAffilatesPost = defineCall({
  name: 'AttachAffilatesPost',
  method: 'POST',
  path: '/api/customer/attachAffiliates',
  auth: 'customer',
  roles: ['user'],
  body: affiliateClickPayloadSchema,
  response: ackSchema,
});

export const trackingCalls = { AffilateClickPost, AttachAffilatesPost } as const;
