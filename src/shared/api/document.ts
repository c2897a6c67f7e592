import { z } from 'zod';
import { fileSchema, idParamSchema, shortText } from './common.ts';
import { cardEntitySchema } from './card.ts';
import { documentSchema } from './customer-schemas.ts';
import { defineCall } from './define.ts';
import { journeySchema } from './loan-schemas.ts';

/**
 * The document module's calls: the customer's uploads (DNI/NIE sides, card proofs; multipart, `/api/customer`) and the
 * loan application's journey (`/api/loan/journey`).
 */

/** Identity document upload (DNI/NIE photo, one side per call). */
export const documentUploadPayloadSchema = z.strictObject({
  type: z.literal('identity').default('identity'),
  subType: z.enum(['front', 'back']).optional(),
  name: shortText(255).min(1),
  document: fileSchema,
  channel: z.literal('website').default('website'),
});
export type DocumentUploadPayload = z.input<typeof documentUploadPayloadSchema>;

/** Card proof multipart entry (second document §3): the constant fields default to the spec's values. */
export const cardProofUploadPayloadSchema = z.strictObject({
  type: z.literal('copyOfCard').default('copyOfCard'),
  status: z.literal('new').default('new'),
  cardSubStatus: z.literal('uploaded').default('uploaded'),
  name: shortText(255).min(1),
  document: fileSchema,
  channel: z.literal('website').default('website'),
  cardId: idParamSchema,
  maskedCardNumber: shortText(30),
});
export type CardProofUploadPayload = z.input<typeof cardProofUploadPayloadSchema>;

export const JourneyGet = defineCall({
  name: 'JourneyGet',
  method: 'GET',
  path: '/api/loan/journey',
  auth: 'customer',
  roles: ['user'],
  response: journeySchema,
});

export const DocumentUploadPost = defineCall({
  name: 'DocumentUploadPost',
  method: 'POST',
  path: '/api/customer/document',
  auth: 'customer',
  roles: ['user'],
  long: true,
  multipart: true,
  body: documentUploadPayloadSchema,
  response: documentSchema,
  errors: ['NoDocumentUploaded', 'InvalidFileType', 'DocumentUploadFailed'],
});

export const CardProofUploadPost = defineCall({
  name: 'CardProofUploadPost',
  method: 'POST',
  path: '/api/customer/document/cardProof',
  auth: 'customer',
  roles: ['user'],
  long: true,
  multipart: true,
  body: cardProofUploadPayloadSchema,
  response: cardEntitySchema,
  errors: ['CardNotFound', 'NoDocumentUploaded', 'InvalidFileType', 'DocumentUploadFailed'],
});

export const documentCalls = { JourneyGet, DocumentUploadPost, CardProofUploadPost } as const;
