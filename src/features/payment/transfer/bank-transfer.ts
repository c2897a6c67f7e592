import { bankNameOf, entityCodeOfIban } from '../../../shared/banks.ts';
import { BANK_TRANSFER } from '../../../lib/lender.ts';
import { formatMessage } from '../../../shared/messages.ts';
import { formatIban, normalizeIban } from '../../../shared/validators/iban.ts';
import { BANK_TRANSFER_TEXTS } from './texts.ts';

/** The transfer's description (second document §2): the customer's reference code, '-CN', then the loan id. */
export const transferDescription = (referenceCode: string, loanId: number): string =>
  `${referenceCode.trim()}-CN${loanId}`;

/** The beneficiary's IBAN in groups of 4 ('ES91 2100 0418 …') and in electronic format (what is copied). */
export const beneficiaryIban = {
  grouped: formatIban(BANK_TRANSFER.iban),
  electronic: normalizeIban(BANK_TRANSFER.iban),
} as const;

/** The bank of the beneficiary's IBAN, from its entity code (positions 5-8). */
export const beneficiaryBank = {
  code: entityCodeOfIban(beneficiaryIban.electronic),
  name: bankNameOf(entityCodeOfIban(beneficiaryIban.electronic)),
} as const;

/** The e-mail link to send the receipt: to the receipt address, with a Spanish subject carrying the description. */
export const receiptMailto = (description: string): string =>
  `mailto:${BANK_TRANSFER.receiptEmail}?subject=${encodeURIComponent(
    formatMessage(BANK_TRANSFER_TEXTS.receiptSubject, { description }),
  )}`;
