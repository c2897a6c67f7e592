/**
 * Money: integer euro cents inside all logic, euros (numbers such as `208.33`) on the wire, es-ES text on screen.
 *
 * Display follows the spec (first document §9, second document §9): symbol after the amount, decimal comma,
 * thousands dot, always two decimals: `1.099,88 €`. The separator between the figure and the symbol is a plain
 * space (U+0020), so the text equals the spec's own spelling; es-ES `Intl` would put a no-break space there and
 * would leave 4-digit numbers ungrouped (`1099,88`), hence `useGrouping: 'always'` and the symbol added by hand.
 */

const CENT_FORMAT = new Intl.NumberFormat('es-ES', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: 'always',
});

const INTEGER_FORMAT = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0, useGrouping: 'always' });

/**
 * Rounds half away from zero, tolerating binary noise: the value is first read at 15 significant digits, so
 * `7543.4999999999999` (meant as 7543.5) rounds to 7544 and `-2.5` to `-3`.
 */
export function roundHalfAwayFromZero(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot round ${value}`);
  const snapped = Number(Math.abs(value).toPrecision(15));
  const rounded = Math.floor(snapped + 0.5);
  return value < 0 ? -rounded : rounded;
}

/**
 * Euros (a number as the wire carries it) to integer cents, rounding half away from zero on the third decimal.
 * The decimal point is moved on the number's shortest decimal spelling (`String(n)`), not by multiplying, so
 * `1.005` gives 101 (not 100) and `0.1 + 0.2` gives 30. NaN and ±Infinity are rejected, and so is anything whose
 * cents would not be a safe integer.
 */
export function eurosToCents(euros: number): number {
  if (typeof euros !== 'number' || !Number.isFinite(euros)) {
    throw new RangeError(`Not a finite amount of euros: ${String(euros)}`);
  }
  const [mantissa = '0', exponent = '0'] = String(Math.abs(euros)).split('e');
  const shifted = Number(`${mantissa}e${Number(exponent) + 2}`);
  const cents = Math.floor(shifted + 0.5);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount out of range: ${euros}`);
  return euros < 0 && cents !== 0 ? -cents : cents;
}

/** Integer cents to euros for the wire: `20833` → `208.33` (the double nearest to the exact decimal). */
export function centsToEuros(cents: number): number {
  assertCents(cents);
  return cents / 100;
}

/** `109988` → `'1.099,88 €'`; negative amounts keep their sign: `-150` → `'-1,50 €'`. */
export function formatMoney(cents: number): string {
  assertCents(cents);
  return `${CENT_FORMAT.format(cents === 0 ? 0 : cents / 100)} €`;
}

/**
 * The request form shows "integer plus two-digit cents": `29999` → `{ integer: '299', cents: '99' }`,
 * `109988` → `{ integer: '1.099', cents: '88' }`, `-150` → `{ integer: '-1', cents: '50' }`.
 */
export function formatMoneyParts(cents: number): { integer: string; cents: string } {
  assertCents(cents);
  const absolute = Math.abs(cents);
  const whole = Math.floor(absolute / 100);
  const sign = cents < 0 ? '-' : '';
  return { integer: `${sign}${INTEGER_FORMAT.format(whole)}`, cents: String(absolute % 100).padStart(2, '0') };
}

/**
 * A rate in percent in es-ES with a fixed number of decimals and a space before the sign: `103.7` → `'103,7 %'`.
 * Rounds half away from zero on the first dropped decimal.
 */
export function formatPercent(percent: number, decimals = 1): string {
  if (!Number.isFinite(percent)) throw new RangeError(`Not a finite percentage: ${percent}`);
  const factor = 10 ** decimals;
  const rounded = roundHalfAwayFromZero(percent * factor) / factor;
  const text = new Intl.NumberFormat('es-ES', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: 'always',
  }).format(rounded);
  return `${text} %`;
}

/**
 * Splits `totalCents` into `parts` equal integer parts; what does not divide evenly goes to the LAST part, so the
 * parts always add up to the total: `splitCents(250000, 12)` → eleven × 20833 and one 20837.
 */
export function splitCents(totalCents: number, parts: number): number[] {
  assertCents(totalCents);
  if (!Number.isSafeInteger(parts) || parts < 1) throw new RangeError(`Cannot split into ${parts} parts`);
  const share = Math.trunc(totalCents / parts);
  const result = Array.from({ length: parts }, () => share);
  result[parts - 1] = totalCents - share * (parts - 1);
  return result;
}

/** Sum of integer cents (exact as long as the result is a safe integer). */
export function sumCents(values: readonly number[]): number {
  let total = 0;
  for (const value of values) {
    assertCents(value);
    total += value;
  }
  assertCents(total);
  return total;
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an integer amount of cents: ${String(cents)}`);
}
