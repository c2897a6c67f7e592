/**
 * Spanish IBANs (manual bank account entry): ES + 22 digits, valid for ibantools, which checks both the ISO 13616
 * mod-97 check digits and the two national control digits of the Spanish CCC (bank-branch and account).
 */
import { z } from 'zod';
import { electronicFormatIBAN, friendlyFormatIBAN, isValidIBAN } from 'ibantools';
import { VALIDATION_MESSAGES } from '../validation-messages.ts';
import { requiredString } from './required.ts';

/** Without spaces or dashes and upper-cased ('es91 2100 …' → 'ES912100…'). */
export const normalizeIban = (raw: string): string => electronicFormatIBAN(raw.replace(/-/g, '')) ?? '';

export function isValidSpanishIban(raw: string): boolean {
  const iban = normalizeIban(raw);
  return /^ES\d{22}$/.test(iban) && isValidIBAN(iban);
}

/** 'ES91 2100 0418 4502 0005 1332': groups of 4 characters. */
export const formatIban = (raw: string): string => friendlyFormatIBAN(normalizeIban(raw)) ?? raw;

/** An IBAN field: required, normalised to the electronic format, a valid Spanish IBAN. */
export const ibanSchema = requiredString().pipe(
  z.string().overwrite(normalizeIban).refine(isValidSpanishIban, { error: VALIDATION_MESSAGES.pattern }),
);
