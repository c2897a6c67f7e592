// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AffilateClickPost } from '../../../../src/shared/api/tracking.ts';
import { CardCreateAndValidatePost, CardSetActivePutByCardId } from '../../../../src/shared/api/card.ts';
import { CardProofUploadPost } from '../../../../src/shared/api/document.ts';
import { CommMarketingUnsubscribePost } from '../../../../src/shared/api/communication.ts';
import { CustomerForLoginRedirectionGet } from '../../../../src/shared/api/links.ts';
import {
  LightRegisterPost,
  ForgotPinPost,
  ValidateAndChangePasswordPost,
  ChangePasswordPost,
} from '../../../../src/shared/api/registration.ts';
import { RequestLoanPost, PaymentDatePost, PaymentPlansPost } from '../../../../src/shared/api/loan.ts';
import { CustomerLoansByStatusGet } from '../../../../src/shared/api/payment.ts';
import { MemberDetailsGet, LoginPost } from '../../../../src/shared/api/membership.ts';
import { CheckPhoneDniPost } from '../../../../src/shared/api/customer.ts';
import { PushSubscriptionPost } from '../../../../src/shared/api/push.ts';
import { AgreementPost } from '../../../../src/shared/api/agreement.ts';

const twelveMonthlyDates = [
  '2025-02-15',
  '2025-03-17',
  '2025-04-15',
  '2025-05-15',
  '2025-06-16',
  '2025-07-15',
  '2025-08-15',
  '2025-09-15',
  '2025-10-15',
  '2025-11-17',
  '2025-12-15',
  '2026-01-15',
];

const signup = {
  firstName: 'María José',
  lastName: 'Núñez Gómez',
  emailAddress: 'maria.nunez@example.es',
  nationalID: '12345678Z',
  birthDate: '1990-04-23',
  mobilePhone: '612345678',
  employmentStatus: 'fullTimeEmployed',
  companyName: 'Panadería Gómez S.L.',
  monthlyIncome: 1500,
  password: '1234',
  password2: '1234',
  acceptPolicy: true,
  acceptAgreement: false,
  uId: 'aff-42',
};

const loanRequest = {
  product: 2500,
  installment: 12,
  firstRepaymentDate: '2025-02-15',
  accountId: 7,
  cardId: 3,
  acceptCommunications: true,
  paymentDates: twelveMonthlyDates,
};

