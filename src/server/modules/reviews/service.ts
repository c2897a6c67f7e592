import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { loanIdOfReviewRef } from '../../../shared/review-ref.ts';
import type { AuthenticatedCustomer } from '../../auth/sessions.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/connect.ts';
import { HttpError } from '../../http/errors.ts';
import { notFound } from '../payment/index.ts';
import { ownLoanStatus, storeOrReadLink } from './repository.ts';

/**
 * The review link (second document §3 "Review link", §7.1 "Create customer review link"): after a loan is repaid
 * the customer is invited to leave a review. CustomerReviewLinkPost `{ reviewUniqueRef, customerId }` answers the
 * link of the review page for that reference.
 */

export interface ReviewDeps {
  db: Database;
  clock: Clock;
  /** Where review pages live (`<base>/<token>`): the sandbox review page, or null when no review provider is set. */
  reviewPageBase: string | null;
}

/** The path of the sandbox review page; the token follows. */
export const SANDBOX_REVIEW_PATH = '/sandbox/review';

/** An unguessable token: 18 random bytes, base64url (24 characters). */
export const newReviewToken = (): string => randomBytes(18).toString('base64url');

/**
 * CustomerReviewLinkPost: `customerId` must be the caller's own (403, nothing written, as ChooseCallTimePost);
 * `reviewUniqueRef` must be `loan-<id>` of one of the caller's loans that is repaid — any other reference (not of
 * that shape, a missing loan, another customer's loan, a loan not repaid yet) is 404 LoanNotFound, never data. The
 * first call for a reference stores a new link in review_links; the same reference answers the same link again.
 */
export async function customerReviewLink(
  deps: ReviewDeps,
  customer: AuthenticatedCustomer,
  body: { reviewUniqueRef: string; customerId: number },
  log: FastifyBaseLogger,
): Promise<string> {
  if (body.customerId !== customer.id) throw new HttpError('Forbidden');
  const loanId = loanIdOfReviewRef(body.reviewUniqueRef);
  const status = loanId === null ? null : await ownLoanStatus(deps.db, customer.id, loanId);
  if (status !== 'repaid') throw notFound('LoanNotFound');
  if (!deps.reviewPageBase) throw new HttpError('NotFound');
  const link = await storeOrReadLink(deps.db, {
    customerId: customer.id,
    reviewUniqueRef: body.reviewUniqueRef,
    link: `${deps.reviewPageBase}/${newReviewToken()}`,
    at: deps.clock.now(),
  });
  log.info({ event: 'reviewLink', customerId: customer.id, loanId }, 'review link given');
  return link;
}
