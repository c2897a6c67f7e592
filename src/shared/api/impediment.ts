import { z } from 'zod';
import { idParamSchema, idSchema, impedimentReasonSchema, isoDateTimeSchema, shortText } from './common.ts';
import { defineCall } from './define.ts';

/**
 * A customer's impediments (catalogue loan `impediments`; docs/rules/payments.md "Impediments"), served by
 * `modules/impediment`: why they cannot pay a loan, written from '¿Problemas con un reembolso?'. Staff read and handle
 * them through `impediment-staff.ts`.
 */

/**
 * '¿Problemas con un reembolso?' (`/payment-reason?loanId=`): records why the customer cannot pay (the backend
 * catalogue's loan impediments). The loan must be the caller's and issued or arranged, with no impediment staff have
 * not closed yet (422 `ImpedimentAlreadyOpen`: one at a time per loan).
 */
export const ImpedimentCreatePost = defineCall({
  name: 'ImpedimentCreatePost',
  method: 'POST',
  path: '/api/loan/impediments/create',
  auth: 'customer',
  roles: ['user'],
  body: z.strictObject({
    loanId: idSchema,
    reason: impedimentReasonSchema,
    /** Free text, required for `other`. */
    comment: shortText(1000).optional(),
  }),
  response: z.object({ id: idSchema, createdDate: isoDateTimeSchema }),
  errors: ['LoanNotFound', 'ImpedimentAlreadyOpen'],
});

/**
 * `customerCanCreateImpediment`: whether the customer may tell us now why they cannot pay this loan — it is theirs and
 * running, and no impediment of it is still open (`alreadyOpen`) — so the page can say so before the form.
 */
export const ImpedimentAllowedGet = defineCall({
  name: 'ImpedimentAllowedGet',
  method: 'GET',
  path: '/api/loan/customerCanCreateImpediment',
  auth: 'customer',
  roles: ['user'],
  query: z.strictObject({ loanId: idParamSchema }),
  response: z.object({ canCreate: z.boolean(), reason: z.enum(['notRunning', 'alreadyOpen']).nullable() }),
  errors: ['LoanNotFound'],
});

export const impedimentCalls = { ImpedimentCreatePost, ImpedimentAllowedGet } as const;
