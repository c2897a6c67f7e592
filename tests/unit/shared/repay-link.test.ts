import { describe, expect, it } from 'vitest';
import { repayLinkDestination, type RepayLinkFacts } from '../../../src/shared/repay-link.ts';
import { loanStatuses, type LoanStatus } from '../../../src/shared/loan-statuses.ts';

/** The repay short link's destination table (first document §4 "Repay link flow"), one block per row. */

const facts = (overrides: Partial<RepayLinkFacts>): RepayLinkFacts => ({
  customerStatus: 'systemApproved',
  documentCount: 0,
  hasCardAdded: false,
  lastLoanStatus: null,
  hasAskForProofCard: false,
  ...overrides,
});

describe('row 1: systemApproved whose last loan is agreementAssigned', () => {
  const agreementAssigned = { customerStatus: 'systemApproved', lastLoanStatus: 'agreementAssigned' } as const;

  it('fewer than 2 documents → /documents (whatever the card)', () => {
    for (const documentCount of [0, 1]) {
      for (const hasCardAdded of [false, true]) {
        expect(repayLinkDestination(facts({ ...agreementAssigned, documentCount, hasCardAdded }))).toBe('/documents');
      }
    }
  });

  it('2 or more documents and no card → the add-card page', () => {
    for (const documentCount of [2, 5]) {
      expect(repayLinkDestination(facts({ ...agreementAssigned, documentCount, hasCardAdded: false }))).toBe(
        '/financial-info/add-card',
      );
    }
  });

  it('2 or more documents and a card → /loan-request', () => {
    expect(repayLinkDestination(facts({ ...agreementAssigned, documentCount: 2, hasCardAdded: true }))).toBe(
      '/loan-request',
    );
  });

  it('the row comes before the proof-of-card row', () => {
    expect(repayLinkDestination(facts({ ...agreementAssigned, documentCount: 0, hasAskForProofCard: true }))).toBe(
      '/documents',
    );
  });
});

describe('row 2: systemApproved without agreementAssigned → /loan-request', () => {
  const others: (LoanStatus | null)[] = [null, ...loanStatuses.filter((status) => status !== 'agreementAssigned')];
  it.each(others)('last loan %s → /loan-request, even with a proof of card asked for', (lastLoanStatus) => {
    expect(repayLinkDestination(facts({ customerStatus: 'systemApproved', lastLoanStatus }))).toBe('/loan-request');
    expect(
      repayLinkDestination(facts({ customerStatus: 'systemApproved', lastLoanStatus, hasAskForProofCard: true })),
    ).toBe('/loan-request');
  });
});

describe('row 3: securityChecked, last loan repaid, cancelled or none, a card and at least 2 documents', () => {
  const ready = { customerStatus: 'securityChecked', hasCardAdded: true, documentCount: 2 } as const;

  it.each([null, 'repaid', 'cancelled'] as const)('last loan %s → /loan-request', (lastLoanStatus) => {
    expect(repayLinkDestination(facts({ ...ready, lastLoanStatus }))).toBe('/loan-request');
    expect(repayLinkDestination(facts({ ...ready, lastLoanStatus, documentCount: 3 }))).toBe('/loan-request');
  });

  it('a running loan, no card or fewer than 2 documents → not this row (the status landing, /dashboard)', () => {
    for (const lastLoanStatus of ['issued', 'arranged', 'agreementAssigned', 'restructured'] as const) {
      expect(repayLinkDestination(facts({ ...ready, lastLoanStatus }))).toBe('/dashboard');
    }
    expect(repayLinkDestination(facts({ ...ready, lastLoanStatus: 'repaid', hasCardAdded: false }))).toBe('/dashboard');
    expect(repayLinkDestination(facts({ ...ready, lastLoanStatus: 'repaid', documentCount: 1 }))).toBe('/dashboard');
  });

  it('the row applies to securityChecked only (a collection status with the same facts lands on /dashboard)', () => {
    expect(
      repayLinkDestination(facts({ ...ready, customerStatus: 'internalCollection', lastLoanStatus: 'repaid' })),
    ).toBe('/dashboard');
  });
});

describe('row 4: a proof of card asked for → the upload-card page', () => {
  it.each(['securityChecked', 'internalCollection', 'externalCollection', 'registered', 'declined'] as const)(
    '%s with hasAskForProofCard → /financial-info/upload-card',
    (customerStatus) => {
      expect(repayLinkDestination(facts({ customerStatus, lastLoanStatus: 'issued', hasAskForProofCard: true }))).toBe(
        '/financial-info/upload-card',
      );
    },
  );

  it('a securityChecked customer who fits row 3 goes to /loan-request first', () => {
    expect(
      repayLinkDestination(
        facts({
          customerStatus: 'securityChecked',
          lastLoanStatus: 'repaid',
          hasCardAdded: true,
          documentCount: 2,
          hasAskForProofCard: true,
        }),
      ),
    ).toBe('/loan-request');
  });
});

describe('row 5: otherwise the status default landing', () => {
  it.each([
    ['new', '/otp'],
    ['preRegistered', '/address-details'],
    ['registered', '/bank-credentials'],
    ['declined', '/dashboard'],
    ['securityChecked', '/dashboard'],
    ['externalCollection', '/dashboard'],
    ['legal', '/dashboard'],
    ['fraud', '/dashboard'],
    ['closed', '/'],
    ['none', '/'],
  ] as const)('%s → %s', (customerStatus, path) => {
    expect(repayLinkDestination(facts({ customerStatus, lastLoanStatus: 'issued' }))).toBe(path);
  });
});
