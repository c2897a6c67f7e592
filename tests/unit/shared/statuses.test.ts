// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  canSeeMarketingPrompt,
  customerStatuses,
  employmentStatuses,
  headerBannerFor,
  identityUserRoles,
  isCollectionLegalOrFraud,
  isRegisteredOrLater,
  isSecurityCheckedOrLater,
  monthlyIncomeOptions,
  mustLogOutStatus,
  statusRank,
  statusesFrom,
  userRoles,
} from '../../../src/shared/statuses.ts';
import {
  firstUnpaidInstallment,
  hasOverduePayments,
  installmentStatuses,
  loanDisplayStatus,
  loanStatusLabel,
  specLabelCorrections,
  loanStatuses,
} from '../../../src/shared/loan-statuses.ts';
import { paymentMethods } from '../../../src/shared/payment-statuses.ts';
import { customerStatusSchema } from '../../../src/shared/status-schemas.ts';
import type { InstallmentStatus, LoanOverdueView, LoanStatus } from '../../../src/shared/loan-statuses.ts';
import { readSpec } from './spec-text.ts';

const secondSpec = readSpec().second;

describe('customer statuses', () => {
  it('lists the twelve statuses of the first document plus closed and none of the second', () => {
    expect([...customerStatuses].sort()).toEqual(
      [
        'new',
        'preRegistered',
        'registered',
        'systemApproved',
        'declined',
        'securityChecked',
        'internalCollection',
        'externalCollection',
        'processCollection',
        'legal',
        'fraud',
        'legalCollection',
        'closed',
        'none',
      ].sort(),
    );
  });

  it('rejects a status the spec does not name', () => {
    expect(customerStatusSchema.safeParse('approved').success).toBe(false);
    expect(customerStatusSchema.parse('legalCollection')).toBe('legalCollection');
  });

  it('orders new < preRegistered < registered < systemApproved = declined < securityChecked < collection states', () => {
    const rank = (status: Parameters<typeof statusRank>[0]) => statusRank(status) ?? Number.NaN;
    expect(rank('new')).toBeLessThan(rank('preRegistered'));
    expect(rank('preRegistered')).toBeLessThan(rank('registered'));
    expect(rank('registered')).toBeLessThan(rank('systemApproved'));
    expect(rank('systemApproved')).toBe(rank('declined'));
    expect(rank('declined')).toBeLessThan(rank('securityChecked'));
    for (const status of [
      'internalCollection',
      'externalCollection',
      'processCollection',
      'legal',
      'fraud',
      'legalCollection',
    ] as const) {
      expect(rank('securityChecked')).toBeLessThan(rank(status));
    }
    expect(statusRank('closed')).toBeUndefined();
    expect(statusRank('none')).toBeUndefined();
  });

  it('"registered or later" includes declined and systemApproved but not new, preRegistered, closed or none', () => {
    expect(isRegisteredOrLater('declined')).toBe(true);
    expect(isRegisteredOrLater('systemApproved')).toBe(true);
    expect(isRegisteredOrLater('fraud')).toBe(true);
    expect(isRegisteredOrLater('preRegistered')).toBe(false);
    expect(isRegisteredOrLater('closed')).toBe(false);
    expect(statusesFrom('securityChecked')).not.toContain('systemApproved');
  });

  it('"securityChecked or later" names systemApproved and the collection, legal and fraud states, not declined', () => {
    expect(isSecurityCheckedOrLater('systemApproved')).toBe(true);
    expect(isSecurityCheckedOrLater('legalCollection')).toBe(true);
    expect(isSecurityCheckedOrLater('declined')).toBe(false);
    expect(isSecurityCheckedOrLater('registered')).toBe(false);
  });

  it('groups the six collection, legal and fraud states together', () => {
    const group = customerStatuses.filter((status) => isCollectionLegalOrFraud(status));
    expect(group.sort()).toEqual(
      ['internalCollection', 'externalCollection', 'processCollection', 'legal', 'fraud', 'legalCollection'].sort(),
    );
  });

  it('ends the session of closed and none customers only', () => {
    expect(customerStatuses.filter((status) => mustLogOutStatus(status)).sort()).toEqual(['closed', 'none']);
  });

  it('shows the marketing prompt only to preRegistered, registered, systemApproved and securityChecked', () => {
    expect(customerStatuses.filter((status) => canSeeMarketingPrompt(status)).sort()).toEqual(
      ['preRegistered', 'registered', 'systemApproved', 'securityChecked'].sort(),
    );
    expect(canSeeMarketingPrompt(null)).toBe(false);
  });

  it('offers up to 600 to new, preRegistered and registered and shows the limit to securityChecked and systemApproved, only without an active loan', () => {
    expect(headerBannerFor('registered', false)).toBe('offer');
    expect(headerBannerFor('new', false)).toBe('offer');
    expect(headerBannerFor('systemApproved', false)).toBe('limit');
    expect(headerBannerFor('securityChecked', false)).toBe('limit');
    expect(headerBannerFor('securityChecked', true)).toBeUndefined();
    expect(headerBannerFor('declined', false)).toBeUndefined();
  });
});

