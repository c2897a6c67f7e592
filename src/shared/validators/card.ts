/**
 * Payment card fields (second document §5): 16-digit number with the Luhn check, CVV of 3 digits, expiry month
 * 01–12 and expiry year from the current year through 21 years ahead (Europe/Madrid), and not already expired.
 */
import { z } from 'zod';
import { CARD_EXPIRY_YEARS_AHEAD, LENGTHS } from '../constants.ts';
import { VALIDATION_MESSAGES } from '../validation-messages.ts';
import { madridToday } from './madrid-today.ts';
import { REQUIRED_MESSAGE, requiredString, requiredTrue } from './required.ts';

/** Without spaces or dashes ('4111 1111 1111 1111' → '4111111111111111'). */
export const normalizeCardNumber = (raw: string): string => raw.replace(/[\s-]/g, '');

/** The Luhn (mod 10) check of a string of digits. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function isValidCardNumber(raw: string): boolean {
  const digits = normalizeCardNumber(raw);
  return digits.length === LENGTHS.cardNumber && passesLuhn(digits);
}

export const cardNumberSchema = requiredString().pipe(
  z.string().overwrite(normalizeCardNumber).refine(isValidCardNumber, { error: VALIDATION_MESSAGES.pattern }),
);

export const cvvSchema = requiredString().pipe(
  z.string().regex(new RegExp(`^\\d{${LENGTHS.cvv}}$`), VALIDATION_MESSAGES.pattern),
);

/** The month options '01' … '12'. */
export const expiryMonths = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'));

/** The year options: the current year (Europe/Madrid) through 21 years ahead. */
export function expiryYears(now: Date = new Date()): number[] {
  const { year } = madridToday(now);
  return Array.from({ length: CARD_EXPIRY_YEARS_AHEAD + 1 }, (_, index) => year + index);
}

/** Expiry month: '01' … '12' (a number 1–12 is accepted and padded). */
export const expiryMonthSchema = z
  .union([z.string().trim(), z.number().int()], { error: REQUIRED_MESSAGE })
  .transform((value) => (typeof value === 'number' ? String(value).padStart(2, '0') : value))
  .pipe(z.string().min(1, REQUIRED_MESSAGE))
  .pipe(z.string().regex(/^(0[1-9]|1[0-2])$/, VALIDATION_MESSAGES.pattern));

/** Expiry year as a 4-digit number; the allowed range is checked by the card schema, which knows today. */
export const expiryYearSchema = z
  .union([z.string().trim(), z.number().int()], { error: REQUIRED_MESSAGE })
  .transform((value, ctx) => {
    if (value === '') {
      ctx.issues.push({ code: 'custom', message: REQUIRED_MESSAGE, input: value });
      return z.NEVER;
    }
    const year = Number(value);
    if (!/^\d{4}$/.test(String(value))) {
      ctx.issues.push({ code: 'custom', message: VALIDATION_MESSAGES.pattern, input: value });
      return z.NEVER;
    }
    return year;
  });

/** Whether month/year is a usable expiry on `now`: year in range, and not before the current month. */
export function isUsableExpiry(month: string, year: number, now: Date = new Date()): boolean {
  const today = madridToday(now);
  if (year < today.year || year > today.year + CARD_EXPIRY_YEARS_AHEAD) return false;
  return year > today.year || Number(month) >= today.month;
}

/**
 * The card form (cardNumber, expiryMonth, expiryYear, cv2, agreementsAccept). Without `now` it reads the clock at
 * each validation. An expiry out of range or in the past gives 'Rango de fechas no válido' on expiryYear, or on
 * expiryMonth when only the month is in the past.
 */
export function makeCardSchema(now?: Date) {
  return z
    .object({
      cardNumber: cardNumberSchema,
      expiryMonth: expiryMonthSchema,
      expiryYear: expiryYearSchema,
      cv2: cvvSchema,
      agreementsAccept: requiredTrue(),
    })
    .check((ctx) => {
      const { expiryMonth, expiryYear } = ctx.value;
      const at = now ?? new Date();
      if (isUsableExpiry(expiryMonth, expiryYear, at)) return;
      const { year } = madridToday(at);
      const monthOnly = expiryYear === year;
      ctx.issues.push({
        code: 'custom',
        message: VALIDATION_MESSAGES.dateRange,
        path: [monthOnly ? 'expiryMonth' : 'expiryYear'],
        input: ctx.value,
      });
    });
}

export const cardSchema = makeCardSchema();
