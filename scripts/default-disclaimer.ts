import { illustrativeDisclaimer } from '../src/shared/loan/disclaimer.ts';
import { DEFAULT_LOAN_DEFINITION, loanDefinitionToWire } from '../src/shared/loan/loan-definition.ts';

/**
 * `__DEFAULT_DISCLAIMER__` for the client builds (vite.config.ts, vitest.config.ts): the default loan definition as
 * the server sends it, and its illustrative disclaimer computed by the shared loan maths at build time. The home
 * page shows it whenever the server prices with that definition, so the plan and TAE maths stay out of the first
 * load; a different definition loads them and computes its own (src/features/home/disclaimer.ts).
 */
export function defaultDisclaimerDefine(): string {
  return JSON.stringify({
    definition: loanDefinitionToWire(DEFAULT_LOAN_DEFINITION),
    text: illustrativeDisclaimer(DEFAULT_LOAN_DEFINITION),
  });
}
