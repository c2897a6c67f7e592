// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  oneTimeCodeSchema,
  passwordSchema,
  resetPinSchema,
} from '../../../../src/shared/validators/index.ts';
import { firstMessage } from './helpers.ts';

const LENGTH_MESSAGE = 'Tu contraseña debe tener entre 4 y 20 caracteres de longitud.';

describe('password / PIN', () => {
  it.each(['1234', 'abcd', 'a'.repeat(20), ' 12 '])('accepts %j (4 to 20 characters, kept as typed)', (password) => {
    expect(passwordSchema.parse(password)).toBe(password);
  });

  it.each(['123', 'a'.repeat(21)])('refuses %j with the length message', (password) => {
    expect(firstMessage(passwordSchema, password)).toBe(LENGTH_MESSAGE);
  });

  it('is required', () => {
    expect(firstMessage(passwordSchema, '')).toBe('Campo obligatorio');
  });

  it("shows 'Los campos no coinciden' on the confirmation when it differs", () => {
    expect(firstMessage(changePasswordSchema, { newPassword: '1234', newPassword2: '1235' }, 'newPassword2')).toBe(
      'Los campos no coinciden',
    );
    expect(changePasswordSchema.safeParse({ newPassword: '1234', newPassword2: '1234' }).success).toBe(true);
  });

  it('asks for the confirmation when it is empty, and still compares when the password itself is too short', () => {
    expect(firstMessage(changePasswordSchema, { newPassword: '1234', newPassword2: '' }, 'newPassword2')).toBe(
      'Campo obligatorio',
    );
    const result = changePasswordSchema.safeParse({ newPassword: '12', newPassword2: '13' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['newPassword', LENGTH_MESSAGE],
      ['newPassword2', 'Los campos no coinciden'],
    ]);
  });
});

describe('reset PIN and one-time code', () => {
  it('accepts a 4-digit reset PIN only', () => {
    expect(resetPinSchema.parse('0427')).toBe('0427');
    for (const pin of ['427', '04270', '04a7']) expect(firstMessage(resetPinSchema, pin)).toBe('Patrón incorrecto');
    expect(firstMessage(resetPinSchema, '')).toBe('Campo obligatorio');
  });

  it('accepts a one-time code of exactly 4 letters or digits', () => {
    expect(oneTimeCodeSchema.parse('A7k2')).toBe('A7k2');
    for (const code of ['A7k', 'A7k2x', 'A7-2', 'ñ123'])
      expect(firstMessage(oneTimeCodeSchema, code)).toBe('Patrón incorrecto');
  });
});
