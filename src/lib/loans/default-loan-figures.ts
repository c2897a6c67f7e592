import type { RepresentativeExample } from '../../shared/loan/disclaimer.ts';
import type { WireInstallmentDefinition } from '../../shared/loan/loan-definition.ts';

/**
 * The default loan definition's figures, computed at build time by the shared loan maths
 * (scripts/default-loan-figures.ts, the `define` of vite.config.ts and vitest.config.ts), so that the pages showing
 * them (the home calculator's disclaimer, the static pages' representative example) do not load the maths. Two
 * constants, so that a page carries only the one it shows.
 */

/** The default definition as the server sends it, and its illustrative disclaimer (first document §2, §9). */
export interface DefaultDisclaimer {
  readonly definition: WireInstallmentDefinition;
  readonly text: string;
}

/** The default definition's representative example, without the plan's instalments. */
export type DefaultRepresentativeExample = Omit<RepresentativeExample, 'plan'>;

declare const __DEFAULT_DISCLAIMER__: DefaultDisclaimer;
declare const __DEFAULT_REPRESENTATIVE_EXAMPLE__: DefaultRepresentativeExample;

export const DEFAULT_DISCLAIMER: DefaultDisclaimer = __DEFAULT_DISCLAIMER__;
export const DEFAULT_REPRESENTATIVE_EXAMPLE: DefaultRepresentativeExample = __DEFAULT_REPRESENTATIVE_EXAMPLE__;
