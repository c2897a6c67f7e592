// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  cardNumberSchema,
  cvvSchema,
  expiryMonths,
  expiryYears,
  makeCardSchema,
  passesLuhn,
} from '../../../../src/shared/validators/index.ts';
import { firstMessage, messagesOf } from './helpers.ts';

// 1 January 2027 at 00:30 in Madrid is still 31 December 2026 in UTC.
const newYearInMadrid = new Date('2026-12-31T23:30:00Z');
const mid2026 = new Date('2026-06-15T10:00:00Z');

const card = (overrides: Record<string, unknown> = {}) => ({
  cardNumber: '4111 1111 1111 1111',
  expiryMonth: '09',
  expiryYear: 2026,
  cv2: '123',
  agreementsAccept: true,
  ...overrides,
});

describe('card number', () => {
  it('accepts 4111111111111111 (Luhn) with or without spaces', () => {
    expect(cardNumberSchema.parse('4111 1111 1111 1111')).toBe('4111111111111111');
    expect(passesLuhn('5555555555554444')).toBe(true);
  });

  it('refuses a number that fails Luhn or is not 16 digits', () => {
    for (const number of ['4111111111111112', '411111111111111', '41111111111111111', '4111-1111-1111-111a']) {
      expect(firstMessage(cardNumberSchema, number)).toBe('Patrón incorrecto');
    }
    expect(passesLuhn('4111111111111112')).toBe(false);
  });

  it('is required', () => {
    expect(firstMessage(cardNumberSchema, '')).toBe('Campo obligatorio');
  });
});

describe('CVV', () => {
  it('is exactly 3 digits', () => {
    expect(cvvSchema.parse('007')).toBe('007');
    for (const cvv of ['07', '0077', '0a7']) expect(firstMessage(cvvSchema, cvv)).toBe('Patrón incorrecto');
  });
});

describe('expiry', () => {
  it('offers months 01 to 12 and years from the current Madrid year through 21 years ahead', () => {
    expect(expiryMonths).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
    const years = expiryYears(newYearInMadrid);
    expect(years[0]).toBe(2027);
    expect(years.at(-1)).toBe(2048);
    expect(years).toHaveLength(22);
  });

  it('accepts the current month and the last allowed year', () => {
    const schema = makeCardSchema(mid2026);
    expect(schema.safeParse(card({ expiryMonth: '06', expiryYear: 2026 })).success).toBe(true);
    expect(schema.safeParse(card({ expiryMonth: '12', expiryYear: '2047' })).success).toBe(true);
  });

  it("refuses an expired card or a year out of range with 'Rango de fechas no válido'", () => {
    const schema = makeCardSchema(mid2026);
    expect(messagesOf(schema, card({ expiryMonth: '05', expiryYear: 2026 }))).toEqual({
      expiryMonth: ['Rango de fechas no válido'],
    });
    expect(messagesOf(schema, card({ expiryYear: 2025 }))).toEqual({ expiryYear: ['Rango de fechas no válido'] });
    expect(messagesOf(schema, card({ expiryYear: 2048 }))).toEqual({ expiryYear: ['Rango de fechas no válido'] });
  });

  it('counts the current month in Europe/Madrid', () => {
    expect(makeCardSchema(newYearInMadrid).safeParse(card({ expiryMonth: '12', expiryYear: 2026 })).success).toBe(
      false,
    );
    expect(
      makeCardSchema(new Date('2026-12-31T22:30:00Z')).safeParse(card({ expiryMonth: '12', expiryYear: 2026 })).success,
    ).toBe(true);
  });

  it('refuses a month outside 01–12', () => {
    const schema = makeCardSchema(mid2026);
    expect(firstMessage(schema, card({ expiryMonth: '13' }), 'expiryMonth')).toBe('Patrón incorrecto');
    expect(firstMessage(schema, card({ expiryMonth: '' }), 'expiryMonth')).toBe('Campo obligatorio');
    expect(makeCardSchema(mid2026).parse(card({ expiryMonth: 9 })).expiryMonth).toBe('09');
  });
});

describe('card form', () => {
  it('needs the agreements box ticked', () => {
    expect(firstMessage(makeCardSchema(mid2026), card({ agreementsAccept: false }), 'agreementsAccept')).toBe(
      'Campo obligatorio',
    );
  });

  it('gives the normalised values with the spec field names', () => {
    expect(makeCardSchema(mid2026).parse(card())).toEqual({
      cardNumber: '4111111111111111',
      expiryMonth: '09',
      expiryYear: 2026,
      cv2: '123',
      agreementsAccept: true,
    });
  });
});
