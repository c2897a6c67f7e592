// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  amountOptions,
  groupsOfFour,
  installmentOptions,
  maskedCard,
  showsBrandIcon,
  stepStates,
  visibleSteps,
} from '../../../../src/features/loan-request/form-rules.ts';
import { savedLoanFlowSchema } from '../../../../src/lib/storage/loan-flow-atom.ts';
import { loanFlowDtoSchema, loanFlowFormValuesSchema } from '../../../../src/shared/api/loan.ts';

describe('loan request rules (second document §2, §9)', () => {
  it('amounts run from 2500 to availableLimit + 500 in steps of 500', () => {
    expect(amountOptions(300_000)).toEqual([2500, 3000, 3500]);
    expect(amountOptions(200_000)).toEqual([2500]);
    expect(amountOptions(210_000)).toEqual([2500]);
    expect(amountOptions(100_000)).toEqual([]);
    expect(amountOptions(500_000)).toEqual([2500, 3000, 3500, 4000, 4500, 5000, 5500]);
  });

  it('four instalment options 12/16/20/24 (value = 4 × index + 12), only 12 enabled', () => {
    expect(installmentOptions).toEqual([
      { value: 12, enabled: true },
      { value: 16, enabled: false },
      { value: 20, enabled: false },
      { value: 24, enabled: false },
    ]);
  });

  it('account numbers in groups of 4; cards masked (first six digits) and grouped; brand icon when it starts with 4', () => {
    expect(groupsOfFour('ES9121000418450200051332')).toBe('ES91 2100 0418 4502 0005 1332');
    expect(maskedCard('4111111111111111')).toBe('**** **11 1111 1111');
    expect(maskedCard('******1234567890')).toBe('**** **12 3456 7890');
    expect(showsBrandIcon({ maskedCardNumber: '4111111111111111' })).toBe(true);
    expect(showsBrandIcon({ maskedCardNumber: '5500000000000004' })).toBe(false);
    expect(showsBrandIcon({ maskedCardNumber: '******1234567890' })).toBe(false);
    // The masked number has lost its first digits: the server's brand decides.
    expect(showsBrandIcon({ maskedCardNumber: '******1111111111', brand: 'visa' })).toBe(true);
    expect(showsBrandIcon({ maskedCardNumber: '******0000000004', brand: 'other' })).toBe(false);
  });

  it('steps: the card step only when card selection is visible', () => {
    expect(visibleSteps(false)).toEqual([
      'product',
      'firstRepaymentDate',
      'installment',
      'accountId',
      'creditSummary',
      'acceptAgreement',
    ]);
    expect(visibleSteps(true)).toContain('cardId');
  });

  it('each step is success when filled, active when the first incomplete one, not yet otherwise', () => {
    const states = (input: Parameters<typeof stepStates>[0]) =>
      Object.fromEntries(stepStates(input).map(({ step, state }) => [step, state]));
    expect(states({ showCardSelection: false })).toEqual({
      product: 'active',
      firstRepaymentDate: 'notYet',
      installment: 'notYet',
      accountId: 'notYet',
      creditSummary: 'notYet',
      acceptAgreement: 'notYet',
    });
    expect(
      states({ showCardSelection: true, product: 2500, firstRepaymentDate: '2026-12-01', installment: 12 }),
    ).toEqual({
      product: 'success',
      firstRepaymentDate: 'success',
      installment: 'success',
      accountId: 'active',
      // The credit summary counts as done once the installment is set.
      creditSummary: 'success',
      cardId: 'notYet',
      acceptAgreement: 'notYet',
    });
    expect(
      states({
        showCardSelection: false,
        product: 2500,
        firstRepaymentDate: '2026-12-01',
        installment: 12,
        accountId: 3,
        acceptAgreement: true,
      }),
    ).toEqual({
      product: 'success',
      firstRepaymentDate: 'success',
      installment: 'success',
      accountId: 'success',
      creditSummary: 'success',
      acceptAgreement: 'success',
    });
  });

  it("the persisted flow's dto and form values have the contract's shapes (one value parses with both)", () => {
    const dto = {
      amount: 2500,
      paymentDates: ['2026-12-23', '2027-01-23'],
      issueDate: '2026-11-23',
      salaryCalculationDetails: {
        nextSalaryDate: '2026-12-23',
        calculateNextXDates: 24,
        paymentFrequencyLogical: 'specificDate',
        day: null,
        week: '',
      },
    };
    const formValues = {
      product: 2500,
      firstRepaymentDate: '2026-12-23',
      installment: 12,
      accountId: 7,
      acceptAgreement: true,
    };
    expect(loanFlowDtoSchema.parse(dto)).toEqual(dto);
    expect(loanFlowFormValuesSchema.parse(formValues)).toEqual(formValues);
    expect(savedLoanFlowSchema.parse({ id: 'abcdefgh', dto, formValues, step: 'loanRequest' })).toMatchObject({
      dto,
      formValues,
    });
    expect(loanFlowFormValuesSchema.safeParse({ ...formValues, extra: 1 }).success).toBe(false);
    expect(
      savedLoanFlowSchema.safeParse({ id: 'abcdefgh', dto, formValues: { ...formValues, extra: 1 } }).success,
    ).toBe(false);
  });
});
