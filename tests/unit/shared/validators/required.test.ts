// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isFilled, requiredString, requiredTrue } from '../../../../src/shared/validators/index.ts';
import { firstMessage } from './helpers.ts';

describe('required', () => {
  it('fails for empty values, empty arrays, false booleans and empty strings', () => {
    for (const value of [undefined, null, Number.NaN, [], false, '', '   ']) expect(isFilled(value)).toBe(false);
  });

  it('passes for zero, true, a non-empty array and text', () => {
    for (const value of [0, true, ['a'], 'a', {}]) expect(isFilled(value)).toBe(true);
  });

  it("says 'Campo obligatorio' for a blank text and an unticked box", () => {
    expect(firstMessage(requiredString(), '  ')).toBe('Campo obligatorio');
    expect(firstMessage(requiredString(), undefined)).toBe('Campo obligatorio');
    expect(firstMessage(requiredTrue(), false)).toBe('Campo obligatorio');
    expect(firstMessage(requiredTrue(), undefined)).toBe('Campo obligatorio');
    expect(requiredTrue().parse(true)).toBe(true);
  });
});
