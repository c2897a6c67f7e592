import { z } from 'zod';
import { loanProducts } from '../loan/loan-definition.ts';
import { idParamSchema, isoDateTimeSchema } from './common.ts';
import { defineCall } from './define.ts';
import { loanSchema } from './loan-schemas.ts';
import { CAM_ADMINS_COLLECTION } from './roles.ts';

/**
 * The payment module's staff calls (docs/backoffice.md §5, the customer file's 'Préstamos', read only), apart from
 * `payment.ts` so the customer's app carries none of them.
 */

/**
 * A loan as the customer's Loan view computes it (instalments, their payments, what closes it today, days to the
 * first unpaid instalment; money in euros), with the product it was priced by.
 */
export const staffLoanSchema = loanSchema.extend({
  product: z.enum(loanProducts),
  /** The loan definition's name (its product as offered when the loan was made). */
  productName: z.string(),
  installmentCount: z.number().int().positive(),
  /** A first minipréstamo without interest if repaid on its date. */
  interestFree: z.boolean(),
  /** When that promotion lapsed (not repaid on its date); null while it holds, and for every other loan. */
  interestFreeLapsedAt: isoDateTimeSchema.nullable(),
});
export type StaffLoan = z.infer<typeof staffLoanSchema>;

/**
 * The customer's loans, newest first, the whole list, read as the customer's own Loan view reads them: an
 * interest-free first loan whose date passed unpaid lapses on this read as on the customer's (the rule, once per
 * loan; the collection job does the same).
 */
export const StaffCustomerLoansGet = defineCall({
  name: 'StaffCustomerLoansGet',
  method: 'GET',
  path: '/api/loan/loans',
  auth: 'staff',
  roles: CAM_ADMINS_COLLECTION,
  query: z.strictObject({ customerId: idParamSchema }),
  response: z.array(staffLoanSchema),
  errors: ['StaffCustomerNotFound'],
});

export const paymentStaffCalls = { StaffCustomerLoansGet } as const;
