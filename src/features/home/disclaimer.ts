import { DEFAULT_DISCLAIMER } from '../../lib/loans/default-loan-figures.ts';
import type { WireInstallmentDefinition, WireLoanDefinition } from '../../shared/loan/loan-definition.ts';

/**
 * The illustrative disclaimer of the loan definition the server priced with (first document §2, §9), always
 * computed from that definition by the shared loan maths (src/shared/loan/disclaimer.ts):
 * - for the default definition, at build time (src/lib/loans/default-loan-figures.ts), so the maths are not part
 *   of the first load;
 * - for any other definition, here, once the maths module has loaded.
 */

const DEFAULT = DEFAULT_DISCLAIMER;

function sameDefinition(a: WireLoanDefinition, b: WireInstallmentDefinition): boolean {
  return (
    a.product === 'installment' &&
    a.id === b.id &&
    a.version === b.version &&
    a.code === b.code &&
    a.monthlyRateBasisPoints === b.monthlyRateBasisPoints &&
    a.representativeExample.amount === b.representativeExample.amount &&
    a.representativeExample.installments === b.representativeExample.installments
  );
}

/** The disclaimer when it is known without loading the maths (no definition yet, or the default one), else null. */
export function knownDisclaimer(definition: WireLoanDefinition | undefined): string | null {
  if (definition === undefined || sameDefinition(definition, DEFAULT.definition)) return DEFAULT.text;
  return null;
}

/** Computes the disclaimer of any definition (loads the loan maths). */
export async function computeDisclaimer(definition: WireLoanDefinition): Promise<string> {
  const [{ illustrativeDisclaimer }, { loanDefinitionFromWire }] = await Promise.all([
    import('../../shared/loan/disclaimer.ts'),
    import('../../shared/loan/loan-definition.ts'),
  ]);
  return illustrativeDisclaimer(loanDefinitionFromWire(definition));
}
