import { describe, expect, it } from 'vitest';
import { groupIban, ibanProblem } from '../../../../src/features/bank/iban-input.ts';
import { scrapeOutcome } from '../../../../src/features/bank/scrape-outcome.ts';
import { pathAfterLinking } from '../../../../src/features/bank/use-account-linked.ts';
import { BANK_SCRAPE_MESSAGES } from '../../../../src/shared/messages-loan.ts';

describe('scrape session outcomes (second document §4, §8)', () => {
  it('maps every status: processing, linked, declined, or a failure with its §8 text', () => {
    expect(scrapeOutcome('inProgress')).toEqual({ kind: 'processing' });
    expect(scrapeOutcome('succeeded')).toEqual({ kind: 'linked' });
    expect(scrapeOutcome('decisionRejected')).toEqual({ kind: 'declined' });
    expect(scrapeOutcome('sessionFailed')).toEqual({ kind: 'failed', message: BANK_SCRAPE_MESSAGES.error });
    expect(scrapeOutcome('unnaxResponseTimeout')).toEqual({
      kind: 'failed',
      message: BANK_SCRAPE_MESSAGES.couldNotAddAccount,
    });
    expect(scrapeOutcome('decisionFailed')).toEqual({
      kind: 'failed',
      message: BANK_SCRAPE_MESSAGES.couldNotAddThisAccount,
    });
  });

  it('after linking: systemApproved → limit (keeps l), declined → declined dashboard, others → loan request', () => {
    expect(pathAfterLinking('systemApproved', 'f1')).toBe('/loan-request/limit-approve?l=f1');
    expect(pathAfterLinking('systemApproved', undefined)).toBe('/loan-request/limit-approve');
    expect(pathAfterLinking('declined', 'f1')).toBe('/dashboard/declined');
    expect(pathAfterLinking('securityChecked', 'f1')).toBe('/loan-request?l=f1');
  });
});

describe('manual IBAN input', () => {
  it('groups in fours, upper-cased, at most 24 characters', () => {
    expect(groupIban('es9121000418')).toBe('ES91 2100 0418');
    expect(groupIban('ES91-2100 0418 4502 0005 1332 99')).toBe('ES91 2100 0418 4502 0005 1332');
    expect(groupIban('ES91')).toBe('ES91');
  });

  it('refuses empty, non-Spanish and wrong control digits (IBAN or CCC) in Spanish', () => {
    expect(ibanProblem('')).toBe('Campo obligatorio');
    expect(ibanProblem('FR7630006000011234567890189')).toMatch(/IBAN español/);
    expect(ibanProblem('ES9021000418450200051332')).toMatch(/dígitos de control/);
    // Right ISO check digits, wrong Spanish CCC control digits.
    expect(ibanProblem('ES2921000418460200051332')).toMatch(/dígitos de control/);
    expect(ibanProblem('ES91 2100 0418 4502 0005 1332')).toBeUndefined();
  });
});
