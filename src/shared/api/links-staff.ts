import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';
import { defineCall } from './define.ts';
import { CAM_ADMINS } from './roles.ts';

/**
 * The links module's staff call (docs/backoffice.md §5 "Handover"), apart from `links.ts` so the customer's app,
 * which imports that file, carries none of it.
 */

/**
 * An agent prepares the customer's access: the customer gets an SMS with `/handover/v1/<introductionId>`, opens it,
 * confirms a code sent to the same mobile and lands on the page of their status. A newer introduction voids the
 * previous one. The answer never holds the link: only the customer's mobile receives it. Audited.
 */
export const HandoverCreatePost = defineCall({
  name: 'HandoverCreatePost',
  method: 'POST',
  path: '/api/customer/handover',
  auth: 'staff',
  roles: CAM_ADMINS,
  body: z.strictObject({ customerId: idSchema }),
  response: z.object({
    /** The mobile the link went to, masked: '*** *** 512'. */
    maskedPhone: z.string(),
    expiresAt: isoDateTimeSchema,
  }),
  errors: ['StaffCustomerNotFound', 'HandoverNotAllowed'],
});

export const linksStaffCalls = { HandoverCreatePost } as const;
