// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { noBody, type AnyCall } from '../../../../src/shared/api/define.ts';
import { errorCodes, isBusinessErrorCode } from '../../../../src/shared/api/errors.ts';
import { staffErrorCodes } from '../../../../src/shared/api/staff-error-codes.ts';
import { contract, contractCalls } from '../../../../src/shared/api/index.ts';
import { TimeGet } from '../../../../src/shared/api/misc.ts';
import { AgreementPost } from '../../../../src/shared/api/agreement.ts';
import { PaymentDatePost } from '../../../../src/shared/api/loan.ts';

/** Every object reachable in a body schema, with its location (objects inside arrays, optionals, unions, …). */
function objectsIn(schema: z.core.$ZodType, at: string): { at: string; schema: z.core.$ZodType }[] {
  const def = schema._zod.def;
  switch (def.type) {
    case 'object': {
      const shape = (def as z.core.$ZodObjectDef).shape;
      return [{ at, schema }, ...Object.entries(shape).flatMap(([key, value]) => objectsIn(value, `${at}.${key}`))];
    }
    case 'array':
      return objectsIn((def as z.core.$ZodArrayDef).element, `${at}[]`);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return objectsIn((def as z.core.$ZodOptionalDef).innerType, at);
    case 'union':
      return (def as z.core.$ZodUnionDef).options.flatMap((option, index) => objectsIn(option, `${at}|${index}`));
    case 'pipe':
      return objectsIn((def as z.core.$ZodPipeDef).in, at);
    default:
      return [];
  }
}

const isStrict = (schema: z.core.$ZodType) =>
  (schema._zod.def as z.core.$ZodObjectDef).catchall?._zod.def.type === 'never';
const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]);
const shapeKeys = (schema: z.core.$ZodType) => Object.keys((schema._zod.def as z.core.$ZodObjectDef).shape);

