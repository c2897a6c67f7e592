// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { birthDateBounds, birthDateSchema, makeBirthDateSchema } from '../../../../src/shared/validators/index.ts';
import { firstMessage } from './helpers.ts';

// 15 March 2026 at 00:30 in Madrid is still 14 March in UTC: the rule must count from the Madrid date.
const justAfterMadridMidnight = new Date('2026-03-14T23:30:00Z');
const schema = makeBirthDateSchema(justAfterMadridMidnight);

describe('birth date', () => {
  it('counts "today" in Europe/Madrid', () => {
    expect(birthDateBounds(justAfterMadridMidnight)).toEqual({ earliest: '1951-03-15', latest: '2008-03-15' });
  });

  it('accepts the customer on their 18th birthday, not the day before', () => {
    expect(schema.parse('2008-03-15')).toBe('2008-03-15');
    expect(firstMessage(schema, '2008-03-16')).toBe('Debes tener al menos 18 años.');
  });

  it('accepts the customer on their 75th birthday, not a day older', () => {
    expect(schema.parse('1951-03-15')).toBe('1951-03-15');
    expect(firstMessage(schema, '1951-03-14')).toBe('Tu fecha de nacimiento no puede ser anterior al 15/03/1951.');
  });

  it('turns a 29 February 18 years back into 28 February in a common year', () => {
    expect(birthDateBounds(new Date('2026-02-28T12:00:00Z')).latest).toBe('2008-02-28');
    const onLeapDay = makeBirthDateSchema(new Date('2026-02-28T12:00:00Z'));
    expect(firstMessage(onLeapDay, '2008-02-29')).toBe('Debes tener al menos 18 años.');
  });

  it.each(['1990-02-30', '1990-13-01', '15/03/1990', '1990-3-5', 'ayer'])(
    "refuses %s with 'Fecha invalida'",
    (value) => {
      expect(firstMessage(schema, value)).toBe('Fecha invalida');
    },
  );

  it('is required', () => {
    expect(firstMessage(schema, '')).toBe('Campo obligatorio');
  });

  it('reads the clock at each validation when no date is fixed', () => {
    expect(birthDateSchema.safeParse('1990-06-01').success).toBe(true);
    expect(
      firstMessage(
        birthDateSchema,
        birthDateBounds().latest.replace(/^\d{4}/, (year) => String(Number(year) + 1)),
      ),
    ).toBe('Debes tener al menos 18 años.');
  });
});
