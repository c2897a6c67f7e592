import { z } from 'zod';
import { auditReasonSchema } from './audit.ts';
import { fileAnswerSchema, idParamSchema, idSchema, isoDateTimeSchema, textSchema } from './common.ts';
import { defineCall } from './define.ts';
import { pageQueryFields, paged } from './paging.ts';
import { CAM_ADMINS } from './roles.ts';

/**
 * The document module's staff calls (docs/backoffice.md §5, the customer file's 'Documentos' tab), apart from
 * `document.ts` so the customer's app carries none of them: the customer's uploads (DNI/NIE sides, card proofs),
 * their counts, and a document's file. Every call names a customer or a document of one; a customer the staff member
 * may not see answers 404 as an unknown one does.
 */

/** A document as staff see it: what was uploaded, what the server read from its bytes, and its review state. */
export const staffDocumentSchema = z.object({
  id: idSchema,
  /** `identity` (a DNI/NIE side) or `copyOfCard` (a card proof). */
  type: z.string(),
  /** `front` or `back` for an identity side; null otherwise. */
  subType: z.string().nullable(),
  /** The card a card proof is for (null once that card is gone, or for an identity side). */
  cardId: idSchema.nullable(),
  /** The name the customer's file had (display only). */
  name: z.string(),
  /** The type detected from the bytes at upload (`image/jpeg`, `image/png`, `application/pdf`, …). */
  contentType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  channel: z.string(),
  /** The review state: `new`, `accepted` or `rejected`. */
  status: z.string(),
  uploadedAt: isoDateTimeSchema,
  /** Who reviewed it (DocumentReviewPost) and when; null while `new`. */
  reviewedByStaffId: idSchema.nullable(),
  reviewedAt: isoDateTimeSchema.nullable(),
  /** Why it was rejected, as the customer reads it on /documents; null unless `rejected`. */
  rejectionReason: z.string().nullable(),
});
export type StaffDocument = z.infer<typeof staffDocumentSchema>;

/** The customer's documents, newest first (same instant: the later upload first). */
export const DocumentListGet = defineCall({
  name: 'DocumentListGet',
  method: 'GET',
  path: '/api/communication/documentList/:customerId',
  auth: 'staff',
  roles: CAM_ADMINS,
  writes: false,
  params: z.strictObject({ customerId: idParamSchema }),
  query: z.strictObject({ ...pageQueryFields }),
  response: paged(staffDocumentSchema),
  errors: ['StaffCustomerNotFound'],
});

export const documentCountSchema = z.object({
  total: z.number().int().nonnegative(),
  /** One line per kind the customer has (type and side), in the order type, side; kinds without documents left out. */
  kinds: z.array(z.object({ type: z.string(), subType: z.string().nullable(), count: z.number().int().positive() })),
});
export type DocumentCount = z.infer<typeof documentCountSchema>;

/** How many documents the customer has uploaded, by kind. */
export const DocumentCountGet = defineCall({
  name: 'DocumentCountGet',
  method: 'GET',
  path: '/api/communication/documentCount/:customerId',
  auth: 'staff',
  roles: CAM_ADMINS,
  writes: false,
  params: z.strictObject({ customerId: idParamSchema }),
  response: documentCountSchema,
  errors: ['StaffCustomerNotFound'],
});

/**
 * The document's file, as it was uploaded (the bytes, not JSON: `file`), shown inline and never cached. A read that
 * leaves an audit record (docs/backoffice.md §3: identity photos are the most sensitive read): each view is recorded
 * before the bytes are sent, and without its record the file is not sent.
 */
export const DocumentFileGet = defineCall({
  name: 'DocumentFileGet',
  method: 'GET',
  path: '/api/communication/document/:documentId/file',
  auth: 'staff',
  roles: CAM_ADMINS,
  writes: false,
  file: true,
  params: z.strictObject({ documentId: idParamSchema }),
  response: fileAnswerSchema,
  errors: ['StaffDocumentNotFound'],
});

/** The text the customer reads after 'Documento rechazado:' on /documents. */
export const rejectionReasonSchema = textSchema()
  .trim()
  .min(3, 'Escribe el motivo del rechazo (al menos 3 caracteres)')
  .max(300, 'El motivo del rechazo no puede tener más de 300 caracteres');

export const documentReviewPayloadSchema = z
  .strictObject({
    decision: z.enum(['accepted', 'rejected']),
    /** Required with `rejected` (Spanish: the customer reads it), refused with `accepted`. */
    rejectionReason: rejectionReasonSchema.optional(),
    reason: auditReasonSchema,
  })
  .refine((body) => (body.decision === 'rejected') === (body.rejectionReason !== undefined), {
    error: 'Un documento rechazado necesita el motivo que leerá el cliente, y uno aceptado no lleva ninguno.',
    path: ['rejectionReason'],
  });

export const documentReviewSchema = z.object({
  document: staffDocumentSchema,
  /** True when this acceptance moved the customer from `systemApproved` to `securityChecked`. */
  securityChecked: z.boolean(),
});
export type DocumentReview = z.infer<typeof documentReviewSchema>;

/**
 * A staff member accepts or rejects a document (docs/backoffice.md §5 «Documents → securityChecked»). Who and when are
 * kept on the document; a rejected one no longer counts for the payout's securityChecked rule and the customer sees
 * the rejection on /documents; accepting the identity front and back of a `systemApproved` customer with an issued
 * loan and a validated card moves them to `securityChecked` in the same transaction. Audited with the reason.
 */
export const DocumentReviewPost = defineCall({
  name: 'DocumentReviewPost',
  method: 'POST',
  path: '/api/communication/document/:documentId/review',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: z.strictObject({ documentId: idParamSchema }),
  body: documentReviewPayloadSchema,
  response: documentReviewSchema,
  errors: ['StaffDocumentNotFound'],
});

export const documentStaffCalls = {
  DocumentListGet,
  DocumentCountGet,
  DocumentFileGet,
  DocumentReviewPost,
} as const;