describe('request payloads of the spec', () => {
  it('accepts the calculator payment plan request for 2500 € with 12 dates and an optional customerId', () => {
    const body = [{ amount: 2500, issueDate: '2025-01-10', paymentDates: twelveMonthlyDates }];
    expect(PaymentPlansPost.body.parse(body)).toEqual([{ ...body[0], amount: 250000 }]);
    expect(z.encode(PaymentPlansPost.body, PaymentPlansPost.body.parse(body))).toEqual(body);
    expect(PaymentPlansPost.query.parse({})).toEqual({});
    expect(PaymentPlansPost.query.parse({ customerId: '42' })).toEqual({ customerId: 42 });
  });

  it('accepts one plan item per instalment option in one request', () => {
    const body = [12, 16, 20, 24].map((count) => ({
      amount: 3000,
      issueDate: '2025-01-10',
      paymentDates: twelveMonthlyDates.slice(0, Math.min(count, 12)),
    }));
    expect(PaymentPlansPost.body.safeParse(body).success).toBe(true);
  });

  it('rejects a plan request that is not an array, has no dates, wrong types or unknown fields', () => {
    const item = { amount: 2500, issueDate: '2025-01-10', paymentDates: twelveMonthlyDates };
    expect(PaymentPlansPost.body.safeParse(item).success).toBe(false);
    expect(PaymentPlansPost.body.safeParse([]).success).toBe(false);
    expect(PaymentPlansPost.body.safeParse([{ ...item, paymentDates: [] }]).success).toBe(false);
    expect(PaymentPlansPost.body.safeParse([{ ...item, amount: '2500' }]).success).toBe(false);
    expect(PaymentPlansPost.body.safeParse([{ ...item, issueDate: '10/01/2025' }]).success).toBe(false);
    expect(PaymentPlansPost.body.safeParse([{ ...item, paymentDates: ['2025-02-30'] }]).success).toBe(false);
    expect(PaymentPlansPost.body.safeParse([{ ...item, installments: 12 }]).success).toBe(false);
    expect(PaymentPlansPost.query.safeParse({ customerId: 'abc' }).success).toBe(false);
  });

  it('reads the plan answer with instalments in euros', () => {
    const plan = {
      installments: [
        {
          id: 1,
          initialBase: 208.33,
          initialCalculatedInterest: 91.66,
          expectedDate: '2025-02-15',
          totalPayment: 299.99,
        },
      ],
      loanDefinition: {
        id: 1,
        code: 'standard-monthly',
        version: 1,
        product: 'installment',
        name: 'Préstamo a plazos mensual',
        monthlyRateBasisPoints: 611,
        minAmount: 2000,
        maxAmount: 5000,
        amountStep: 500,
        minInstallments: 12,
        maxInstallments: 24,
        installmentsStep: 4,
        representativeExample: { amount: 2500, installments: 12 },
      },
      totalInstallmentDays: 371,
      taePercent: 103.7,
      interestFree: false,
    };
    expect(PaymentPlansPost.response.parse([plan])[0]?.installments[0]?.initialBase).toBe(20833);
    expect(z.encode(PaymentPlansPost.response, PaymentPlansPost.response.parse([plan]))).toEqual([plan]);
    const withoutId = {
      ...plan,
      installments: [
        { initialBase: 208.33, initialCalculatedInterest: 91.66, expectedDate: '2025-02-15', totalPayment: 299.99 },
      ],
    };
    expect(PaymentPlansPost.response.safeParse([withoutId]).success).toBe(true);
  });

  it('accepts the payment date request and answers a list of ISO dates', () => {
    const body = {
      nextSalaryDate: '2025-01-30',
      calculateNextXDates: 24,
      paymentFrequencyLogical: 'specificDate',
      day: 30,
      week: null,
    };
    expect(PaymentDatePost.body.parse(body)).toEqual(body);
    expect(PaymentDatePost.body.safeParse({ ...body, week: undefined }).success).toBe(true);
    expect(PaymentDatePost.body.safeParse({ ...body, day: '', week: '' }).success).toBe(true);
    expect(PaymentDatePost.body.safeParse({ ...body, day: 32 }).success).toBe(false);
    expect(PaymentDatePost.body.safeParse({ ...body, paymentFrequencyLogical: 'yearly' }).success).toBe(false);
    expect(PaymentDatePost.body.safeParse({ ...body, calculateNextXDates: '24' }).success).toBe(false);
    expect(PaymentDatePost.response.parse(['2025-01-30', '2025-02-28'])).toEqual(['2025-01-30', '2025-02-28']);
    expect(PaymentDatePost.response.safeParse(['2025-01-30T00:00:00Z']).success).toBe(false);
  });

  it('accepts the last plan as the agreement request and answers agreements by type', () => {
    const body = {
      installments: [
        { initialBase: 208.33, initialCalculatedInterest: 91.66, expectedDate: '2025-02-15', totalPayment: 299.99 },
      ],
      loanAmount: 2500,
      createdDate: '2025-01-10',
    };
    expect(AgreementPost.body.safeParse(body).success).toBe(true);
    expect(AgreementPost.body.safeParse({ ...body, toAccountId: 7 }).success).toBe(true);
    expect(
      AgreementPost.body.safeParse({ ...body, installments: [{ ...body.installments[0], extra: 1 }] }).success,
    ).toBe(false);
    const answer = [
      { type: 'agreement', title: 'Contrato de préstamo', agreement: '<h1>Contrato</h1>' },
      { type: 'termsAndConditions', title: 'Términos y Condiciones', agreement: '<p>…</p>' },
    ];
    expect(AgreementPost.response.parse(answer)).toEqual(answer);
    expect(AgreementPost.response.safeParse([{ ...answer[0], type: 'other' }]).success).toBe(false);
  });

  it('accepts the login payload and reads token and customer details with passwordRequired', () => {
    const body = { phoneNumber: '612345678', password: '1234', rememberMe: true, countryCode: '+34' };
    expect(LoginPost.body.parse(body)).toEqual(body);
    expect(LoginPost.body.safeParse({ ...body, rememberMe: 'yes' }).success).toBe(false);
    expect(LoginPost.body.safeParse({ ...body, role: 'administrator' }).success).toBe(false);
    const { password: _password, ...withoutPassword } = body;
    expect(LoginPost.body.safeParse(withoutPassword).success).toBe(false);
    const answer = {
      token: 'eyJhbGciOiJIUzI1NiJ9.e30.x',
      customerDetails: {
        id: 12,
        status: 'systemApproved',
        fullName: 'María José Núñez Gómez',
        twoLetterName: 'MN',
        firstName: 'María José',
        customerCreditLimit: 600,
        role: 'user',
        phone: '612345678',
        hasActiveLoan: false,
        passwordRequired: false,
      },
    };
    expect(LoginPost.response.parse(answer).customerDetails.customerCreditLimit).toBe(60000);
    expect(z.encode(LoginPost.response, LoginPost.response.parse(answer))).toEqual(answer);
    expect(
      MemberDetailsGet.response.safeParse({ memberDetails: { ...answer.customerDetails, status: 'unknown' } }).success,
    ).toBe(false);
  });

  it('accepts the signup payload and leaves business checks (DNI, age, password length) to the server', () => {
    expect(LightRegisterPost.body.parse(signup)).toEqual(signup);
    const { uId: _uId, acceptAgreement: _acceptAgreement, companyName: _companyName, ...minimal } = signup;
    expect(LightRegisterPost.body.safeParse({ ...minimal, employmentStatus: 'student' }).success).toBe(true);
    expect(
      LightRegisterPost.body.safeParse({ ...signup, nationalID: '00000000A', password: '1', password2: '2' }).success,
    ).toBe(true);
    expect(LightRegisterPost.body.safeParse({ ...signup, birthDate: '23/04/1990' }).success).toBe(false);
    expect(LightRegisterPost.body.safeParse({ ...signup, employmentStatus: 'pirate' }).success).toBe(false);
    expect(LightRegisterPost.body.safeParse({ ...signup, monthlyIncome: 1234 }).success).toBe(false);
    expect(LightRegisterPost.body.safeParse({ ...signup, acceptPolicy: 'true' }).success).toBe(false);
    expect(LightRegisterPost.body.safeParse({ ...signup, status: 'securityChecked' }).success).toBe(false);
    expect(LightRegisterPost.body.safeParse({ ...signup, firstName: 'x'.repeat(101) }).success).toBe(false);
  });

  it('accepts the phone check, forgot-PIN, reset and change-password payloads', () => {
    expect(CheckPhoneDniPost.body.safeParse({ countryCode: '+34', phone: '612345678' }).success).toBe(true);
    expect(CheckPhoneDniPost.response.parse({ phoneregistered: true })).toEqual({ phoneregistered: true });
    expect(
      ForgotPinPost.body.safeParse({ mobilePhone: '612345678', countryCode: '+34', redirect: 'resetPassword' }).success,
    ).toBe(true);
    expect(
      ForgotPinPost.body.safeParse({ mobilePhone: '612345678', countryCode: '+34', redirect: 'dashboard' }).success,
    ).toBe(false);
    const reset = { mobilePhone: '612345678', pin: '4821', password: 'nueva', password2: 'nueva', countryCode: '+34' };
    expect(ValidateAndChangePasswordPost.body.safeParse(reset).success).toBe(true);
    expect(ValidateAndChangePasswordPost.body.safeParse({ ...reset, pin: 4821 }).success).toBe(false);
    expect(ChangePasswordPost.body.safeParse({ newPassword: 'secreta' }).success).toBe(true);
    expect(ChangePasswordPost.body.safeParse({ newPassword: 'secreta', oldPassword: 'x' }).success).toBe(false);
  });

  it('accepts the unsubscribe and affiliate click payloads', () => {
    const unsubscribe = {
      campaignId: '17',
      userKey: 'a1b2c3',
      userTo: 'maria.nunez@example.es',
      communicationType: 'email',
    };
    expect(CommMarketingUnsubscribePost.body.safeParse(unsubscribe).success).toBe(true);
    expect(CommMarketingUnsubscribePost.body.safeParse({ ...unsubscribe, communicationType: 'sms' }).success).toBe(
      false,
    );
    const click = {
      uniqueClientId: '9f1c2d3e-0000-4000-8000-000000000000',
      history: [{ occuredAt: '2025-01-10T09:30:00.000Z', fullUri: 'https://example.es/?utm_campaign=invierno&uid=42' }],
    };
    expect(AffilateClickPost.body.safeParse(click).success).toBe(true);
    expect(AffilateClickPost.body.safeParse({ ...click, history: [{ occuredAt: 'ayer', fullUri: '/' }] }).success).toBe(
      false,
    );
  });

  it('accepts the loan request with the account in the query and reads the result with journey.loanDetails', () => {
    expect(RequestLoanPost.body.parse(loanRequest).product).toBe(250000);
    expect(z.encode(RequestLoanPost.body, RequestLoanPost.body.parse(loanRequest))).toEqual(loanRequest);
    expect(RequestLoanPost.query.parse({ accountId: '7' })).toEqual({ accountId: 7 });
    const { cardId: _cardId, acceptCommunications: _acceptCommunications, ...withoutOptional } = loanRequest;
    expect(RequestLoanPost.body.safeParse(withoutOptional).success).toBe(true);
    expect(RequestLoanPost.body.safeParse({ ...loanRequest, acceptAgreement: true }).success).toBe(false);
    expect(RequestLoanPost.body.safeParse({ ...loanRequest, installment: 12.5 }).success).toBe(false);
    expect(RequestLoanPost.body.safeParse({ ...loanRequest, product: -100 }).success).toBe(false);
    const answer = {
      result: 'success',
      subReason: null,
      message: 'Préstamo solicitado',
      journey: { documents: [], cardProvided: true, loanDetails: { loanId: 5, loanAmount: 2500, status: 'requested' } },
    };
    expect(RequestLoanPost.response.parse(answer).journey.loanDetails?.loanAmount).toBe(250000);
    expect(z.encode(RequestLoanPost.response, RequestLoanPost.response.parse(answer))).toEqual(answer);
    expect(RequestLoanPost.response.safeParse({ ...answer, result: 'maybe' }).success).toBe(false);
  });

  it('reads one status or repeated statuses of the loans-by-status query as a list', () => {
    expect(CustomerLoansByStatusGet.query.parse({ statuses: 'issued' })).toEqual({ statuses: ['issued'] });
    expect(CustomerLoansByStatusGet.query.parse({ statuses: ['issued', 'arranged', 'restructured'] })).toEqual({
      statuses: ['issued', 'arranged', 'restructured'],
    });
    expect(CustomerLoansByStatusGet.query.safeParse({ statuses: 'hasOverduePayments' }).success).toBe(false);
  });

  it('accepts the card form and reads a 3-D Secure challenge', () => {
    const form = {
      cardNumber: '4111111111111111',
      expiryMonth: '09',
      expiryYear: '2030',
      cv2: '123',
      agreementsAccept: true,
    };
    expect(CardCreateAndValidatePost.body.safeParse(form).success).toBe(true);
    expect(CardCreateAndValidatePost.body.safeParse({ ...form, cardNumber: 4111111111111111 }).success).toBe(false);
    const answer = {
      result: 'cardEntryRequired',
      editPaymentInfoSubReason: 'challengeNeeded',
      card3dsFlowResponse: {
        state: 'iframe',
        transactionId: 'tx-1',
        provider: 'sandbox',
        formFields: {},
        url: 'http://localhost:8080/sandbox/3ds/tx-1',
      },
      cardId: 3,
      message: '',
      payload: { transactionId: 'tx-1' },
      threeDsTransactionId: 'tx-1',
    };
    expect(CardCreateAndValidatePost.response.parse(answer)).toEqual(answer);
  });

  it('reads path ids from the URL string', () => {
    expect(CardSetActivePutByCardId.params.parse({ cardId: '15' })).toEqual({ cardId: 15 });
    expect(CardSetActivePutByCardId.params.safeParse({ cardId: '0' }).success).toBe(false);
    expect(CardSetActivePutByCardId.params.safeParse({ cardId: '1.5' }).success).toBe(false);
  });

  it('accepts the card proof multipart entry with the spec constants filled in', () => {
    const entry = {
      name: 'tarjeta.jpg',
      document: new Blob(['jpeg']),
      cardId: '3',
      maskedCardNumber: '******1111111111',
    };
    const parsed = CardProofUploadPost.body.parse(entry);
    expect(parsed).toMatchObject({
      type: 'copyOfCard',
      status: 'new',
      cardSubStatus: 'uploaded',
      channel: 'website',
      cardId: 3,
    });
    expect(CardProofUploadPost.body.safeParse({ ...entry, document: new Uint8Array([1, 2]) }).success).toBe(true);
    expect(CardProofUploadPost.body.safeParse({ ...entry, document: 'not a file' }).success).toBe(false);
    expect(CardProofUploadPost.body.safeParse({ ...entry, type: 'identity' }).success).toBe(false);
  });

  it('reads the repay-link customer info and a push subscription', () => {
    const info = {
      customerStatus: 'securityChecked',
      documentCount: 2,
      fullName: 'Ana Ruiz',
      hasCardAdded: true,
      lastLoanStatus: null,
      phoneNumber: '612345678',
      hasAskForProofCard: false,
    };
    expect(CustomerForLoginRedirectionGet.response.parse(info)).toEqual(info);
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      expirationTime: null,
      keys: { p256dh: 'BNc', auth: 'tBH' },
    };
    expect(PushSubscriptionPost.body.safeParse(subscription).success).toBe(true);
    expect(PushSubscriptionPost.body.safeParse({ ...subscription, endpoint: 'not a url' }).success).toBe(false);
  });
});
