import { z } from 'zod';
import { impedimentStatuses } from '../payment-statuses.ts';
import { auditReasonSchema } from './audit.ts';
import { idParamSchema, idSchema, impedimentReasonSchema, isoDateTimeSchema, staffNameSchema } from './common.ts';
import { defineCall } from './define.ts';
import { pageQueryFields, paged } from './paging.ts';
import { CAM_ADMINS } from './roles.ts';

/**
 * The impediments in the back office (catalogue loan `impediments`: getAllImpediments, paged, setImpedimentStatus;
 * §6: cam and administrator, "impediments management"; docs/rules/payments.md "Impediments"), served by
 * `modules/impediment`.
 */

export const impedimentStatusSchema = z.enum(impedimentStatuses);

/** An impediment as staff read it: whose, which loan, why, and what was made of it. */
export const staffImpedimentSchema = z.object({
  id: idSchema,
  customerId: idSchema,
  customerName: z.string(),
  loanId: idSchema,
  reason: impedimentReasonSchema,
  comment: z.string().nullable(),
  status: impedimentStatusSchema,
  createdAt: isoDateTimeSchema,
  handledBy: staffNameSchema.nullable(),
  handledAt: isoDateTimeSchema.nullable(),
  note: z.string().nullable(),
});
export type StaffImpediment = z.infer<typeof staffImpedimentSchema>;

/**
 * `getAllImpediments` (paged): the impediments, oldest first (the queue: who has waited longest), by status, customer
 * or loan.
 */
export const ImpedimentsGet = defineCall({
  name: 'ImpedimentsGet',
  method: 'GET',
  path: '/api/loan/getAllImpediments',
  auth: 'staff',
  roles: CAM_ADMINS,
  query: z.strictObject({
    status: impedimentStatusSchema.optional(),
    customerId: idParamSchema.optional(),
    loanId: idParamSchema.optional(),
    ...pageQueryFields,
  }),
  response: paged(staffImpedimentSchema),
});

/**
 * `setImpedimentStatus`: an agent takes an impediment (`inReview`) and closes it (`resolved`, `rejected`) with what
 * was done, the reason the audit keeps and the impediment shows. A move not allowed is 422
 * `ImpedimentMoveNotAllowed`; the same status again answers the impediment as it is.
 */
export const ImpedimentStatusPost = defineCall({
  name: 'ImpedimentStatusPost',
  method: 'POST',
  path: '/api/loan/setImpedimentStatus/:impedimentId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: z.strictObject({ impedimentId: idParamSchema }),
  body: z.strictObject({ status: impedimentStatusSchema, reason: auditReasonSchema }),
  response: staffImpedimentSchema,
  errors: ['StaffImpedimentNotFound', 'ImpedimentMoveNotAllowed'],
});

export const impedimentStaffCalls = { ImpedimentsGet, ImpedimentStatusPost } as const;
