import type { MiniRepresentativeExample, RepresentativeExample } from '../../shared/loan/disclaimer.ts';

/**
 * The built-in loan definitions' representative examples as figures (the static pages' tables), computed at build
 * time by the shared loan maths (scripts/default-loan-figures.ts, the `define` of vite.config.ts and
 * vitest.config.ts), so the pages showing them do not load the maths. Apart from default-loan-figures.ts, which the
 * first load carries, so that these stay in the static pages' chunks.
 */

/** The default definition's representative example, without the plan's instalments. */
export type DefaultRepresentativeExample = Omit<RepresentativeExample, 'plan'>;

declare const __DEFAULT_REPRESENTATIVE_EXAMPLE__: DefaultRepresentativeExample;
declare const __MINI_REPRESENTATIVE_EXAMPLE__: MiniRepresentativeExample;

/** The instalment loan's (`representativeExample(DEFAULT_LOAN_DEFINITION)`). */
export const DEFAULT_REPRESENTATIVE_EXAMPLE: DefaultRepresentativeExample = __DEFAULT_REPRESENTATIVE_EXAMPLE__;
/** The minipréstamo's (`miniRepresentativeExample(MINI_LOAN_DEFINITION)`). */
export const MINI_REPRESENTATIVE_EXAMPLE: MiniRepresentativeExample = __MINI_REPRESENTATIVE_EXAMPLE__;
