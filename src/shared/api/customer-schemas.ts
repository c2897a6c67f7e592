import { z } from 'zod';
import {
  customerStatusSchema,
  idSchema,
  isoDateTimeSchema,
  memberRoleSchema,
  moneySchema,
  shortText,
  tokenSchema,
} from './common.ts';

/**
 * The customer as the calls of several modules show it: the member details and the session answer (membership,
 * registration, the repay links), the home address (registration, CustomerGet) and the customer's documents (uploads,
 * the journey). Schemas only: each call lives in the file of the module that serves it.
 */

/**
 * Member (customer) details as the session keeps them: the spec's id, status, fullName, twoLetterName and
 * customerCreditLimit (euros), plus role and phone (the stored form), firstName (the login greeting's basic
 * details), miniCreditLimit and hasActiveLoan (the header's loan-offer banner shows only without an active loan).
 */
export const memberDetailsSchema = z.object({
  id: idSchema,
  status: customerStatusSchema,
  fullName: z.string(),
  twoLetterName: z.string(),
  firstName: z.string(),
  customerCreditLimit: moneySchema,
  /**
   * The minipréstamo's credit limit (the header's 'TU LIMITE' shows it beside the instalment loan's). Optional: a
   * session stored on a device before it existed is still read.
   */
  miniCreditLimit: moneySchema.optional(),
  role: memberRoleSchema,
  /** 9 digits, without the +34 prefix. */
  phone: z.string(),
  hasActiveLoan: z.boolean(),
  /**
   * No loan was ever paid out to the customer: their first minipréstamo of up to 300 € is still at 0 % (the home
   * page's zero-interest hero; the server decides the 0 % again on the request). Optional: a session stored on a
   * device before it existed is still read.
   */
  firstLoanInterestFree: z.boolean().optional(),
});
export type MemberDetails = z.infer<typeof memberDetailsSchema>;

/** The login answer's customerDetails: member details plus passwordRequired (the update-password modal). */
export const customerDetailsSchema = memberDetailsSchema.extend({ passwordRequired: z.boolean() });
export type CustomerDetails = z.infer<typeof customerDetailsSchema>;

/** A started session: the bearer JWT (24 h) and the customer it belongs to. */
export const sessionSchema = z.object({ token: tokenSchema, customerDetails: customerDetailsSchema });
export type Session = z.infer<typeof sessionSchema>;

/** Home address (registration step after the OTP). */
export const addressSchema = z.object({
  street: shortText(200).min(1),
  streetNumber: shortText(20).min(1),
  /** Floor, door, staircase: optional. */
  floor: shortText(50).nullable().optional(),
  postcode: shortText(10).min(1),
  city: shortText().min(1),
  province: shortText().min(1),
});
export type Address = z.infer<typeof addressSchema>;
export const addressPayloadSchema = z.strictObject(addressSchema.shape);

/** A customer document (identity documents, card proofs, …). */
export const documentSchema = z.object({
  id: idSchema,
  /** identity, copyOfCard, … (the journey filters to identity). */
  type: z.string(),
  name: z.string(),
  /** new, accepted or rejected (a staff member's review). */
  status: z.string(),
  createdDate: isoDateTimeSchema,
  /** `front` or `back` for an identity side; null otherwise. */
  subType: z.string().nullable().optional(),
  /** Why staff rejected it, in the words the customer reads ('Documento rechazado: {motivo}.'); null otherwise. */
  rejectionReason: z.string().nullable().optional(),
});
export type CustomerDocument = z.infer<typeof documentSchema>;
