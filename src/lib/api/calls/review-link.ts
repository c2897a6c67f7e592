import { CustomerReviewLinkPost } from '../../../shared/api/reviews.ts';
import { reviewUniqueRefOf } from '../../../shared/review-ref.ts';
import { callApi } from '../client.ts';

/**
 * CustomerReviewLinkPost for a repaid loan (`loan-<id>`): the link of its review page (the same link every time).
 * Global errors skipped: the invitation simply does not show.
 */
export function getReviewLink(customerId: number, loanId: number, signal?: AbortSignal): Promise<string> {
  return callApi(
    CustomerReviewLinkPost,
    { body: { customerId, reviewUniqueRef: reviewUniqueRefOf(loanId) } },
    { ignoreErrors: true, ...(signal ? { signal } : {}) },
  );
}
