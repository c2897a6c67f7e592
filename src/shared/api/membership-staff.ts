import { z } from 'zod';
import { auditReasonSchema } from './audit.ts';
import { ackSchema, idParamSchema, idSchema, isoDateTimeSchema } from './common.ts';
import { defineCall } from './define.ts';
import { CAM_ADMINS } from './roles.ts';

/**
 * The membership module's staff calls (docs/backoffice.md §1), apart from `membership.ts` so the customer's app,
 * which imports that file, carries none of them.
 */

/**
 * An agent or administrator lifts a customer's block (5 wrong PINs or codes: `MemberBlocked`) after checking who is
 * calling: the failure counter goes back to 0 and the customer logs in with their PIN. Audited with the reason.
 */
export const UnblockPost = defineCall({
  name: 'UnblockPost',
  method: 'POST',
  path: '/api/membership/unblock',
  auth: 'staff',
  roles: CAM_ADMINS,
  body: z.strictObject({ customerId: idSchema, reason: auditReasonSchema }),
  response: ackSchema,
  errors: ['StaffCustomerNotFound', 'CustomerNotBlocked'],
});

/**
 * An agent opens the customer's area as the customer sees it, read only (docs/backoffice.md §1 «morphTo»): a
 * customer session of 15 minutes on which no call that writes is answered. The answer is the app's `/morph` page
 * with the token in the fragment (never in a log or a Referer). Audited with the reason.
 */
export const MorphToPost = defineCall({
  name: 'MorphToPost',
  method: 'POST',
  path: '/api/membership/morphTo/:customerId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: z.strictObject({ customerId: idParamSchema }),
  body: z.strictObject({ reason: auditReasonSchema }),
  response: z.object({ url: z.string(), expiresAt: isoDateTimeSchema }),
  errors: ['StaffCustomerNotFound'],
});

export const membershipStaffCalls = { UnblockPost, MorphToPost } as const;
