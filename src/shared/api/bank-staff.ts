import { z } from 'zod';
import { idParamSchema, idSchema, isoDateSchema, isoDateTimeSchema, scrapeSessionStatusSchema } from './common.ts';
import { defineCall } from './define.ts';
import { pageQueryFields, paged } from './paging.ts';
import { CAM_ADMINS } from './roles.ts';

/**
 * The bank module's staff calls (docs/backoffice.md §5, the customer file's 'Cuentas bancarias'), apart from
 * `bank.ts` so the customer's app carries none of them. Staff paths add `/:customerId` to the customer's own.
 */

/** A linked bank account as staff see it, with counts of the transactions read from it (never the transactions). */
export const staffBankAccountSchema = z.object({
  id: idSchema,
  /** The IBAN as stored: ES + 22 digits, no spaces. */
  iban: z.string(),
  /** The bank's name. */
  bankName: z.string(),
  /** The 4-digit Spanish entity code. */
  bankCode: z.string(),
  holderName: z.string(),
  /** `scrape` (the open-banking widget) or `manual` (entered by the customer). */
  source: z.enum(['scrape', 'manual']),
  /** `active` (usable for payouts) or `inactive`. */
  status: z.string(),
  /** The scrape session that found it, null for a manual entry. */
  scrapeSessionId: z.string().nullable(),
  linkedAt: isoDateTimeSchema,
  transactionCount: z.number().int().nonnegative(),
  salaryCount: z.number().int().nonnegative(),
  /** The newest transaction's booking date, null when none was read. */
  latestTransactionDate: isoDateSchema.nullable(),
});
export type StaffBankAccount = z.infer<typeof staffBankAccountSchema>;

/** The customer's bank accounts, newest first, the whole list (a customer links a few). */
export const StaffBankAccountsGet = defineCall({
  name: 'StaffBankAccountsGet',
  method: 'GET',
  path: '/api/bankscraper/getAccountWithBankDetails/:customerId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: z.strictObject({ customerId: idParamSchema }),
  response: z.array(staffBankAccountSchema),
  errors: ['StaffCustomerNotFound'],
});

/** One open-banking session (WidgetInitPost → the provider's widget → the result polled). */
export const scrapeSessionItemSchema = z.object({
  id: z.string(),
  /** The provider behind the widget (`sandbox` here; a real provider by configuration). */
  provider: z.string(),
  status: scrapeSessionStatusSchema,
  /** The bank chosen in the widget, null when the customer never logged in there. */
  bankName: z.string().nullable(),
  /** How many times the customer's app asked for the result. */
  polls: z.number().int().nonnegative(),
  /** The accounts the session linked. */
  accountCount: z.number().int().nonnegative(),
  createdAt: isoDateTimeSchema,
  finishedAt: isoDateTimeSchema.nullable(),
});
export type ScrapeSessionItem = z.infer<typeof scrapeSessionItemSchema>;

/** The customer's open-banking sessions, newest first, paged (one per attempt: the list grows with retries). */
export const ScrapeSessionsGet = defineCall({
  name: 'ScrapeSessionsGet',
  method: 'GET',
  path: '/api/bankscraper/getScrapeCustomerInfo/:customerId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: z.strictObject({ customerId: idParamSchema }),
  query: z.strictObject(pageQueryFields),
  response: paged(scrapeSessionItemSchema),
  errors: ['StaffCustomerNotFound'],
});

export const bankStaffCalls = { StaffBankAccountsGet, ScrapeSessionsGet } as const;
