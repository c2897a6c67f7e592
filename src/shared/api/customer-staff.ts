import { z } from 'zod';
import { customerGenders, customerSubStatuses } from '../statuses.ts';
import { auditReasonSchema } from './audit.ts';
import {
  ackSchema,
  customerStatusSchema,
  idParamSchema,
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  moneySchema,
  shortText,
  textSchema,
} from './common.ts';
import { addressSchema } from './customer-schemas.ts';
import { defineCall } from './define.ts';
import { pageQueryFields, paged } from './paging.ts';
import { ADMINS, CAM_ADMINS, CAM_ADMINS_COLLECTION } from './roles.ts';

/**
 * The customer module's staff calls (docs/backoffice.md §5, the customer file), apart from `customer.ts` so the
 * customer's app carries none of them. A collection company's user reaches only the customers assigned to their
 * company: anyone else's answers 404 `StaffCustomerNotFound`, as an unknown id does.
 */

/** What a query was read as: an exact key (phone, DNI/NIE, e-mail, id or reference) or words of the name. */
export const searchKindSchema = z.enum(['phone', 'nationalId', 'email', 'number', 'referenceCode', 'name']);
export type SearchKind = z.infer<typeof searchKindSchema>;

export const customerSearchItemSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  nationalId: z.string(),
  phone: z.string(),
  email: z.string(),
  status: customerStatusSchema,
  referenceCode: z.string(),
});
export type CustomerSearchItem = z.infer<typeof customerSearchItemSchema>;

/**
 * Search by phone (with or without +34), DNI/NIE, e-mail, loan id, customer id, reference code or name (3 characters
 * or more; each word anywhere in the name, accents and case ignored; alphabetical). Paged; `total` counts up to 200.
 */
export const CustomerSearchPost = defineCall({
  name: 'CustomerSearchPost',
  method: 'POST',
  path: '/api/customer/search',
  auth: 'staff',
  roles: CAM_ADMINS_COLLECTION,
  // A search is a read: no audit record (the call is logged), and a read-only check never refuses it.
  writes: false,
  body: z.strictObject({
    query: textSchema()
      .trim()
      .min(1, 'Escribe qué buscar')
      .max(100, 'La búsqueda no puede tener más de 100 caracteres'),
    ...pageQueryFields,
  }),
  response: paged(customerSearchItemSchema).extend({ searchedBy: searchKindSchema }),
  errors: ['SearchTooShort'],
});

export const staffAddressSchema = z.object({
  street: z.string(),
  streetNumber: z.string(),
  floor: z.string().nullable(),
  postcode: z.string(),
  city: z.string(),
  province: z.string(),
});

/** The customer's record as staff see it (the customer file's 'Resumen' and 'Datos'). */
export const customerSubStatusSchema = z.enum(customerSubStatuses);
export const customerGenderSchema = z.enum(customerGenders);

