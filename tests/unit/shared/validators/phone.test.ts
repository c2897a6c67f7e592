// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  anyPhoneSchema,
  isMobilePhone,
  isSpanishPhone,
  mobilePhoneSchema,
  normalizePhone,
} from '../../../../src/shared/validators/index.ts';
import { firstMessage } from './helpers.ts';

describe('mobile phone', () => {
  it.each(['612345678', '712345678', '600000001', '699999999'])('accepts the mobile number %s', (phone) => {
    expect(isMobilePhone(phone)).toBe(true);
    expect(mobilePhoneSchema.parse(phone)).toBe(phone);
  });

  it.each(['912345678', '812345678', '961234567'])('refuses the landline %s as a mobile', (phone) => {
    expect(isMobilePhone(phone)).toBe(false);
    expect(firstMessage(mobilePhoneSchema, phone)).toBe('Patrón incorrecto');
  });

  it.each(['61234567', '6123456789', '512345678', '901123456', '800123456', '61234567a'])(
    'refuses %s: not 9 digits, or not a mobile or landline',
    (phone) => {
      expect(firstMessage(mobilePhoneSchema, phone)).toBe('Patrón incorrecto');
      expect(firstMessage(anyPhoneSchema, phone)).toBe('Patrón incorrecto');
    },
  );

  it('is required', () => {
    expect(firstMessage(mobilePhoneSchema, '')).toBe('Campo obligatorio');
    expect(firstMessage(mobilePhoneSchema, undefined)).toBe('Campo obligatorio');
  });

  it('reduces spaces and a +34 or 0034 prefix to the 9 national digits', () => {
    expect(mobilePhoneSchema.parse(' 612 345 678 ')).toBe('612345678');
    expect(mobilePhoneSchema.parse('+34 612-345-678')).toBe('612345678');
    expect(normalizePhone('0034612345678')).toBe('612345678');
    expect(normalizePhone('+44612345678')).toBe('+44612345678');
  });
});

describe('any phone (landlines allowed)', () => {
  it.each(['612345678', '712345678', '912345678', '961234567', '822123456'])('accepts %s', (phone) => {
    expect(isSpanishPhone(phone)).toBe(true);
    expect(anyPhoneSchema.parse(phone)).toBe(phone);
  });
});
