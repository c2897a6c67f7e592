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
import {
  miniAmountOptions,
  repaymentDateIn,
  savedProduct,
  startRequest,
} from '../../../../src/features/loan-request/product-rules.ts';
import { savedLoanFlowSchema } from '../../../../src/lib/storage/loan-flow-atom.ts';
import { defaultFlow } from '../../../../src/shared/loan/payment-dates.ts';
import { firstRepaymentWindow } from '../../../../src/shared/loan/repayment-window.ts';
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

describe('the two products of the loan request (issue 25)', () => {
  const today = '2026-11-27'; // a Friday
  const window = firstRepaymentWindow(today, []);
  const context = {
    limits: { availableLimitCents: 300_000, miniAvailableLimitCents: 30_000 },
    today,
    window,
    holidays: [] as string[],
    dto: defaultFlow(today),
  };

  it('minipréstamo amounts: 100 € up to the lower of 600 € and its limit, by 50 €', () => {
    expect(miniAmountOptions(30_000)).toEqual([100, 150, 200, 250, 300]);
    expect(miniAmountOptions(34_999)).toEqual([100, 150, 200, 250, 300]);
    expect(miniAmountOptions(100_000)).toEqual([100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600]);
    expect(miniAmountOptions(9_999)).toEqual([]);
  });

  it('a repayment in N days is the next working day, inside the window', () => {
    // +20 = Thursday 17/12; +22 = Saturday 19/12 → Monday 21/12; +2 is before the window → its first working day.
    expect(repaymentDateIn(20, today, window, [])).toBe('2026-12-17');
    expect(repaymentDateIn(22, today, window, [])).toBe('2026-12-21');
    expect(repaymentDateIn(22, today, window, ['2026-12-21'])).toBe('2026-12-22');
    expect(repaymentDateIn(2, today, window, [])).toBe(window.earliest);
    expect(repaymentDateIn(90, today, window, [])).toBe(window.latest);
  });

  it('without a calculator choice a new request is the default flow: a minipréstamo of 100 € on its date (+30)', () => {
    // +30 = Sunday 27/12 → Monday 28/12.
    expect(startRequest(null, context).values).toEqual({
      loanProduct: 'mini',
      product: 100,
      installment: 1,
      firstRepaymentDate: '2026-12-28',
    });
    // The product the customer switched to before choosing an amount stays.
    expect(startRequest(null, { ...context, savedProduct: 'installment' }).values).toEqual({
      loanProduct: 'installment',
      product: null,
      installment: 12,
    });
    // No minipréstamo can be offered (its limit under 100 €): the instalment loan.
    const noMini = { ...context, limits: { ...context.limits, miniAvailableLimitCents: 0 } };
    expect(startRequest(null, noMini).values.loanProduct).toBe('installment');
  });

  it("the calculator's minipréstamo: its amount within the limit, its days as a date, one payment", () => {
    expect(startRequest({ product: 'mini', amount: 250, installments: 12, days: 22 }, context)).toEqual({
      values: { loanProduct: 'mini', product: 250, installment: 1, firstRepaymentDate: '2026-12-21' },
      productNotice: null,
      installmentNotice: null,
    });
    const above = startRequest({ product: 'mini', amount: 600, installments: 12, days: 20 }, context);
    expect(above.values.product).toBeNull();
    // formatMoney separates the euro sign with a no-break space.
    expect(above.productNotice?.replaceAll('\u00a0', ' ')).toBe(
      'En la calculadora elegiste 600,00 €, pero ahora puedes solicitar hasta 300,00 €. Elige aquí el importe que necesitas.',
    );
    // A choice without a product is the instalment loan (stored before the minipréstamo).
    expect(startRequest({ amount: 3000, installments: 12 }, context).values).toEqual({
      loanProduct: 'installment',
      product: 3000,
      installment: 12,
    });
  });

  it('a flow saved before the minipréstamo is the instalment loan; a fresh one has no product yet', () => {
    expect(savedProduct({ product: 2500 })).toBe('installment');
    expect(savedProduct({ installment: 12 })).toBe('installment');
    expect(savedProduct({ loanProduct: 'mini', product: 300 })).toBe('mini');
    expect(savedProduct({ accountId: 11 })).toBeNull();
  });
});
