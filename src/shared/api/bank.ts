import { z } from 'zod';
import {
  idParamSchema,
  idSchema,
  isoDateSchema,
  moneySchema,
  scrapeSessionStatusSchema,
  urlTextSchema,
} from './common.ts';
import { defineCall } from './define.ts';
import { bankByCode } from '../banks.ts';

/** Bank calls: linked accounts, open-banking widget, manual entry, found cards (`/api/bankscraper`, `/api/tink`). */

export const bankTransactionSchema = z.object({
  date: isoDateSchema,
  amount: moneySchema,
  description: z.string(),
});
export type BankTransaction = z.infer<typeof bankTransactionSchema>;

/** Bank account (second document §3); accountNumber is the IBAN without spaces. */
export const bankAccountSchema = z.object({
  accountId: idSchema,
  accountNumber: z.string(),
  /** The bank's name. */
  bankValue: z.string(),
  status: z.string(),
  latestLoanDate: isoDateSchema.nullable(),
  loanCount: z.number().int().nonnegative(),
  salaryCount: z.number().int().nonnegative(),
  transactionCount: z.number().int().nonnegative(),
  transactions: z.array(bankTransactionSchema),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** Found cards (second document §3): cards seen in the linked account, by priority. */
export const foundCardsSchema = z.object({
  hasTopPriorityValidCard: z.boolean(),
  foundCards: z.array(z.object({ isPriority: z.boolean(), cardHint: z.string(), id: idSchema })),
});
export type FoundCards = z.infer<typeof foundCardsSchema>;

export const scrapeSessionResultSchema = z.object({
  status: scrapeSessionStatusSchema,
  /** The accounts found so far (empty while inProgress). */
  accounts: z.object({ accountDtos: z.array(bankAccountSchema) }),
});
export type ScrapeSessionResult = z.infer<typeof scrapeSessionResultSchema>;

/** The two open-banking providers whose widgets link an account (second document §2; sandbox ones by default). */
export const openBankingProviders = ['tink', 'unnax'] as const;
export const openBankingProviderSchema = z.enum(openBankingProviders);
export type OpenBankingProvider = z.infer<typeof openBankingProviderSchema>;

/** A bank the widgets can link, by its 4-digit entity code (`SPANISH_BANKS`, linkable). */
export const linkableBankCodeSchema = z
  .string()
  .regex(/^\d{4}$/, 'La entidad no es válida.')
  .refine((code) => bankByCode(code)?.linkable === true, 'No podemos conectar con esta entidad.');

/**
 * What a provider's widget page posts to the app (window.postMessage, to the app's own origin only; the app accepts
 * it only from the widget's origin): the customer finished the provider's login (`completed`: poll the session),
 * closed it (`cancelled`) or hit an error the widget could not recover from (`error`).
 */
export const OPEN_BANKING_MESSAGE_SOURCE = 'prestamo-open-banking';
export const openBankingWidgetMessageSchema = z.strictObject({
  source: z.literal(OPEN_BANKING_MESSAGE_SOURCE),
  type: z.enum(['completed', 'cancelled', 'error']),
  sessionId: z.string().min(1).max(200),
});
export type OpenBankingWidgetMessage = z.infer<typeof openBankingWidgetMessageSchema>;

export const widgetInitResultSchema = z.object({
  widgetUrl: urlTextSchema,
  /** The scrape session to poll with AccountsAfterScrapeGet. */
  sessionId: z.string(),
});
export type WidgetInitResult = z.infer<typeof widgetInitResultSchema>;

/** The customer's linked bank accounts (loan request account selector). */
export const ScrapedAccountsGet = defineCall({
  name: 'ScrapedAccountsGet',
  method: 'GET',
  path: '/api/bankscraper/getAccountWithBankDetails',
  auth: 'customer',
  roles: ['user'],
  response: z.array(bankAccountSchema),
});

export const AccountGetByAccountId = defineCall({
  name: 'AccountGetByAccountId',
  method: 'GET',
  path: '/api/bankscraper/GetAccount/:accountId',
  auth: 'customer',
  roles: ['user'],
  params: z.strictObject({ accountId: idParamSchema }),
  response: bankAccountSchema,
  errors: ['BankAccountNotFound'],
});

/** Accounts added by a scrape session; polled every 10 s while inProgress. */
export const AccountsAfterScrapeGet = defineCall({
  name: 'AccountsAfterScrapeGet',
  method: 'GET',
  path: '/api/bankscraper/statusScraper',
  auth: 'customer',
  roles: ['user'],
  query: z.strictObject({ sessionId: z.string().min(1).max(200) }),
  response: scrapeSessionResultSchema,
  errors: ['ScrapeFailed'],
});

export const AddBankAccountManuallyPost = defineCall({
  name: 'AddBankAccountManuallyPost',
  method: 'POST',
  path: '/api/bankscraper/addCustomerBankAccountManually',
  auth: 'customer',
  roles: ['user'],
  /** The IBAN; the server validates it (ibantools) and answers InvalidBankAccount. */
  body: z.strictObject({ accountNumber: z.string().min(1).max(50) }),
  response: bankAccountSchema,
  errors: ['InvalidBankAccount', 'BankAccountAlreadyExists', 'BankAccountNotAdded', 'NotAllowedCustomerStatus'],
});

/** Cards found in the linked account's transactions (card proof page). */
export const FoundCardsGet = defineCall({
  name: 'FoundCardsGet',
  method: 'GET',
  path: '/api/bankscraper/cardPriorityList',
  auth: 'customer',
  roles: ['user'],
  response: foundCardsSchema,
});

/** Starts the open-banking widget ('Identifica tu banco'). */
export const WidgetInitPost = defineCall({
  name: 'WidgetInitPost',
  method: 'POST',
  path: '/api/tink/WidgetInit',
  auth: 'customer',
  roles: ['user'],
  /**
   * `provider` picks the widget (default tink); `bankCode`, the bank chosen in the app, opens the widget at that
   * bank's login (without it the widget asks for the bank).
   */
  body: z.strictObject({
    acceptTerms: z.boolean(),
    provider: openBankingProviderSchema.optional(),
    bankCode: linkableBankCodeSchema.optional(),
  }),
  response: widgetInitResultSchema,
  errors: ['TermsNotAccepted', 'WidgetAccountBlocked', 'WidgetUnavailable', 'NotAllowedCustomerStatus'],
});

export const bankCalls = {
  ScrapedAccountsGet,
  AccountGetByAccountId,
  AccountsAfterScrapeGet,
  AddBankAccountManuallyPost,
  FoundCardsGet,
  WidgetInitPost,
} as const;
