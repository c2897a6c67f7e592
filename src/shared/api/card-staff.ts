import { z } from 'zod';
import { threeDsStateSchema } from '../status-schemas.ts';
import { auditReasonSchema } from './audit.ts';
import { cardStatusSchema, cardSubStatusSchema, idParamSchema, idSchema, isoDateTimeSchema } from './common.ts';
import { defineCall } from './define.ts';
import { CAM_ADMINS, CAM_ADMINS_COLLECTION } from './roles.ts';
import { statusHistoryEntrySchema } from './status-history-schemas.ts';

/**
 * The card module's staff calls (docs/backoffice.md §5, the customer file's 'Tarjetas'), apart from `card.ts` so the
 * customer's app carries none of them. No card number beyond what the customer's own app shows: the masked number
 * (at most the first six and the last four digits), its last four, brand and expiry.
 */

/** A card as staff see it: every card of the customer, deleted ones too. */
export const staffCardSchema = z.object({
  id: idSchema,
  /** At most the first six and the last four digits, e.g. `411111******1111`, as stored. */
  maskedCardNumber: z.string(),
  lastFour: z.string(),
  /** `visa` when the number starts with 4, otherwise `other`. */
  brand: z.enum(['visa', 'other']),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int(),
  cardStatus: cardStatusSchema,
  cardSubStatus: cardSubStatusSchema.nullable(),
  /** The customer's principal card. */
  isActive: z.boolean(),
  /**
   * The state of the card's newest 3-D Secure validation (not a payment's): `completed`, `error`, or a state of a
   * flow left open; null when the gateway validated the card without one.
   */
  threeDsState: threeDsStateSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type StaffCard = z.infer<typeof staffCardSchema>;

/** The customer's cards, newest first, the whole list (a customer has a handful). */
export const StaffCardsGet = defineCall({
  name: 'StaffCardsGet',
  method: 'GET',
  path: '/api/card/customer/ordered/:customerId',
  auth: 'staff',
  roles: CAM_ADMINS_COLLECTION,
  params: z.strictObject({ customerId: idParamSchema }),
  response: z.array(staffCardSchema),
  errors: ['StaffCustomerNotFound'],
});

/**
 * One change of the card: of its status (`cardStatus`: validation, deletion…) or of its proof's sub-status
 * (`cardSubStatus`: askForProof, uploaded, proofAccepted, proofRejected). Ids are per kind.
 */
export const cardStatusHistoryEntrySchema = z.discriminatedUnion('kind', [
  statusHistoryEntrySchema(cardStatusSchema).extend({ kind: z.literal('cardStatus') }),
  statusHistoryEntrySchema(cardSubStatusSchema).extend({ kind: z.literal('cardSubStatus') }),
]);
export type CardStatusHistoryEntry = z.infer<typeof cardStatusHistoryEntrySchema>;

/**
 * The card's status and sub-status changes, merged newest first, the whole list. A card of a customer the staff
 * member may not see answers 404 `StaffCardNotFound`, as an unknown id does.
 */
export const CardStatusHistoryGet = defineCall({
  name: 'CardStatusHistoryGet',
  method: 'GET',
  path: '/api/card/statusHistory/:cardId',
  auth: 'staff',
  roles: CAM_ADMINS_COLLECTION,
  params: z.strictObject({ cardId: idParamSchema }),
  response: z.array(cardStatusHistoryEntrySchema),
  errors: ['StaffCardNotFound'],
});

/** What a staff member may set (the customer's upload sets `uploaded`). */
export const staffCardSubStatuses = ['askForProof', 'proofAccepted', 'proofRejected'] as const;

/**
 * A staff member asks the customer for a proof of the card (`askForProof`: the customer's app then sends them to
 * /financial-info/upload-card) or reviews the proof the customer uploaded (`proofAccepted`, `proofRejected`: only
 * after an upload). Recorded in the card's history (kind `cardSubStatus`) and audited with the reason.
 */
export const SetCardSubStatusPost = defineCall({
  name: 'SetCardSubStatusPost',
  method: 'POST',
  path: '/api/card/setCardSubStatus',
  auth: 'staff',
  roles: CAM_ADMINS,
  body: z.strictObject({
    cardId: idSchema,
    cardSubStatus: z.enum(staffCardSubStatuses),
    reason: auditReasonSchema,
  }),
  response: z.object({ id: idSchema, cardSubStatus: cardSubStatusSchema }),
  errors: ['StaffCardNotFound', 'CardDeleted', 'CardProofAlreadyAsked', 'CardProofNotUploaded'],
});

export const cardStaffCalls = { StaffCardsGet, CardStatusHistoryGet, SetCardSubStatusPost } as const;
