// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { postcodeSchema, provinceForPostcode } from '../../../../src/shared/validators/index.ts';
import { firstMessage } from './helpers.ts';

describe('postcode', () => {
  it.each(['28013', '01001', '08001', '52001', '35001'])('accepts %s', (postcode) => {
    expect(postcodeSchema.parse(postcode)).toBe(postcode);
  });

  it.each(['2801', '280133', '2801A', '00123', '53001', '99999'])(
    'refuses %s: not 5 digits or no such province',
    (postcode) => {
      expect(firstMessage(postcodeSchema, postcode)).toBe('Patrón incorrecto');
    },
  );

  it('is required', () => {
    expect(firstMessage(postcodeSchema, ' ')).toBe('Campo obligatorio');
  });

  it('names the province of the prefix', () => {
    expect(provinceForPostcode('28013')).toBe('Madrid');
    expect(provinceForPostcode('08001')).toBe('Barcelona');
    expect(provinceForPostcode('52001')).toBe('Melilla');
    expect(provinceForPostcode('53001')).toBeUndefined();
  });
});
