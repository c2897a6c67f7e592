// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { centsFromEuros } from '../../../src/shared/api/common.ts';
import {
  centsToEuros,
  eurosToCents,
  formatMoney,
  formatMoneyParts,
  formatPercent,
  roundHalfAwayFromZero,
  isWholeCents,
  splitCents,
  sumCents,
  toCents,
  type Cents,
} from '../../../src/shared/money.ts';

describe('eurosToCents', () => {
  it('converts wire euros to integer cents', () => {
    expect(eurosToCents(2500)).toBe(250000);
    expect(eurosToCents(208.33)).toBe(20833);
    expect(eurosToCents(299.99)).toBe(29999);
    expect(eurosToCents(0)).toBe(0);
  });

  it('is immune to binary float noise (0.1 + 0.2, 1.15, 4.35)', () => {
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(eurosToCents(1.15)).toBe(115);
    expect(eurosToCents(4.35)).toBe(435);
    expect(eurosToCents(1099.88)).toBe(109988);
  });

  it('rounds half away from zero on the third decimal, even where the float is below the half (1.005)', () => {
    expect(eurosToCents(1.005)).toBe(101);
    expect(eurosToCents(0.005)).toBe(1);
    expect(eurosToCents(2.675)).toBe(268);
    expect(eurosToCents(-1.005)).toBe(-101);
    expect(eurosToCents(1.0049)).toBe(100);
  });

  it('never returns negative zero', () => {
    expect(Object.is(eurosToCents(-0.004), 0)).toBe(true);
    expect(Object.is(eurosToCents(-0), 0)).toBe(true);
  });

  it('whole euros: exact up to the largest safe number of cents, refused past it', () => {
    expect(eurosToCents(-3)).toBe(-300);
    expect(eurosToCents(90_071_992_547_409)).toBe(9_007_199_254_740_900);
    expect(() => eurosToCents(90_071_992_547_410)).toThrow(RangeError);
    expect(() => eurosToCents(Number.MAX_SAFE_INTEGER)).toThrow(RangeError);
  });

  it('handles exponent notation', () => {
    expect(eurosToCents(1e-7)).toBe(0);
    expect(eurosToCents(1.5e3)).toBe(150000);
  });

  it('rejects NaN, Infinity and amounts beyond safe integers', () => {
    expect(() => eurosToCents(Number.NaN)).toThrow(RangeError);
    expect(() => eurosToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => eurosToCents(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
    expect(() => eurosToCents(1e21)).toThrow(RangeError);
  });
});

describe('centsToEuros', () => {
  it('gives the wire number for integer cents', () => {
    expect(centsToEuros(20833)).toBe(208.33);
    expect(centsToEuros(250000)).toBe(2500);
    expect(centsToEuros(-150)).toBe(-1.5);
  });

  it('round-trips with eurosToCents', () => {
    for (const cents of [0, 1, 99, 101, 20833, 29999, 109988, 359988, 123456789]) {
      expect(eurosToCents(centsToEuros(cents))).toBe(cents);
    }
  });

  it('rejects fractional cents', () => {
    expect(() => centsToEuros(10.5)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('writes es-ES amounts with the symbol after, decimal comma and thousands dot (spec: 1.099,88 €)', () => {
    expect(formatMoney(109988)).toBe('1.099,88\u00a0€');
    expect(formatMoney(29999)).toBe('299,99\u00a0€');
    expect(formatMoney(250000)).toBe('2.500,00\u00a0€');
    expect(formatMoney(123456789)).toBe('1.234.567,89\u00a0€');
  });

  it('always shows two decimals', () => {
    expect(formatMoney(0)).toBe('0,00\u00a0€');
    expect(formatMoney(5)).toBe('0,05\u00a0€');
    expect(formatMoney(10000)).toBe('100,00\u00a0€');
  });

  it('keeps the sign of negative amounts and never shows -0', () => {
    expect(formatMoney(-150)).toBe('-1,50\u00a0€');
    expect(formatMoney(-0)).toBe('0,00\u00a0€');
  });
});

describe('formatMoneyParts', () => {
  it('splits into the grouped integer and two-digit cents', () => {
    expect(formatMoneyParts(29999)).toEqual({ integer: '299', cents: '99' });
    expect(formatMoneyParts(109988)).toEqual({ integer: '1.099', cents: '88' });
    expect(formatMoneyParts(20805)).toEqual({ integer: '208', cents: '05' });
    expect(formatMoneyParts(7)).toEqual({ integer: '0', cents: '07' });
    expect(formatMoneyParts(-150)).toEqual({ integer: '-1', cents: '50' });
  });
});

describe('formatPercent', () => {
  it('writes es-ES percentages with the given decimals', () => {
    expect(formatPercent(103.7)).toBe('103,7 %');
    expect(formatPercent(73.32, 2)).toBe('73,32 %');
    expect(formatPercent(1234.5)).toBe('1.234,5 %');
    expect(formatPercent(103.75)).toBe('103,8 %');
    expect(formatPercent(7, 0)).toBe('7 %');
    expect(formatPercent(-1.25)).toBe('-1,3 %');
    expect(formatPercent(-0.04)).toBe('0,0 %');
  });

  it('refuses what it cannot write', () => {
    expect(() => formatPercent(Number.NaN)).toThrow(RangeError);
    expect(() => formatPercent(1e300)).toThrow(RangeError);
    expect(() => formatPercent(1, 1.5)).toThrow(RangeError);
  });
});

describe('es-ES digits written from the integer', () => {
  // The formatter is hand-written (no locale data at first render): it must spell every figure as es-ES Intl does
  // with grouping always on, the plain space before the symbol aside.
  const intl = (decimals: number) =>
    new Intl.NumberFormat('es-ES', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: 'always',
    });

  it('matches Intl for amounts from cents to millions', () => {
    const format = intl(2);
    const samples = [1, 9, 10, 99, 100, 999, 1000, 99999, 100000, 999999, 1000000, 123456789, 100000000000];
    for (let cents = -2500; cents <= 2500; cents += 7) samples.push(cents);
    for (let seed = 1; seed < 2000; seed += 1) samples.push((seed * 7919 * 104729) % 1_000_000_007);
    for (const cents of samples) {
      expect(formatMoney(cents)).toBe(`${format.format(cents / 100)}\u00a0€`);
      const parts = formatMoneyParts(cents);
      expect(`${parts.integer},${parts.cents}`).toBe(format.format(cents / 100));
    }
  });

  it('matches Intl for percentages with 0 to 3 decimals', () => {
    for (const decimals of [0, 1, 2, 3]) {
      const format = intl(decimals);
      for (const percent of [0, 0.5, 3.14159, 73.32, 103.7, 999.99, 1234.5, 98765.4321, -12.34]) {
        const rounded = roundHalfAwayFromZero(percent * 10 ** decimals) / 10 ** decimals;
        expect(formatPercent(percent, decimals)).toBe(`${format.format(rounded)} %`);
      }
    }
  });
});

describe('roundHalfAwayFromZero', () => {
  it('rounds halves away from zero and ignores float noise near the half', () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(2.4999)).toBe(2);
    expect(roundHalfAwayFromZero(1.005 * 1000)).toBe(1005);
    expect(roundHalfAwayFromZero(100.49999999999999)).toBe(101);
  });
});

describe('splitCents', () => {
  it('gives equal parts with the remainder in the last one', () => {
    const parts = splitCents(toCents(250000), 12);
    expect(parts.slice(0, 11).every((part) => part === 20833)).toBe(true);
    expect(parts[11]).toBe(20837);
    expect(sumCents(parts)).toBe(250000);
  });

  it('always sums back to the total', () => {
    for (const [total, n] of [
      [1, 3],
      [100, 7],
      [99999, 24],
      [0, 5],
      [-1000, 3],
    ] as const) {
      const parts = splitCents(toCents(total), n);
      expect(parts).toHaveLength(n);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
    }
  });

  it('rejects zero parts and fractional totals', () => {
    expect(() => splitCents(toCents(100), 0)).toThrow(RangeError);
    expect(() => splitCents(10.5 as Cents, 2)).toThrow(RangeError);
  });
});

describe('Cents', () => {
  it('is made from safe integers only', () => {
    expect(toCents(20833)).toBe(20833);
    for (const bad of [0.5, Number.NaN, Infinity, 2 ** 53]) expect(() => toCents(bad)).toThrow(RangeError);
  });

  it('knows a whole number of cents on the wire (at most two decimals, finite, in range)', () => {
    for (const euros of [2500, 208.33, 0.1, -1.5, 0, 10_000_000]) expect(isWholeCents(euros)).toBe(true);
    for (const euros of [208.335, 0.001, Number.NaN, Infinity, 1e20, 10_000_000.01]) {
      expect(isWholeCents(euros)).toBe(false);
    }
  });
});

describe('centsFromEuros (the contract codec)', () => {
  const schema = z.strictObject({ amount: centsFromEuros(), fee: centsFromEuros(z.number().positive()).optional() });

  it('decodes the wire euros into cents and encodes them back unchanged', () => {
    for (const amount of [2500, 208.33, 299.99, 1099.88, 0.1, 0.07, -12.5, 0]) {
      const decoded = z.decode(schema, { amount });
      expect(decoded.amount).toBe(eurosToCents(amount));
      expect(z.encode(schema, decoded)).toEqual({ amount });
    }
    expect(z.decode(schema, { amount: 2500, fee: 4.35 })).toEqual({ amount: 250000, fee: 435 });
    expect(z.encode(schema, { amount: toCents(20833), fee: toCents(1) })).toEqual({ amount: 208.33, fee: 0.01 });
  });

  it('refuses fractions of a cent, non-finite and out-of-range amounts, and the positive rule holds', () => {
    for (const amount of [208.335, 0.001, 1e20, -1e20, Infinity, Number.NaN, '2500']) {
      expect(schema.safeParse({ amount }).success, String(amount)).toBe(false);
    }
    const message = schema.safeParse({ amount: 1.234 }).error?.issues[0]?.message;
    expect(message).toBe('El importe debe tener como máximo dos decimales');
    expect(schema.safeParse({ amount: 1, fee: 0 }).success).toBe(false);
  });

  it('refuses to encode what is not integer cents', () => {
    expect(() => z.encode(schema, { amount: 1.5 as Cents })).toThrow();
  });
});
