/**
 * The review invitation's reference (CustomerReviewLinkPost `reviewUniqueRef`): one per repaid loan, `loan-<id>`.
 * The client builds it, the server reads the loan back from it.
 */
export const reviewUniqueRefOf = (loanId: number): string => `loan-${loanId}`;

/** The loan id a reference names, or null when it is not `loan-<positive integer>`. */
export function loanIdOfReviewRef(ref: string): number | null {
  const match = /^loan-([1-9]\d{0,9})$/.exec(ref);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}
