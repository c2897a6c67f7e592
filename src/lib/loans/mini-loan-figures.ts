import type { WireMiniDefinition } from '../../shared/loan/loan-definition.ts';
import type { BuiltInDisclaimer } from './default-loan-figures.ts';

/**
 * The minipréstamo's built-in definition as the server sends it and its representative example as one sentence
 * (`miniDisclaimer`), computed at build time (scripts/default-loan-figures.ts; see default-loan-figures.ts). The home
 * page shows the minipréstamo first to visitors, so this is part of the first load; its definition is also the
 * calculator's grid for the minipréstamo (amounts, default term, interest-free maximum), so the first load needs no
 * other copy of it.
 */

export type MiniDisclaimer = BuiltInDisclaimer<WireMiniDefinition>;

declare const __MINI_DISCLAIMER__: MiniDisclaimer;

/** The minipréstamo's (`MINI_LOAN_DEFINITION`, `miniDisclaimer`). */
export const MINI_DISCLAIMER: MiniDisclaimer = __MINI_DISCLAIMER__;
