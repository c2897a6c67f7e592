import { CONTACT, LENDER } from '../../../lib/lender.ts';

/**
 * The company's identity and contacts that the law requires on these pages (LSSI art. 10, RGPD art. 13, Ley
 * 16/2011), from the configured lender (src/shared/lender.ts): the same identity the contracts name.
 */
export const COMPANY = {
  legalName: LENDER.legalName,
  taxId: LENDER.taxId,
  address: LENDER.registeredAddress,
  registry: LENDER.commercialRegistry,
  lenderRegistry: LENDER.consumerCreditRegistry,
  dpoEmail: LENDER.dataProtection.email,
} as const;

export const SUPPORT = {
  email: CONTACT.email,
  phone: CONTACT.phone,
  phoneDisplay: CONTACT.phoneDisplay,
  freePhone: CONTACT.freePhone,
  freePhoneDisplay: CONTACT.freePhoneDisplay,
  hours: LENDER.customerService.hours,
  postalAddress: LENDER.customerService.postalAddress,
  /** The e-mail is read every day; answers within this time. */
  emailAnswerTime: 'en un plazo máximo de 48 horas laborables',
} as const;

export const telHref = (phone: string): string => `tel:+34${phone}`;
export const mailtoHref = (email: string, subject?: string): string =>
  subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
