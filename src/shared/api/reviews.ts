import { z } from 'zod';
import { idSchema, shortText } from './common.ts';
import { defineCall } from './define.ts';

/** The reviews module's call: the review link after a repaid loan (`/api/communication`). */

/** Creates a review link; the answer is the link. */
export const CustomerReviewLinkPost = defineCall({
  name: 'CustomerReviewLinkPost',
  method: 'POST',
  path: '/api/communication/customerReviewLink',
  auth: 'customer',
  roles: ['user'],
  body: z.strictObject({ reviewUniqueRef: shortText(200).min(1), customerId: idSchema }),
  response: z.string(),
});

export const reviewsCalls = { CustomerReviewLinkPost } as const;
