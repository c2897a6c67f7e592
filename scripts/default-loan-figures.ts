import {
  illustrativeDisclaimer,
  miniDisclaimer,
  miniRepresentativeExample,
  representativeExample,
} from '../src/shared/loan/disclaimer.ts';
import {
  DEFAULT_LOAN_DEFINITION,
  loanDefinitionToWire,
  MINI_LOAN_DEFINITION,
} from '../src/shared/loan/loan-definition.ts';
import type { DefaultDisclaimer } from '../src/lib/loans/default-loan-figures.ts';
import type { MiniDisclaimer } from '../src/lib/loans/mini-loan-figures.ts';
import type { DefaultRepresentativeExample } from '../src/lib/loans/representative-examples.ts';

/**
 * The `define` entries of the client builds (vite.config.ts, vitest.config.ts) read by src/lib/loans/
 * default-loan-figures.ts, mini-loan-figures.ts and representative-examples.ts: each built-in loan definition (the
 * instalment loan, the minipréstamo) as the server sends it, and its representative example as one sentence and as
 * figures, computed by the shared loan maths at build time. The home page shows the sentence whenever the server
 * prices with that definition and the static pages show the figures, so the plan and TAE maths stay out of their
 * loads; a different definition loads them and computes its own (src/features/home/disclaimer.ts).
 */
export function defaultLoanFiguresDefine(): Record<string, string> {
  const { plan: _plan, ...example } = representativeExample(DEFAULT_LOAN_DEFINITION);
  const disclaimer: DefaultDisclaimer = {
    definition: loanDefinitionToWire(DEFAULT_LOAN_DEFINITION),
    text: illustrativeDisclaimer(DEFAULT_LOAN_DEFINITION),
  };
  const representative: DefaultRepresentativeExample = example;
  const mini: MiniDisclaimer = {
    definition: loanDefinitionToWire(MINI_LOAN_DEFINITION),
    text: miniDisclaimer(MINI_LOAN_DEFINITION),
  };
  return {
    __DEFAULT_DISCLAIMER__: JSON.stringify(disclaimer),
    __DEFAULT_REPRESENTATIVE_EXAMPLE__: JSON.stringify(representative),
    __MINI_DISCLAIMER__: JSON.stringify(mini),
    __MINI_REPRESENTATIVE_EXAMPLE__: JSON.stringify(miniRepresentativeExample(MINI_LOAN_DEFINITION)),
  };
}
