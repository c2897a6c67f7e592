import { isIsoDate, type IsoDate } from '../calendar.ts';
import { roundHalfAwayFromZero } from '../money.ts';
import { annexOneYears } from './annex-one-time.ts';
import type { PaymentPlan } from './plan.ts';

/**
 * TAE (tasa anual equivalente, the APR): the EU Consumer Credit Directive's Annex I equation (2008/48/EC Annex I,
 * transposed in Spain by Ley 16/2011 Anexo I, kept by Directive 2023/2225 Annex III):
 *
 *     Σ_k C_k (1 + X)^(−t_k)  =  Σ_l D_l (1 + X)^(−s_l)
 *
 * C_k drawdowns, D_l repayments (and charges), t_k / s_l their times in years from the FIRST drawdown; X is the TAE.
 *
 * Time measure (Annex I part I, remarks (c)/(d) as amended by Directive 2011/90/EU): an interval is a whole number
 * of months, each 1/12 of a year (the "12 equal months" convention), plus leftover days, each day 1/365 of a year
 * (1/366 when the year counted back from the last of those days contains 29 February). Whole months are counted
 * from the drawdown with month-end clamping, so a date made as "drawdown + k months" (31 January + 1 month =
 * 28 February) is exactly k/12 of a year. (The Directive counts the periods backwards from the payment date; the
 * two agree except around clamped month ends, where counting forward keeps monthly schedules whole months.)
 *
 * X is found by bracketing the root (f changes sign) and bisecting, then polished with Newton steps that are kept
 * inside the bracket; it is returned in percent rounded to one decimal, half away from zero.
 *
 * The home page example: 2.500 € drawn, 12 monthly payments of 299,99 € one month apart. With months of 1/12 year
 * the equation reads 2500 = Σ 299,99 · (1 + X)^(−k/12), i.e. (1 + X)^(1/12) − 1 is the annuity's monthly rate
 * 0,0610979…, so X = 1,0610979^12 − 1 = 103,73 % → 103,7 %. The spec's 102 % cannot be reproduced from its own
 * figures by this equation (102 % would need instalments of about 298,75 €), which is why the product renders
 * the TAE it computes (architecture §7). (Counting every interval in days of 365 instead would give about
 * 104,4 % for the same plan issued on 15 January 2026, and a slightly different figure for each issue date.)
 */

export interface CashFlow {
  readonly date: IsoDate;
  readonly cents: number;
}

export interface TaeInput {
  readonly drawdowns: readonly CashFlow[];
  readonly payments: readonly CashFlow[];
}

/** TAE in percent with one decimal (e.g. `103.7`), by the Annex I equation. */
export function computeTae(input: TaeInput): number {
  return roundHalfAwayFromZero(computeTaeExact(input) * 1000) / 10;
}

/** The unrounded root X of the Annex I equation, as a fraction (1.0373… for 103,73 %). */
export function computeTaeExact({ drawdowns, payments }: TaeInput): number {
  if (drawdowns.length === 0) throw new RangeError('TAE needs at least one drawdown');
  if (payments.length === 0) throw new RangeError('TAE needs at least one payment');
  for (const flow of [...drawdowns, ...payments]) {
    if (!isIsoDate(flow.date)) throw new RangeError(`Not a valid YYYY-MM-DD date: ${String(flow.date)}`);
    if (!Number.isSafeInteger(flow.cents) || flow.cents < 0) throw new RangeError(`Invalid amount ${flow.cents}`);
  }
  const start = drawdowns.map((flow) => flow.date).reduce((first, date) => (date < first ? date : first));
  const lent = drawdowns.reduce((sum, flow) => sum + flow.cents, 0);
  const repaid = payments.reduce((sum, flow) => sum + flow.cents, 0);
  if (lent === 0 || repaid === 0) throw new RangeError('TAE needs money lent and repaid');

  // Net flows seen by the lender: drawdowns positive, repayments negative, at their times in years.
  const flows = [
    ...drawdowns.map((flow) => ({ years: annexOneYears(start, flow.date), cents: flow.cents })),
    ...payments.map((flow) => ({ years: annexOneYears(start, flow.date), cents: -flow.cents })),
  ];
  if (flows.every((flow) => flow.years === 0)) throw new RangeError('TAE needs payments after the drawdown');

  // f(X) = Σ drawdowns·v^t − Σ payments·v^s with v = 1/(1+X); f'(X) = Σ −t·amount·(1+X)^(−t−1).
  const f = (x: number): number => flows.reduce((sum, flow) => sum + flow.cents * Math.pow(1 + x, -flow.years), 0);
  const df = (x: number): number =>
    flows.reduce((sum, flow) => sum - flow.years * flow.cents * Math.pow(1 + x, -flow.years - 1), 0);

  const [low, high] = bracket(f);
  return solve(f, df, low, high);
}

/** Finds [low, high] with f(low) and f(high) of opposite signs, within X ∈ (−1, 1e6). */
function bracket(f: (x: number) => number): [number, number] {
  let low = 0;
  let high = 1;
  const fLow0 = f(low);
  if (fLow0 === 0) return [0, 0];
  if (fLow0 < 0) {
    // Repayments exceed the loan: X > 0. Grow `high` until f turns positive.
    while (f(high) < 0) {
      low = high;
      high *= 2;
      if (high > 1e6) throw new RangeError('TAE out of range');
    }
    return [low, high];
  }
  // Repayments below the loan: X < 0, between −1 and 0.
  high = 0;
  low = -0.5;
  while (f(low) > 0) {
    high = low;
    low = -1 + (1 + low) / 2;
    if (1 + low < 1e-12) throw new RangeError('TAE out of range');
  }
  return [low, high];
}

function solve(f: (x: number) => number, df: (x: number) => number, low0: number, high0: number): number {
  let low = low0;
  let high = high0;
  if (low === high || f(low) === 0) return low;
  if (f(high) === 0) return high;
  const increasingAtLow = f(low) < 0;
  // Bisection to a bracket narrow enough for Newton to converge in a few steps (each evaluation of f costs one
  // power per cash flow, and the calculator prices a plan per slider move).
  for (let i = 0; i < 60 && high - low > 1e-3; i += 1) {
    const mid = (low + high) / 2;
    if (f(mid) < 0 === increasingAtLow) low = mid;
    else high = mid;
  }
  // Newton steps, each kept inside the bracket (a step leaving it falls back to bisection).
  let x = (low + high) / 2;
  for (let i = 0; i < 50; i += 1) {
    const value = f(x);
    if (value === 0) return x;
    if (value < 0 === increasingAtLow) low = x;
    else high = x;
    const slope = df(x);
    let next = slope === 0 ? Number.NaN : x - value / slope;
    if (!(next > low && next < high)) next = (low + high) / 2;
    if (Math.abs(next - x) < 1e-14) return next;
    x = next;
  }
  return x;
}

/** TAE of a plan: the whole principal drawn on the issue date, each instalment's total paid on its date. */
export function taeForPlan(plan: PaymentPlan, issueDate: IsoDate): number {
  return computeTae({
    drawdowns: [{ date: issueDate, cents: plan.totalBaseCents }],
    payments: plan.installments.map((installment) => ({
      date: installment.expectedDate,
      cents: installment.totalCents,
    })),
  });
}
