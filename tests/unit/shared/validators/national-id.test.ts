// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  dniCheckLetter,
  isValidCif,
  isValidDni,
  isValidNie,
  nationalIdKind,
  nationalIdSchema,
  taxIdSchema,
} from '../../../../src/shared/validators/index.ts';
import { firstMessage } from './helpers.ts';

const MESSAGE = 'Por favor, introduce un DNI/NIE válido.';

describe('DNI', () => {
  it.each(['12345678Z', '00000000T', '87654321X'])('accepts %s', (dni) => {
    expect(isValidDni(dni)).toBe(true);
    expect(nationalIdSchema.parse(dni)).toBe(dni);
  });

  it('computes the check letter with the mod-23 table', () => {
    expect(dniCheckLetter('12345678')).toBe('Z');
    expect(dniCheckLetter('00000023')).toBe('T');
    expect(dniCheckLetter('00000022')).toBe('E');
  });

  it.each(['12345678A', '12345678', '1234567Z', '123456789Z'])('refuses %s', (dni) => {
    expect(isValidDni(dni)).toBe(false);
    expect(firstMessage(nationalIdSchema, dni)).toBe(MESSAGE);
  });

  it('normalises case, spaces, dots and dashes to 9 characters', () => {
    expect(nationalIdSchema.parse(' 12.345.678-z ')).toBe('12345678Z');
  });
});

describe('NIE', () => {
  it.each(['X1234567L', 'Y1234567X', 'Z1234567R'])('accepts %s', (nie) => {
    expect(isValidNie(nie)).toBe(true);
    expect(nationalIdSchema.parse(nie)).toBe(nie);
  });

  it.each(['X1234567A', 'W1234567L', 'X123456L'])('refuses %s', (nie) => {
    expect(isValidNie(nie)).toBe(false);
    expect(firstMessage(nationalIdSchema, nie)).toBe(MESSAGE);
  });
});

describe('CIF', () => {
  it.each(['B12345674', 'A58818501', 'Q2826000H', 'P2807900B'])('accepts the company tax id %s', (cif) => {
    expect(isValidCif(cif)).toBe(true);
    expect(nationalIdKind(cif)).toBe('CIF');
    expect(taxIdSchema.parse(cif)).toBe(cif);
  });

  it('refuses a wrong control character, and a digit control where a letter is required', () => {
    expect(isValidCif('B12345675')).toBe(false);
    expect(isValidCif('Q28260008')).toBe(false);
  });

  it('is not a person identity number for the signup field', () => {
    expect(firstMessage(nationalIdSchema, 'B12345674')).toBe(MESSAGE);
  });
});

describe('nationalID field', () => {
  it('is required', () => {
    expect(firstMessage(nationalIdSchema, '')).toBe('Campo obligatorio');
  });

  it('tells DNI from NIE', () => {
    expect(nationalIdKind('12345678Z')).toBe('DNI');
    expect(nationalIdKind('X1234567L')).toBe('NIE');
    expect(nationalIdKind('12345678A')).toBeUndefined();
  });
});