describe('loan statuses and labels', () => {
  it('gives every loan status of the table its Spanish label, and none to notSet', () => {
    const expected: Record<string, string> = {
      requested: 'En espera',
      transferRequested: 'En espera',
      transferPending: 'En espera',
      queued: 'En espera',
      issued: 'Activo',
      repaid: 'Pagado',
      restructured: 'Estructurado',
      cancelled: 'Cancelado',
      agreementAssigned: 'En proceso',
      // The spec's 'Prorogado', spelt correctly (specLabelCorrections).
      rollovered: 'Prorrogado',
      arranged: 'Pendiente',
      hasOverduePayments: 'No pagado',
    };
    for (const [status, label] of Object.entries(expected)) {
      expect(loanStatusLabel(status as LoanStatus)).toBe(label);
    }
    expect(loanStatusLabel('notSet')).toBeUndefined();
    expect(loanStatuses).toHaveLength(12);
  });

  it('takes each label verbatim from the second document table', () => {
    for (const status of loanStatuses) {
      const label = loanStatusLabel(status);
      const corrected = Object.entries(specLabelCorrections).find(([, correct]) => correct === label);
      if (label !== undefined) expect(secondSpec).toContain(`| ${corrected?.[0] ?? label} |`);
    }
  });
});

const loan = (status: LoanStatus, installments: [InstallmentStatus, string][]): LoanOverdueView => ({
  status,
  installments: installments.map(([installmentStatus, expectedDate]) => ({ status: installmentStatus, expectedDate })),
});

describe('hasOverduePayments', () => {
  const today = '2026-03-10';

  it('applies to an issued loan whose first unpaid instalment date has passed', () => {
    const overdue = loan('issued', [
      ['paid', '2026-01-09'],
      ['notPaid', '2026-03-09'],
      ['notPaid', '2026-04-09'],
    ]);
    expect(hasOverduePayments(overdue, today)).toBe(true);
    expect(loanDisplayStatus(overdue, today)).toBe('hasOverduePayments');
    expect(loanStatusLabel(loanDisplayStatus(overdue, today))).toBe('No pagado');
  });

  it('applies to an arranged loan too', () => {
    expect(hasOverduePayments(loan('arranged', [['notPaid', '2026-02-01']]), today)).toBe(true);
  });

  it('does not apply on the due date itself', () => {
    const dueToday = loan('issued', [['notPaid', today]]);
    expect(hasOverduePayments(dueToday, today)).toBe(false);
    expect(loanDisplayStatus(dueToday, today)).toBe('issued');
  });

  it('does not apply to other loan statuses even with a past unpaid instalment', () => {
    for (const status of ['repaid', 'restructured', 'rollovered', 'cancelled', 'agreementAssigned'] as const) {
      expect(loanDisplayStatus(loan(status, [['notPaid', '2025-01-01']]), today)).toBe(status);
    }
  });

  it('ignores paid, rollovered, restructured and arranged instalments when looking for the first unpaid one', () => {
    const settled = loan('issued', [
      ['paid', '2026-01-01'],
      ['rollovered', '2026-02-01'],
      ['restructured', '2026-02-15'],
      ['arranged', '2026-03-01'],
      ['notPaid', '2026-04-01'],
    ]);
    expect(hasOverduePayments(settled, today)).toBe(false);
  });

  it('takes the earliest unpaid instalment whatever the list order', () => {
    const unordered = [
      { status: 'notPaid' as const, expectedDate: '2026-05-01' },
      { status: 'notPaid' as const, expectedDate: '2026-03-01' },
    ];
    expect(firstUnpaidInstallment(unordered)?.expectedDate).toBe('2026-03-01');
    expect(hasOverduePayments({ status: 'issued', installments: unordered }, today)).toBe(true);
  });

  it('does not apply to a loan with nothing left to pay', () => {
    expect(hasOverduePayments(loan('issued', [['paid', '2026-01-01']]), today)).toBe(false);
  });
});

describe('other enumerations', () => {
  it('lists the five instalment statuses', () => {
    expect(installmentStatuses).toEqual(['paid', 'restructured', 'rollovered', 'arranged', 'notPaid']);
  });

  it('adds public to the seven user roles of the first document', () => {
    expect(identityUserRoles).toEqual([
      'none',
      'user',
      'cam',
      'system',
      'administrator',
      'alladmins',
      'collectioncompany',
    ]);
    expect(userRoles).toEqual([...identityUserRoles, 'public']);
  });

  it('lists the nine employment statuses and the eight monthly income options', () => {
    expect(employmentStatuses).toHaveLength(9);
    expect(employmentStatuses).toContain('fullTimeEmployed');
    expect(monthlyIncomeOptions).toEqual([0, 500, 1000, 1500, 2000, 2500, 3000, 3001]);
  });

  it('names the two payment methods', () => {
    expect(paymentMethods).toEqual(['debit-card', 'bank-transfer']);
  });
});