export const staffCustomerSchema = z.object({
  id: idSchema,
  status: customerStatusSchema,
  subStatus: customerSubStatusSchema.nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  nationalId: z.string(),
  birthDate: isoDateSchema,
  gender: z.string().nullable(),
  employmentStatus: z.string(),
  companyName: z.string().nullable(),
  monthlyIncome: moneySchema,
  referenceCode: z.string(),
  isRtb: z.boolean(),
  isBlacklist: z.boolean(),
  creditLimit: moneySchema,
  miniLimit: moneySchema,
  collectionCompanyId: idSchema.nullable(),
  /** 5 wrong PINs or codes: the customer cannot log in until a PIN reset or an agent's UnblockPost. */
  blocked: z.boolean(),
  passwordRequired: z.boolean(),
  acceptMarketing: z.boolean(),
  address: staffAddressSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type StaffCustomer = z.infer<typeof staffCustomerSchema>;

export const StaffCustomerGet = defineCall({
  name: 'StaffCustomerGet',
  method: 'GET',
  path: '/api/customer/customer/:customerId',
  auth: 'staff',
  roles: CAM_ADMINS_COLLECTION,
  params: z.strictObject({ customerId: idParamSchema }),
  response: staffCustomerSchema,
  errors: ['StaffCustomerNotFound'],
});

/** One change of the customer's status: from (null for the first status), to, who (`customer`, `system`, a job …), why. */
export const customerStatusChangeSchema = z.object({
  id: idSchema,
  at: isoDateTimeSchema,
  from: customerStatusSchema.nullable(),
  to: customerStatusSchema,
  changedBy: z.string(),
  reason: z.string().nullable(),
});
export type CustomerStatusChange = z.infer<typeof customerStatusChangeSchema>;

/** The customer file's status tab: the status now, and its history newest first, a page at a time. */
export const CustomerStatusGet = defineCall({
  name: 'CustomerStatusGet',
  method: 'GET',
  path: '/api/customer/status/:customerId',
  auth: 'staff',
  roles: CAM_ADMINS_COLLECTION,
  params: z.strictObject({ customerId: idParamSchema }),
  query: z.strictObject({ ...pageQueryFields }),
  response: paged(customerStatusChangeSchema).extend({ customerId: idSchema, status: customerStatusSchema }),
  errors: ['StaffCustomerNotFound'],
});

/**
 * The customer file's contacts tab: the mobile (9 national digits), the e-mail and the home address (null before
 * the registration's address step). The data model keeps no confirmation of the e-mail, so none is answered.
 */
export const staffContactsSchema = z.object({
  customerId: idSchema,
  phone: z.string(),
  email: z.string(),
  address: staffAddressSchema.nullable(),
});
export type StaffContacts = z.infer<typeof staffContactsSchema>;

export const StaffCommunicationGet = defineCall({
  name: 'StaffCommunicationGet',
  method: 'GET',
  path: '/api/customer/communication/:customerId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: z.strictObject({ customerId: idParamSchema }),
  response: staffContactsSchema,
  errors: ['StaffCustomerNotFound'],
});

// ---------------------------------------------------------------------------------------------------------------
// The customer file's writes (docs/backoffice.md §5): each audited with the fields it changed, before and after.
// ---------------------------------------------------------------------------------------------------------------

const customerIdParams = z.strictObject({ customerId: idParamSchema });

/**
 * Corrects the customer's record: names and gender (agents and administrators); `nationalId` and `birthDate` only
 * administrators (an agent sending either gets 403 `Forbidden`). Checked as the registration checks them: Spanish
 * alphabet (InvalidName), a DNI/NIE with its check letter (DNINotValid) that no other customer holds
 * (StaffNationalIdTaken), 18 to 75 years old today (EligibleAgeError). Only the fields sent change.
 */
export const StaffCustomerPut = defineCall({
  name: 'StaffCustomerPut',
  method: 'PUT',
  path: '/api/customer/customer/:customerId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: customerIdParams,
  body: z.strictObject({
    firstName: shortText().optional(),
    lastName: shortText().optional(),
    gender: customerGenderSchema.nullable().optional(),
    nationalId: textSchema().max(20).optional(),
    birthDate: isoDateSchema.optional(),
    reason: auditReasonSchema.optional(),
  }),
  response: staffCustomerSchema,
  errors: [
    'StaffCustomerNotFound',
    'NothingToChange',
    'InvalidName',
    'DNINotValid',
    'StaffNationalIdTaken',
    'EligibleAgeError',
    'InvalidBirthDate',
  ],
});

/**
 * A staff move of the customer's status (`STAFF_STATUS_MOVES`): to `fraud`, to `closed` (every session of the
 * customer ends), or from `fraud` back to the status before it; anything else StaffStatusMoveNotAllowed. Its
 * history row says `staff:<id>` and the reason.
 */
export const CustomerStatusPost = defineCall({
  name: 'CustomerStatusPost',
  method: 'POST',
  path: '/api/customer/status',
  auth: 'staff',
  roles: CAM_ADMINS,
  body: z.strictObject({ customerId: idSchema, status: customerStatusSchema, reason: auditReasonSchema }),
  response: z.object({ customerId: idSchema, status: customerStatusSchema }),
  errors: ['StaffCustomerNotFound', 'StaffStatusMoveNotAllowed'],
});

/** Sets the customer's sub-status, or clears it with null; its history is its audit records. */
export const CustomerSubStatusPost = defineCall({
  name: 'CustomerSubStatusPost',
  method: 'POST',
  path: '/api/customer/subStatus',
  auth: 'staff',
  roles: CAM_ADMINS,
  body: z.strictObject({
    customerId: idSchema,
    subStatus: customerSubStatusSchema.nullable(),
    reason: auditReasonSchema,
  }),
  response: z.object({ customerId: idSchema, subStatus: customerSubStatusSchema.nullable() }),
  errors: ['StaffCustomerNotFound', 'NothingToChange'],
});

/** A staff comment on the customer, with its author's name as it is today. */
export const customerCommentSchema = z.object({
  id: idSchema,
  at: isoDateTimeSchema,
  text: z.string(),
  staffUserId: idSchema,
  staffName: z.string(),
});
export type CustomerComment = z.infer<typeof customerCommentSchema>;

/** The customer's comments, newest first, a page at a time. */
export const CommentsGet = defineCall({
  name: 'CommentsGet',
  method: 'GET',
  path: '/api/customer/comment/:customerId',
  auth: 'staff',
  roles: CAM_ADMINS_COLLECTION,
  params: customerIdParams,
  query: z.strictObject({ ...pageQueryFields }),
  response: paged(customerCommentSchema).extend({ customerId: idSchema }),
  errors: ['StaffCustomerNotFound'],
});

/** Adds a comment (1–2000 characters). Comments are never edited or deleted: a correction is a new comment. */
export const CommentPost = defineCall({
  name: 'CommentPost',
  method: 'POST',
  path: '/api/customer/comment',
  auth: 'staff',
  roles: CAM_ADMINS_COLLECTION,
  body: z.strictObject({
    customerId: idSchema,
    text: textSchema()
      .trim()
      .min(1, 'Escribe el comentario')
      .max(2000, 'El comentario no puede tener más de 2000 caracteres'),
  }),
  response: customerCommentSchema,
  errors: ['StaffCustomerNotFound'],
});

/** The customer's home address (null before the registration's address step). */
export const StaffAddressGet = defineCall({
  name: 'StaffAddressGet',
  method: 'GET',
  path: '/api/customer/address/:customerId',
  auth: 'staff',
  roles: CAM_ADMINS_COLLECTION,
  params: customerIdParams,
  response: z.object({ customerId: idSchema, address: staffAddressSchema.nullable() }),
  errors: ['StaffCustomerNotFound'],
});

/**
 * Saves the customer's home address with SaveAddressPut's rules (InvalidPostcode; InvalidProvince when the
 * province is not the postcode's; the official name stored). The status never moves here.
 */
export const StaffAddressPut = defineCall({
  name: 'StaffAddressPut',
  method: 'PUT',
  path: '/api/customer/address/:customerId',
  auth: 'staff',
  roles: CAM_ADMINS_COLLECTION,
  params: customerIdParams,
  body: z.strictObject({ ...addressSchema.shape, reason: auditReasonSchema.optional() }),
  response: z.object({ customerId: idSchema, address: staffAddressSchema }),
  errors: ['StaffCustomerNotFound', 'NothingToChange', 'InvalidPostcode', 'InvalidProvince'],
});

/**
 * Changes the customer's e-mail (the phone is changed only by the customer) with AddNewEmailPost's rules:
 * InvalidEmail, InvalidEmailWithUpdateRequest (undeliverable domain), EmailNotAvailable (another customer's).
 */
export const StaffCommunicationPost = defineCall({
  name: 'StaffCommunicationPost',
  method: 'POST',
  path: '/api/customer/communication/:customerId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: customerIdParams,
  body: z.strictObject({ email: textSchema().min(1).max(254), reason: auditReasonSchema }),
  response: staffContactsSchema,
  errors: [
    'StaffCustomerNotFound',
    'NothingToChange',
    'InvalidEmail',
    'InvalidEmailWithUpdateRequest',
    'EmailNotAvailable',
  ],
});

/** Puts the customer on the blacklist or takes them off it (loan requests are refused while on it). */
export const BlacklistPost = defineCall({
  name: 'BlacklistPost',
  method: 'POST',
  path: '/api/customer/blacklist',
  auth: 'staff',
  roles: CAM_ADMINS,
  body: z.strictObject({ customerId: idSchema, isBlacklist: z.boolean(), reason: auditReasonSchema }),
  response: ackSchema,
  errors: ['StaffCustomerNotFound', 'NothingToChange'],
});

/**
 * Closes the customer (status `closed` with its history row), blacklists them and ends every session; nothing is
 * deleted. The customer can no longer log in (CustomerAlreadyRegistered).
 */
export const SoftDeleteAndBlacklistPost = defineCall({
  name: 'SoftDeleteAndBlacklistPost',
  method: 'POST',
  path: '/api/customer/softDeleteAndBlackListCustomer/:customerId',
  auth: 'staff',
  roles: ADMINS,
  params: customerIdParams,
  body: z.strictObject({ reason: auditReasonSchema }),
  response: ackSchema,
  errors: ['StaffCustomerNotFound', 'NothingToChange'],
});

export const customerStaffCalls = {
  CustomerSearchPost,
  StaffCustomerGet,
  CustomerStatusGet,
  StaffCommunicationGet,
  StaffCustomerPut,
  CustomerStatusPost,
  CustomerSubStatusPost,
  CommentsGet,
  CommentPost,
  StaffAddressGet,
  StaffAddressPut,
  StaffCommunicationPost,
  BlacklistPost,
  SoftDeleteAndBlacklistPost,
} as const;
