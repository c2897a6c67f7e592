import type { WireInstallmentDefinition } from '../../shared/loan/loan-definition.ts';

/**
 * The default (instalment) loan definition's representative example as one sentence, computed at build time by the
 * shared loan maths (scripts/default-loan-figures.ts, the `define` of vite.config.ts and vitest.config.ts), so that
 * the pages showing it (the home calculator's disclaimer, the static pages) do not load the maths. The
 * minipréstamo's is in mini-loan-figures.ts and the examples as figures in representative-examples.ts, each a module
 * of its own: a module shared by a first-load page and a lazy one is bundled whole into the first load, so each page
 * carries only what it shows.
 */

/** A built-in definition as the server sends it, and its representative example as one sentence (first doc §2, §9). */
export interface BuiltInDisclaimer<D> {
  readonly definition: D;
  readonly text: string;
}

export type DefaultDisclaimer = BuiltInDisclaimer<WireInstallmentDefinition>;

declare const __DEFAULT_DISCLAIMER__: DefaultDisclaimer;

/** The instalment loan's (`DEFAULT_LOAN_DEFINITION`, `illustrativeDisclaimer`). */
export const DEFAULT_DISCLAIMER: DefaultDisclaimer = __DEFAULT_DISCLAIMER__;
