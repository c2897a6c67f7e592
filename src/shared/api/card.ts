import { z } from 'zod';
import { ackSchema, cardStatusSchema, cardSubStatusSchema, idParamSchema, idSchema } from './common.ts';
import { cardCreateResultSchema, threeDsStateSchema } from '../status-schemas.ts';
import { defineCall } from './define.ts';

/** Card calls: create and validate with 3-D Secure, set active, list (`/api/card`). */

/** Card (second document §3) as an entity; `isActive` marks the customer's principal card. */
export const cardEntitySchema = z.object({
  id: idSchema,
  cardStatus: cardStatusSchema,
  /**
   * At most the first six and the last four digits, e.g. `411111******1111` (older rows: `******…1111`); the app
   * shows it with the first six as asterisks, grouped by 4 (`**** **** **** 1111`).
   */
  maskedCardNumber: z.string(),
  cardSubStatus: cardSubStatusSchema.nullable(),
  isActive: z.boolean(),
  /**
   * `visa` when the full number starts with 4 (the spec's one card-brand icon, which the masked number no longer
   * shows), otherwise `other`.
   */
  brand: z.enum(['visa', 'other']).optional(),
});
export type CardEntity = z.infer<typeof cardEntitySchema>;

/** 3-D Secure event payload (second document §3, states §4). */
export const threeDsEventSchema = z.object({
  state: threeDsStateSchema,
  transactionId: z.string(),
  provider: z.string(),
  /** Fields the client posts to `url` (dfpPost) or that the iframe page needs. */
  formFields: z.record(z.string(), z.string()),
  url: z.string().nullable(),
});
export type ThreeDsEvent = z.infer<typeof threeDsEventSchema>;

/** The add-card form (second document §2: cardNumber, expiryMonth, expiryYear, cv2, agreementsAccept). */
export const cardFormSchema = z.strictObject({
  cardNumber: z.string().min(1).max(30),
  /** `01`-`12`. */
  expiryMonth: z.string().min(1).max(2),
  /** Four digits. */
  expiryYear: z.string().min(1).max(4),
  cv2: z.string().min(1).max(4),
  agreementsAccept: z.boolean(),
});
export type CardForm = z.infer<typeof cardFormSchema>;

/** challengeNeeded starts a 3-D Secure flow with card3dsFlowResponse; the others ask to enter a card again. */
export const cardCreateSubReasons = [
  'challengeNeeded',
  'validationFailed',
  'cardExpired',
  'cardAlreadyRegistered',
] as const;

export const cardCreateAndValidateResultSchema = z.object({
  result: cardCreateResultSchema,
  editPaymentInfoSubReason: z.enum(cardCreateSubReasons).nullable(),
  card3dsFlowResponse: threeDsEventSchema.nullable(),
  cardId: idSchema.nullable(),
  message: z.string(),
  payload: z.object({ transactionId: z.string() }).nullable(),
  /** The 3-D Secure track id to poll ThreeDsStateGet with. */
  threeDsTransactionId: z.string().optional(),
});
export type CardCreateAndValidateResult = z.infer<typeof cardCreateAndValidateResultSchema>;

export const CardCreateAndValidatePost = defineCall({
  name: 'CardCreateAndValidatePost',
  method: 'POST',
  path: '/api/card/createAndValidate',
  auth: 'customer',
  roles: ['user'],
  long: true,
  idempotent: true,
  body: cardFormSchema,
  response: cardCreateAndValidateResultSchema,
  errors: [
    'CardValidationFailed',
    '3DS_FLOW_FAILED',
    'InvalidCardNumber',
    'CardExpired',
    'CardAlreadyRegistered',
    'TermsNotAccepted',
    'NotAllowedCustomerStatus',
  ],
});

/** Polled during a 3-D Secure flow with the track id (first wait 100 ms). */
export const ThreeDsStateGet = defineCall({
  name: 'ThreeDsStateGet',
  method: 'GET',
  path: '/api/card/threeDsState',
  auth: 'customer',
  roles: ['user'],
  query: z.strictObject({ trackId: z.string().min(1).max(200) }),
  response: threeDsEventSchema,
  errors: ['3DS_FLOW_FAILED'],
});

export const CardProviderTokenCheckGetByCardId = defineCall({
  name: 'CardProviderTokenCheckGetByCardId',
  method: 'GET',
  path: '/api/card/checkCardProviderToken/:cardId',
  auth: 'customer',
  roles: ['user'],
  params: z.strictObject({ cardId: idParamSchema }),
  response: z.object({ cardId: idSchema, hasValidToken: z.boolean() }),
  errors: ['CardNotFound'],
});

/** Makes the card the principal one ('Has establecido tu tarjeta como principal.'). */
export const CardSetActivePutByCardId = defineCall({
  name: 'CardSetActivePutByCardId',
  method: 'PUT',
  path: '/api/card/active/:cardId',
  auth: 'customer',
  roles: ['user'],
  params: z.strictObject({ cardId: idParamSchema }),
  response: ackSchema,
  errors: ['CardNotFound'],
});

/** The customer's cards (not deleted). */
export const CustomerMiniGet = defineCall({
  name: 'CustomerMiniGet',
  method: 'GET',
  path: '/api/card/customer/mini',
  auth: 'customer',
  roles: ['user'],
  response: z.array(cardEntitySchema),
});

export const cardCalls = {
  CardCreateAndValidatePost,
  ThreeDsStateGet,
  CardProviderTokenCheckGetByCardId,
  CardSetActivePutByCardId,
  CustomerMiniGet,
} as const;
