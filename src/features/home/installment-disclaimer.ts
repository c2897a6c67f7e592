import { DEFAULT_DISCLAIMER } from '../../lib/loans/default-loan-figures.ts';
import type { WireLoanDefinition } from '../../shared/loan/loan-definition.ts';

/**
 * The instalment loan's built-in disclaimer (see disclaimer.ts), a module of its own: the home page shows the
 * minipréstamo first to visitors, so the instalment loan's sentence loads with the instalment loan (a few hundred
 * bytes, from the service worker's cache on a later visit), not in the first load.
 */

/** The built-in instalment disclaimer for no definition yet or the built-in one; null for any other definition. */
export function builtInInstallmentDisclaimer(definition: WireLoanDefinition | undefined): string | null {
  if (definition === undefined) return DEFAULT_DISCLAIMER.text;
  const builtIn = DEFAULT_DISCLAIMER.definition;
  const same =
    definition.product === 'installment' &&
    definition.id === builtIn.id &&
    definition.version === builtIn.version &&
    definition.code === builtIn.code &&
    definition.monthlyRateBasisPoints === builtIn.monthlyRateBasisPoints &&
    definition.representativeExample.amount === builtIn.representativeExample.amount &&
    definition.representativeExample.installments === builtIn.representativeExample.installments;
  return same ? DEFAULT_DISCLAIMER.text : null;
}
