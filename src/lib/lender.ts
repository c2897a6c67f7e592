import type { LenderIdentity } from '../shared/lender.ts';

declare const __LENDER__: LenderIdentity;

/**
 * The lender this build names (src/shared/lender.ts; `LENDER_FILE` at build time, vite.config.ts): the legal pages,
 * the footer and menu contacts, the transfer modal. The server renders the contracts with the same identity.
 */
export const LENDER: LenderIdentity = __LENDER__;

/** The bank-transfer beneficiary and account (the `bankTransferInfoModal`, second document §2). */
export const BANK_TRANSFER = {
  beneficiary: LENDER.legalName,
  iban: LENDER.collectionAccount.iban,
  receiptEmail: LENDER.collectionAccount.receiptEmail,
} as const;

/** Customer service contact shown in the menu, the footer and the help texts. */
export const CONTACT = {
  email: LENDER.customerService.email,
  phone: LENDER.customerService.phone,
  phoneDisplay: LENDER.customerService.phoneDisplay,
  freePhone: LENDER.customerService.freePhone,
  freePhoneDisplay: LENDER.customerService.freePhoneDisplay,
} as const;

/** The collections department (recobro): the contact for an overdue loan or a customer in collection. */
export const COLLECTIONS_CONTACT = LENDER.collections;
