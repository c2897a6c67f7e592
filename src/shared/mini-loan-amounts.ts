/**
 * The minipréstamo's amounts in euros: 100–600 in steps of 50 (the header's «Recibe hasta 600», first document §1),
 * the first loan free of interest up to 300 (first document §9), and the representative example's amount.
 *
 * A module of its own, re-exported by loan-constants.ts: the first load's offers (constants.ts: the header's and the
 * zero-interest hero's) derive from it without carrying the loan constants a customer's pages use.
 */
export const MINI_LOAN = {
  amountMin: 100,
  amountMax: 600,
  amountStep: 50,
  firstLoanFreeMax: 300,
  exampleAmount: 300,
} as const;
