import { MINI_DISCLAIMER } from '../../lib/loans/mini-loan-figures.ts';
import type { LoanProduct, WireLoanDefinition } from '../../shared/loan/loan-definition.ts';

/**
 * The representative example under the calculator (first document §2, §9; Spanish credit advertising requires one
 * for each product), of the loan definition the server priced with, always computed from that definition by the
 * shared loan maths (src/shared/loan/disclaimer.ts: `illustrativeDisclaimer`, `miniDisclaimer`):
 * - for the built-in definitions, at build time, so the maths are not part of the first load: the minipréstamo's
 *   (src/lib/loans/mini-loan-figures.ts) at once, as visitors see it first; the instalment loan's
 *   (default-loan-figures.ts) with a small module of its own (installment-disclaimer.ts);
 * - for any other definition, here, once the maths module has loaded.
 * Until the first quote of a product, its built-in definition's.
 */

/** The disclaimer when it is known at once (the minipréstamo's built-in one), else null: see `loadDisclaimer`. */
export function knownDisclaimer(product: LoanProduct, definition: WireLoanDefinition | undefined): string | null {
  const mini = MINI_DISCLAIMER.definition;
  if (definition === undefined) return product === 'mini' ? MINI_DISCLAIMER.text : null;
  const same =
    definition.product === 'mini' &&
    definition.id === mini.id &&
    definition.version === mini.version &&
    definition.code === mini.code &&
    definition.dailyRateBasisPoints === mini.dailyRateBasisPoints &&
    definition.firstLoanFreeMax === mini.firstLoanFreeMax &&
    definition.representativeExample.amount === mini.representativeExample.amount &&
    definition.representativeExample.termDays === mini.representativeExample.termDays;
  return same ? MINI_DISCLAIMER.text : null;
}

/**
 * The disclaimer `knownDisclaimer` does not know: the instalment loan's built-in one (no definition yet, or that
 * definition), else computed from the definition (loads the loan maths).
 */
export async function loadDisclaimer(definition: WireLoanDefinition | undefined): Promise<string> {
  const { builtInInstallmentDisclaimer } = await import('./installment-disclaimer.ts');
  const builtIn = builtInInstallmentDisclaimer(definition);
  if (builtIn !== null || definition === undefined) return builtIn ?? '';
  const [{ illustrativeDisclaimer }, { loanDefinitionFromWire }] = await Promise.all([
    import('../../shared/loan/disclaimer.ts'),
    import('../../shared/loan/loan-definition.ts'),
  ]);
  return illustrativeDisclaimer(loanDefinitionFromWire(definition));
}