describe('the contract', () => {
  it('has one entry per spec call, listed under its own name', () => {
    expect(contractCalls.length).toBe(Object.keys(contract).length);
    for (const [key, call] of Object.entries(contract)) expect(call.name).toBe(key);
    expect(new Set(contractCalls.map((call) => call.name)).size).toBe(contractCalls.length);
  });

  it('gives every call a unique method and path', () => {
    const routes = contractCalls.map((call) => `${call.method} ${call.path.replace(/:\w+/g, ':')}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('names every call in the spec style: PascalCase ending in its method (with an optional By… suffix)', () => {
    for (const call of contractCalls) {
      const method = call.method === 'DELETE' ? 'Delete' : call.method[0] + call.method.slice(1).toLowerCase();
      expect(call.name, call.name).toMatch(new RegExp(`^[A-Z][A-Za-z]*${method}(By[A-Z][A-Za-z]*)?$`));
    }
  });

  it('uses /api paths (the activity log: /logs, second document §7.3) in Fastify style whose :params are exactly the params schema', () => {
    for (const call of contractCalls) {
      expect(call.path, call.name).toMatch(/^\/(api|logs)\/[A-Za-z0-9/:_-]+$/);
      expect(pathParams(call.path).sort(), call.name).toEqual(shapeKeys(call.params).sort());
    }
  });

  it('keeps the paths other engineers already build on', () => {
    expect([TimeGet.method, TimeGet.path]).toEqual(['GET', '/api/common/time']);
    expect([PaymentDatePost.method, PaymentDatePost.path]).toEqual(['POST', '/api/loan/paymentDates']);
    expect([AgreementPost.method, AgreementPost.path]).toEqual(['POST', '/api/loan/agreements']);
    expect(TimeGet.response.parse({ time: '2025-03-01T10:15:00+01:00' })).toEqual({
      time: '2025-03-01T10:15:00+01:00',
    });
  });

  it.each([
    ['LoginPost', 'POST', '/api/membership/login'],
    ['LoginWithRepayTokenPostByRepayToken', 'POST', '/api/membership/loginWithRepayToken/:repayToken'],
    ['TokenGet', 'GET', '/api/membership/token/:token'],
    ['ForgotPinPost', 'POST', '/api/membership/forgotPin'],
    ['ValidateAndChangePasswordPost', 'POST', '/api/membership/validateAndChangePassword'],
    ['ChangePasswordPost', 'POST', '/api/membership/changePassword'],
    ['LightRegisterPost', 'POST', '/api/customer/light/register'],
    ['PinValidatePost', 'POST', '/api/customer/light/pinValidate'],
    ['SaveAddressPut', 'PUT', '/api/customer/light/saveAddress'],
    ['CheckPhoneDniPost', 'POST', '/api/customer/CheckPhoneDNI'],
    ['PaymentPlansPost', 'POST', '/api/loan/paymentPlans'],
    ['RequestLoanPost', 'POST', '/api/loan/requestLoan'],
    ['PayLoanPost', 'POST', '/api/loan/payloan'],
    ['HolidaysGet', 'GET', '/api/loan/hollidays'],
    ['CardCreateAndValidatePost', 'POST', '/api/card/createAndValidate'],
    ['CardSetActivePutByCardId', 'PUT', '/api/card/active/:cardId'],
    ['CustomerMiniGet', 'GET', '/api/card/customer/mini'],
    ['CommMarketingUnsubscribePost', 'POST', '/api/communication/unsubscribe'],
    ['SmsMarkasreadGetBySmsId', 'GET', '/api/communication/sms/:smsId/markasread'],
    ['AddBankAccountManuallyPost', 'POST', '/api/bankscraper/addCustomerBankAccountManually'],
    ['PushSubscriptionDelete', 'DELETE', '/api/communication/push/subscription'],
  ] as const)('routes %s to %s %s (backend catalogue shape)', (name, method, path) => {
    expect([contract[name].method, contract[name].path]).toEqual([method, path]);
  });

  it('lists only known business error codes, once each (the staff catalogue’s only on staff calls)', () => {
    for (const call of contractCalls) {
      for (const code of call.errors) {
        if (Object.hasOwn(staffErrorCodes, code)) {
          // Staff calls, and the staff login's public steps (StaffLoginPost, StaffTotpPost).
          expect(call.auth === 'staff' || call.name.startsWith('Staff'), `${call.name}: ${code}`).toBe(true);
          continue;
        }
        expect(Object.hasOwn(errorCodes, code), `${call.name}: ${code}`).toBe(true);
        expect(isBusinessErrorCode(code), `${call.name}: ${code}`).toBe(true);
      }
      expect(new Set(call.errors).size, call.name).toBe(call.errors.length);
    }
  });

  it('answers the spec catalogue codes on the calls that handle them', () => {
    expect(contract.LightRegisterPost.errors).toEqual(
      expect.arrayContaining([
        'InvalidEmail',
        'InvalidEmailWithUpdateRequest',
        'EmailNotAvailable',
        'DNINotValid',
        'CustomerAlreadyRegistered',
      ]),
    );
    expect(contract.LoginPost.errors).toEqual(
      expect.arrayContaining([
        'MemberNotAllowedToLoginWithPasswordException',
        'MemberNotFoundException',
        'MemberBlocked',
        'CustomerNotFound',
        'WrongPasswordException',
        'PinNotValidLastAttempt',
        'PinNotValidWithRemainingAttemptCount',
      ]),
    );
    expect(contract.ForgotPinPost.errors).toEqual(
      expect.arrayContaining(['MemberNotFoundException', 'CustomerNotFound']),
    );
    expect(contract.RequestLoanPost.errors).toEqual(
      expect.arrayContaining(['CustomerBlacklisted', 'EligibleAgeError', 'NotAllowedCustomerStatus']),
    );
    expect(contract.AssignAgreementPost.errors).toEqual(
      expect.arrayContaining([
        'InvalidEmailWithUpdateRequest',
        'EmailNotAvailable',
        'CustomerBlackListedWithSuspiciousLoan',
        'LoanNotFound',
      ]),
    );
    expect(contract.CardCreateAndValidatePost.errors).toEqual(
      expect.arrayContaining(['CardValidationFailed', '3DS_FLOW_FAILED']),
    );
  });

  it('marks the calls that create a loan, move money or change a loan idempotent, and only them', () => {
    const idempotent = contractCalls.filter((call) => call.idempotent).map((call) => call.name);
    expect(idempotent.sort()).toEqual([
      'AssignAgreementPost',
      'CardCreateAndValidatePost',
      'DesistContractPost',
      'DirectTransferInitPost',
      'PayLoanPost',
      'RequestLoanPost',
      'RestructureLoanPost',
      'RolloverPost',
    ]);
    for (const name of ['PayLoanPost', 'RequestLoanPost', 'RestructureLoanPost', 'RolloverPost'] as const)
      expect(contract[name].long, name).toBe(true);
  });

  it('lets every idempotent call answer a retry in flight and a reused key, and only customers call them', () => {
    for (const call of contractCalls.filter((entry) => entry.idempotent)) {
      expect(call.errors, call.name).toEqual(expect.arrayContaining(['RequestInProgress', 'IdempotencyKeyReused']));
      expect(call.auth, call.name).toBe('customer');
    }
  });

  it('sends uploads as multipart with the long timeout', () => {
    const multipart = contractCalls.filter((call) => call.multipart);
    expect(multipart.map((call) => call.name).sort()).toEqual(['CardProofUploadPost', 'DocumentUploadPost']);
    for (const call of multipart) expect(call.long, call.name).toBe(true);
  });

  it('gives GET calls no body, and every other call a body or the explicit noBody', () => {
    for (const call of contractCalls) {
      if (call.method === 'GET') expect(call.hasBody, call.name).toBe(false);
      expect(call.hasBody, call.name).toBe(call.body !== noBody);
    }
    expect(contract.LogoutPost.body).toBe(noBody);
    expect(contract.LogoutPost.hasBody).toBe(false);
    expect(contract.LoginPost.hasBody).toBe(true);
  });

  it('finds loose objects nested anywhere (the strictness check below can fail)', () => {
    const nested = z.strictObject({ list: z.array(z.object({ a: z.string() })).optional() });
    expect(
      objectsIn(nested, 'x')
        .filter((found) => !isStrict(found.schema))
        .map((found) => found.at),
    ).toEqual(['x.list[]']);
  });

  it('rejects unknown fields everywhere in bodies, params and queries (strict objects)', () => {
    const loose: string[] = [];
    for (const call of contractCalls as readonly AnyCall[]) {
      for (const [part, schema] of [
        ['body', call.body],
        ['params', call.params],
        ['query', call.query],
      ] as const) {
        for (const found of objectsIn(schema, `${call.name}.${part}`))
          if (!isStrict(found.schema)) loose.push(found.at);
      }
    }
    expect(loose).toEqual([]);
  });

  it('marks who may call: public entry points, optional calculator calls, customer calls otherwise', () => {
    const byAuth = (auth: string) =>
      contractCalls
        .filter((call) => call.auth === auth)
        .map((call) => call.name)
        .sort();
    expect(byAuth('public')).toEqual(
      expect.arrayContaining([
        'LoginPost',
        'LightRegisterPost',
        'CheckPhoneDniPost',
        'ForgotPinPost',
        'ValidateAndChangePasswordPost',
        'TimeGet',
        'PaymentDatePost',
      ]),
    );
    expect(byAuth('optional')).toEqual(expect.arrayContaining(['PaymentPlansPost', 'AgreementPost']));
    expect(byAuth('customer')).toEqual(
      expect.arrayContaining(['MemberDetailsGet', 'RequestLoanPost', 'PayLoanPost', 'ChangePasswordPost']),
    );
  });
});
