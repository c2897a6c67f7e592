import { illustrativeDisclaimer, representativeExample } from '../src/shared/loan/disclaimer.ts';
import { DEFAULT_LOAN_DEFINITION, loanDefinitionToWire } from '../src/shared/loan/loan-definition.ts';
import type { DefaultDisclaimer, DefaultRepresentativeExample } from '../src/lib/loans/default-loan-figures.ts';

/**
 * The `define` entries of the client builds (vite.config.ts, vitest.config.ts) read by
 * src/lib/loans/default-loan-figures.ts: the default loan definition as the server sends it, its illustrative
 * disclaimer and its representative example, computed by the shared loan maths at build time. The home page shows
 * the disclaimer whenever the server prices with that definition and the static pages show the example, so the plan
 * and TAE maths stay out of their loads; a different definition loads them and computes its own
 * (src/features/home/disclaimer.ts).
 */
export function defaultLoanFiguresDefine(): Record<string, string> {
  const { plan: _plan, ...example } = representativeExample(DEFAULT_LOAN_DEFINITION);
  const disclaimer: DefaultDisclaimer = {
    definition: loanDefinitionToWire(DEFAULT_LOAN_DEFINITION),
    text: illustrativeDisclaimer(DEFAULT_LOAN_DEFINITION),
  };
  const representative: DefaultRepresentativeExample = example;
  return {
    __DEFAULT_DISCLAIMER__: JSON.stringify(disclaimer),
    __DEFAULT_REPRESENTATIVE_EXAMPLE__: JSON.stringify(representative),
  };
}
