import { describe, expect, it } from 'vitest';
import { loanIdOfReviewRef, reviewUniqueRefOf } from '../../../src/shared/review-ref.ts';

describe('the review reference of a repaid loan', () => {
  it("is 'loan-<id>' and reads back to the id", () => {
    expect(reviewUniqueRefOf(42)).toBe('loan-42');
    expect(loanIdOfReviewRef(reviewUniqueRefOf(42))).toBe(42);
    expect(loanIdOfReviewRef('loan-2147483647')).toBe(2_147_483_647);
  });

  it('names no loan for any other text', () => {
    for (const ref of [
      '',
      'loan-',
      'loan-0',
      'loan-01',
      'loan--1',
      'loan-1.5',
      'loan-2147483648',
      ' loan-1',
      'loan-1 ',
      'LOAN-1',
      'review-1',
      'loan-1e3',
    ]) {
      expect(loanIdOfReviewRef(ref), ref).toBeNull();
    }
  });
});
