/**
 * Money: integer euro cents inside all logic, euros (numbers such as `208.33`) on the wire, es-ES text on screen.
 *
 * Display follows the spec (first document §9, second document §9): symbol after the amount, decimal comma,
 * thousands dot, always two decimals: `1.099,88 €`. The separator between the figure and the symbol is a plain
 * space (U+0020), so the text equals the spec's own spelling (es-ES `Intl` would put a no-break space there and
 * leave 4-digit numbers ungrouped, `1099,88`). The digits are written from the integer cents (`fixedPoint`).
 */
/**
 * An amount of money in integer euro cents: the only money type inside the client's and the server's logic. A
 * branded number, so euros (a plain `number`) cannot be passed where cents are meant; made by `toCents`, by the
 * contract's codec from the wire's euros, or by the helpers below.
 */
declare const centsBrand: unique symbol;
export type Cents = number & { readonly [centsBrand]: 'Cents' };

/** A safe integer as `Cents` (throws on fractions, NaN, ±Infinity and unsafe integers). */
export function toCents(value: number): Cents {
  assertCents(value);
  return value as Cents;
}

export const ZERO_CENTS = toCents(0);

/**
 * Largest amount the wire carries: 10 million euros, far above any loan, and its cents fit PostgreSQL `integer`
 * columns (2 147 483 647) with room to add instalments up.
 */
export const MAX_WIRE_EUROS = 10_000_000;

/**
 * es-ES digits of a non-negative safe integer, grouped by thousands with a dot (`1234567` → `'1.234.567'`). Written
 * out rather than asked of `Intl.NumberFormat`: the first es-ES format of a page loads the locale's data (~35 ms on
 * this machine's throttled profile, during the home page's first render), and the spelling is fixed by the spec.
 */
function groupThousands(whole: number): string {
  const digits = String(whole);
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let index = grouped.length; index < digits.length; index += 3) grouped += `.${digits.slice(index, index + 3)}`;
  return grouped;
}

/**
 * `scaled / 10^decimals` in es-ES (thousands dot, decimal comma), from an integer: `fixedPoint(109988, 2)` →
 * `'1.099,88'`, `fixedPoint(-15, 1)` → `'-1,5'`. Integer arithmetic only, so no binary fraction shows.
 */
function fixedPoint(scaled: number, decimals: number): string {
  const sign = scaled < 0 ? '-' : '';
  const absolute = Math.abs(scaled);
  const factor = 10 ** decimals;
  const whole = groupThousands(Math.floor(absolute / factor));
  return decimals === 0 ? `${sign}${whole}` : `${sign}${whole},${String(absolute % factor).padStart(decimals, '0')}`;
}

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
export function eurosToCents(euros: number): Cents {
  if (typeof euros !== 'number' || !Number.isFinite(euros)) {
    throw new RangeError(`Not a finite amount of euros: ${String(euros)}`);
  }
  // Whole euros (the calculator's amounts): × 100 is exact while the result is a safe integer (`+ 0`: -0 → 0).
  if (Number.isSafeInteger(euros) && Number.isSafeInteger(euros * 100)) return toCents(euros * 100 + 0);
  const [mantissa = '0', exponent = '0'] = String(Math.abs(euros)).split('e');
  const shifted = Number(`${mantissa}e${Number(exponent) + 2}`);
  const cents = Math.floor(shifted + 0.5);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount out of range: ${euros}`);
  return toCents(euros < 0 && cents !== 0 ? -cents : cents);
}

/**
 * True when the euros are a whole number of cents (at most two decimals: `208.33`, not `208.335`). Never throws:
 * what is not finite or beyond ±MAX_WIRE_EUROS is not whole cents either.
 */
export const isWholeCents = (euros: number): boolean =>
  Number.isFinite(euros) && Math.abs(euros) <= MAX_WIRE_EUROS && centsToEuros(eurosToCents(euros)) === euros;

/** Integer cents to euros for the wire: `20833` → `208.33` (the double nearest to the exact decimal). */
export function centsToEuros(cents: number): number {
  assertCents(cents);
  return cents / 100;
}

/** The no-break space between an amount and its '€': the sign never wraps onto a line of its own. */
export const MONEY_SPACE = '\u00a0';

/**
 * `109988` → `'1.099,88 €'`; negative amounts keep their sign: `-150` → `'-1,50 €'`. The space before '€' is a
 * no-break space (MONEY_SPACE), so '2.500,00 €' never breaks as '2.500,00' / '€' (an SMS turns it into a plain space:
 * GSM-7 has none).
 */
export function formatMoney(cents: number): string {
  assertCents(cents);
  return `${fixedPoint(cents, 2)}${MONEY_SPACE}€`;
}

/** Whole euros as the product's texts show them, without decimals: `3000` → `'3.000 €'` (no-break space, MONEY_SPACE). */
export function formatWholeEuros(euros: number): string {
  return `${formatMoneyParts(eurosToCents(euros)).integer}${MONEY_SPACE}€`;
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
  return { integer: `${sign}${groupThousands(whole)}`, cents: String(absolute % 100).padStart(2, '0') };
}

/**
 * A rate in percent in es-ES with a fixed number of decimals and a space before the sign: `103.7` → `'103,7 %'`.
 * Rounds half away from zero on the first dropped decimal.
 */
export function formatPercent(percent: number, decimals = 1): string {
  if (!Number.isFinite(percent)) throw new RangeError(`Not a finite percentage: ${percent}`);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 6)
    throw new RangeError(`Cannot show ${decimals} decimals`);
  const scaled = roundHalfAwayFromZero(percent * 10 ** decimals);
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`Percentage out of range: ${percent}`);
  return `${fixedPoint(scaled, decimals)} %`;
}

/**
 * Splits `totalCents` into `parts` equal integer parts; what does not divide evenly goes to the LAST part, so the
 * parts always add up to the total: `splitCents(250000, 12)` → eleven × 20833 and one 20837.
 */
export function splitCents(totalCents: Cents, parts: number): Cents[] {
  assertCents(totalCents);
  if (!Number.isSafeInteger(parts) || parts < 1) throw new RangeError(`Cannot split into ${parts} parts`);
  const share = toCents(Math.trunc(totalCents / parts));
  const result = Array.from({ length: parts }, () => share);
  result[parts - 1] = toCents(totalCents - share * (parts - 1));
  return result;
}

/** Sum of integer cents (exact as long as the result is a safe integer). */
export function sumCents(values: readonly number[]): Cents {
  let total = 0;
  for (const value of values) {
    assertCents(value);
    total += value;
  }
  return toCents(total);
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an integer amount of cents: ${String(cents)}`);
}

/** 'El importe debe tener como máximo dos decimales' */
export const WHOLE_CENTS_MESSAGE = 'El importe debe tener como máximo dos decimales';
