import { describe, expect, it } from 'vitest';
import { identityDocumentCount } from '../../../../src/lib/api/calls/journey.ts';
import { nextStepAfterAgreement, nextStepAfterDocuments } from '../../../../src/lib/loan-flow/next-step.ts';

const doc = (id: number, type: string) => ({
  id,
  type,
  name: `doc-${id}.jpg`,
  status: 'new',
  createdDate: '2026-11-24T10:00:00Z',
});

describe('next step of the loan flow (second document §4: request, agreement, documents, card, success)', () => {
  it('counts only identity documents', () => {
    expect(identityDocumentCount({ documents: [doc(1, 'identity'), doc(2, 'copyOfCard'), doc(3, 'identity')] })).toBe(
      2,
    );
  });

  it.each([
    [[], false, 'documents'],
    [[doc(1, 'identity')], true, 'documents'],
    [[doc(1, 'identity'), doc(2, 'copyOfCard')], true, 'documents'],
    [[doc(1, 'identity'), doc(2, 'identity')], false, 'financialInfoAddCard'],
    [[doc(1, 'identity'), doc(2, 'identity')], true, 'loanRequestSuccess'],
    [[doc(1, 'identity'), doc(2, 'identity'), doc(3, 'identity')], true, 'loanRequestSuccess'],
  ])('after the agreement: documents %j, card provided %s → %s', (documents, cardProvided, step) => {
    expect(nextStepAfterAgreement({ documents, cardProvided })).toBe(step);
  });

  it('after the documents: success with a card, else add-card', () => {
    expect(nextStepAfterDocuments({ cardProvided: true })).toBe('loanRequestSuccess');
    expect(nextStepAfterDocuments({ cardProvided: false })).toBe('financialInfoAddCard');
  });
});
