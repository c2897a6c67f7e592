import { z } from 'zod';
import { idParamSchema, idSchema, isoDateSchema, isoDateTimeSchema, textSchema } from './common.ts';
import { defineCall } from './define.ts';
import { pageQueryFields, paged } from './paging.ts';
import { ADMINS, CAM_ADMINS, STAFF_ROLES } from './roles.ts';

/**
 * The audit trail's readers (docs/backoffice.md §3), served by `modules/audit`: every staff write, morphTo, identity
 * document view and staff login left one record, never changed. Newest first.
 */

/**
 * The reason a staff member types for a change to money, limits or status (docs/backoffice.md §3): kept in the
 * change's audit record. 3–500 characters once trimmed.
 */
export const auditReasonSchema = textSchema()
  .trim()
  .min(3, 'Escribe el motivo (al menos 3 caracteres)')
  .max(500, 'El motivo no puede tener más de 500 caracteres');

export const auditRecordSchema = z.object({
  id: idSchema,
  at: isoDateTimeSchema,
  actorKind: z.enum(['staff', 'system']),
  staffUserId: idSchema.nullable(),
  /** The staff member's name today (null for the system). */
  staffName: z.string().nullable(),
  // The roles' enum of its own: staff.ts imports this file's reason schema.
  role: z.union([z.enum(STAFF_ROLES), z.literal('system')]),
  /** The contract entry that made the change, e.g. `UnblockPost`. */
  callName: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  customerId: idSchema.nullable(),
  loanId: idSchema.nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  proposalId: idSchema.nullable(),
  requestId: z.string(),
  ip: z.string().nullable(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const auditPageSchema = paged(auditRecordSchema);

/** The whole trail, by customer, loan or staff member and by Madrid days (`from`, `to` inclusive). Admins only. */
export const AuditLogGet = defineCall({
  name: 'AuditLogGet',
  method: 'GET',
  path: '/api/misc/log',
  auth: 'staff',
  roles: ADMINS,
  query: z.strictObject({
    customerId: idParamSchema.optional(),
    loanId: idParamSchema.optional(),
    staffUserId: idParamSchema.optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    ...pageQueryFields,
  }),
  response: auditPageSchema,
  errors: ['DateRangeInvalid'],
});

/** One customer's records: the customer file's 'Historial' tab. */
export const CustomerAuditGet = defineCall({
  name: 'CustomerAuditGet',
  method: 'GET',
  path: '/api/customer/:customerId/operations',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: z.strictObject({ customerId: idParamSchema }),
  query: z.strictObject({ ...pageQueryFields }),
  response: auditPageSchema,
  errors: ['StaffCustomerNotFound'],
});

export const auditCalls = { AuditLogGet, CustomerAuditGet } as const;
