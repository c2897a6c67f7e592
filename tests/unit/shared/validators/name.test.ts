// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { personNameSchema } from '../../../../src/shared/validators/index.ts';
import { firstMessage } from './helpers.ts';

describe('first and last names', () => {
  it.each(['María José', 'Núñez', 'Agüero', 'ÁLVARO', 'Íñigo Ruiz'])('accepts %s', (name) => {
    expect(personNameSchema.parse(name)).toBe(name);
  });

  it.each(['Jo3', "O'Brien", 'Anne-Marie', 'François', 'Łukasz', 'José.'])(
    'refuses %s with the Spanish alphabet message',
    (name) => {
      expect(firstMessage(personNameSchema, name)).toBe('Solo se permiten caracteres del alfabeto español.');
    },
  );

  it('is required, blank counts as empty', () => {
    expect(firstMessage(personNameSchema, '')).toBe('Campo obligatorio');
    expect(firstMessage(personNameSchema, '   ')).toBe('Campo obligatorio');
  });

  it('trims and reduces runs of spaces', () => {
    expect(personNameSchema.parse('  Ana   Belén ')).toBe('Ana Belén');
  });
});
