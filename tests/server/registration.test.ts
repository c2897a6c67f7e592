import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorOf } from '../../src/shared/api/errors.ts';
import type { SignupPayload } from '../../src/shared/api/registration.ts';
import { birthDateBounds } from '../../src/shared/validators/birth-date.ts';
import { deriveKey } from '../../src/server/auth/derived-keys.ts';
import { verifyPassword } from '../../src/server/auth/password.ts';
import {
  communicationPermissionHistory,
  communicationPermissions,
  credentials,
  customerStatusHistory,
  customers,
} from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { businessCodesOf, createMember, errorsOf, uniqueMobilePhone } from './helpers/membership-login.ts';
import {
  openOtpHint,
  postRegister,
  registeredOf,
  signupBody,
  smsTo,
  uniqueDni,
  uniqueEmail,
  uniqueNie,
  withWrongLetter,
} from './helpers/registration.ts';

/**
 * LightRegisterPost: what a registration creates, and each business code the signup rules answer (a direct API
 * call gets the same rules as the client's form).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
});
afterAll(() => t.close());

const register = (overrides: Partial<SignupPayload> = {}) => postRegister(t.app, signupBody(t, overrides));
const customerByPhone = async (phone: string) =>
  (await t.db.select().from(customers).where(eq(customers.phone, phone)))[0];

/** The answer is the single business error `code`, and nothing was created for the phone. */
async function expectRefused(body: SignupPayload, code: Parameters<typeof apiErrorOf>[0]) {
  const errors = errorsOf(await postRegister(t.app, body), 422);
  expect(errors.map((error) => error.code.name)).toEqual([code]);
  return errors[0]!;
}

describe('LightRegisterPost: a valid signup', () => {
  it('creates the customer in status new and answers a session, its details and an opaque hint', async () => {
    const body = signupBody(t, { acceptAgreement: true, uId: 'camp-42' });
    const result = registeredOf(await postRegister(t.app, body));
    expect(result.customerDetails).toEqual({
      id: expect.any(Number),
      status: 'new',
      fullName: 'María José Núñez de la Peña',
      twoLetterName: 'MN',
      firstName: 'María José',
      customerCreditLimit: 0,
      miniCreditLimit: 0,
      role: 'user',
      phone: body.mobilePhone,
      hasActiveLoan: false,
      firstLoanInterestFree: true,
      passwordRequired: false,
    });
    const details = await t.app.inject({
      method: 'GET',
      url: '/api/membership/memberDetails',
      headers: { authorization: `Bearer ${result.token}`, 'x-member-id': String(result.customerDetails.id) },
    });
    expect(details.statusCode).toBe(200);
    expect(result.hint).not.toContain(body.mobilePhone.slice(-3));
    expect(openOtpHint(deriveKey(t.secrets.jwtKey, 'otp-hint'), result.hint)?.phone).toBe(
      `******${body.mobilePhone.slice(-3)}`,
    );
  });

  it('stores the normalised data, a status history row, scrypt credentials and the consents with their history', async () => {
    const dni = uniqueDni();
    const email = uniqueEmail();
    const phone = uniqueMobilePhone();
    const body = signupBody(t, {
      firstName: '  Íñigo   Luis ',
      lastName: 'Güell',
      nationalID: `${dni.slice(0, 2)}.${dni.slice(2, 5)}.${dni.slice(5, 8)}-${dni.slice(8).toLowerCase()}`,
      emailAddress: email.toUpperCase(),
      mobilePhone: `+34 ${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`,
      employmentStatus: 'student',
      companyName: null,
      monthlyIncome: 3001,
      acceptAgreement: false,
    });
    const { customerDetails } = registeredOf(await postRegister(t.app, body));
    const row = await customerByPhone(phone);
    expect(row).toMatchObject({
      id: customerDetails.id,
      status: 'new',
      firstName: 'Íñigo Luis',
      lastName: 'Güell',
      nationalId: dni,
      email: email.toLowerCase(),
      birthDate: body.birthDate,
      employmentStatus: 'student',
      companyName: null,
      monthlyIncomeCents: 300_100,
      acceptPolicy: true,
      acceptMarketing: false,
      passwordRequired: false,
      role: 'user',
    });
    expect(row?.referenceCode).toMatch(/^PR[0-9A-F]{10}$/);

    const history = await t.db
      .select()
      .from(customerStatusHistory)
      .where(eq(customerStatusHistory.customerId, row!.id));
    expect(history).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'new', changedBy: 'customer', reason: 'registration' }),
    ]);
    const [stored] = await t.db.select().from(credentials).where(eq(credentials.customerId, row!.id));
    expect(stored).toMatchObject({ consecutiveFailures: 0, blocked: false });
    expect(stored!.passwordHash).toMatch(/^scrypt\$/);
    expect(stored!.passwordHash).not.toContain(body.password);
    expect(await verifyPassword(body.password, stored!.passwordHash)).toBe(true);

    const permissions = await t.db
      .select()
      .from(communicationPermissions)
      .where(eq(communicationPermissions.customerId, row!.id));
    expect(permissions).toEqual([
      expect.objectContaining({ allowEmail: false, allowSms: false, allow3CxCalls: false }),
    ]);
    const permissionHistory = await t.db
      .select()
      .from(communicationPermissionHistory)
      .where(eq(communicationPermissionHistory.customerId, row!.id));
    expect(permissionHistory).toEqual([
      expect.objectContaining({ allowEmail: false, allowSms: false, allow3CxCalls: false, source: 'registration' }),
    ]);
  });

  it('acceptAgreement gives the e-mail, SMS and call permissions', async () => {
    const { customerDetails } = registeredOf(await register({ acceptAgreement: true }));
    const [permissions] = await t.db
      .select()
      .from(communicationPermissions)
      .where(eq(communicationPermissions.customerId, customerDetails.id));
    expect(permissions).toMatchObject({ allowEmail: true, allowSms: true, allow3CxCalls: true });
  });

  it('sends the registration code by SMS: Spanish text, last line @host #code (WebOTP), in the sandbox outbox', async () => {
    const body = signupBody(t);
    registeredOf(await postRegister(t.app, body));
    const sent = await smsTo(t, body.mobilePhone);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ purpose: 'registration', provider: 'sandbox' });
    const lines = sent[0]!.text.split('\n');
    expect(lines[0]).toMatch(/^Préstamo Rápido: tu código de verificación es [A-Z0-9]{4}\. Caduca en 10 minutos\./);
    expect(lines.at(-1)).toMatch(new RegExp(`^@${t.config.webOtpHost} #[A-HJ-NP-Z2-9]{4}$`));
    expect(lines.at(-1)?.slice(-4)).toBe(/es ([A-Z0-9]{4})\./.exec(lines[0]!)?.[1]);
  });

  it('accepts a NIE, and the age limits inclusive: 18 today and 75 today (Europe/Madrid)', async () => {
    const { earliest, latest } = birthDateBounds(t.clock.now());
    registeredOf(await register({ nationalID: uniqueNie(), birthDate: latest }));
    registeredOf(await register({ birthDate: earliest }));
  });
});

describe('LightRegisterPost: each refusal answers its code (422) and creates nothing', () => {
  it('InvalidName: a character outside the Spanish alphabet, or a blank name', async () => {
    for (const overrides of [{ firstName: 'Jo3' }, { lastName: 'Smith!' }, { firstName: '   ' }, { lastName: 'Zoë' }]) {
      const body = signupBody(t, overrides);
      expect(await expectRefused(body, 'InvalidName')).toEqual(apiErrorOf('InvalidName'));
      expect(await customerByPhone(body.mobilePhone)).toBeUndefined();
    }
  });

  it('DNINotValid: a wrong check letter (DNI and NIE) or not a DNI/NIE at all', async () => {
    for (const nationalID of [withWrongLetter(uniqueDni()), withWrongLetter(uniqueNie()), '1234', 'B12345678']) {
      const body = signupBody(t, { nationalID });
      expect(await expectRefused(body, 'DNINotValid')).toEqual(apiErrorOf('DNINotValid'));
      expect(await customerByPhone(body.mobilePhone)).toBeUndefined();
    }
  });

  it('InvalidEmail: not an e-mail address', async () => {
    for (const emailAddress of ['ana@', 'ana.example.com', 'ana garcia@example.com']) {
      expect(await expectRefused(signupBody(t, { emailAddress }), 'InvalidEmail')).toEqual(apiErrorOf('InvalidEmail'));
    }
  });

  it('InvalidEmailWithUpdateRequest: the typo check suggests another address, named in the spec message', async () => {
    const typo = await expectRefused(
      signupBody(t, { emailAddress: 'ana.garcia@gmial.com' }),
      'InvalidEmailWithUpdateRequest',
    );
    expect(typo.message).toBe('Email no válido (Quizás quisiste decir: ana.garcia@gmail.com)');
    const dots = await expectRefused(
      signupBody(t, { emailAddress: 'ana..garcia@gmail.com' }),
      'InvalidEmailWithUpdateRequest',
    );
    expect(dots.message).toBe('Email no válido (Quizás quisiste decir: ana.garcia@gmail.com)');
  });

  it('EmailNotAvailable: another customer has the address (in any case)', async () => {
    const first = signupBody(t);
    registeredOf(await postRegister(t.app, first));
    const body = signupBody(t, { emailAddress: first.emailAddress.toUpperCase() });
    expect(await expectRefused(body, 'EmailNotAvailable')).toEqual(apiErrorOf('EmailNotAvailable'));
    expect(await customerByPhone(body.mobilePhone)).toBeUndefined();
  });

  it('EligibleAgeError: one day short of 18, or over 75, today in Europe/Madrid', async () => {
    const { earliest, latest } = birthDateBounds(t.clock.now());
    const dayAfter = (iso: string, days: number) => {
      const date = new Date(`${iso}T12:00:00Z`);
      date.setUTCDate(date.getUTCDate() + days);
      return date.toISOString().slice(0, 10);
    };
    for (const birthDate of [dayAfter(latest, 1), dayAfter(earliest, -1), '1900-01-01']) {
      expect(await expectRefused(signupBody(t, { birthDate }), 'EligibleAgeError')).toEqual(
        apiErrorOf('EligibleAgeError'),
      );
    }
  });

  it('InvalidBirthDate: a date after today; a malformed date is a 400 naming birthDate', async () => {
    const nextYear = `${new Date(t.clock.now()).getUTCFullYear() + 1}-01-15`;
    expect(await expectRefused(signupBody(t, { birthDate: nextYear }), 'InvalidBirthDate')).toEqual(
      apiErrorOf('InvalidBirthDate'),
    );
    const malformed = errorsOf(await postRegister(t.app, signupBody(t, { birthDate: '1990-02-30' })), 400);
    expect(malformed[0]?.message).toContain('birthDate (Fecha invalida)');
  });

  it('InvalidPhone: a landline, a short number or not digits', async () => {
    for (const mobilePhone of ['912345678', '60000', 'seis', '+33612345678']) {
      expect(await expectRefused(signupBody(t, { mobilePhone }), 'InvalidPhone')).toEqual(apiErrorOf('InvalidPhone'));
    }
  });

  it('CustomerAlreadyRegistered: the phone is a customer’s (the spec’s register catalogue code)', async () => {
    const existing = await createMember(t);
    const body = signupBody(t, { mobilePhone: existing.phone });
    expect(await expectRefused(body, 'CustomerAlreadyRegistered')).toEqual(apiErrorOf('CustomerAlreadyRegistered'));
    expect((await customerByPhone(existing.phone))?.id).toBe(existing.id);
  });

  it('CustomerAlreadyRegistered: the DNI/NIE is a customer’s (typed in any form)', async () => {
    const first = signupBody(t);
    registeredOf(await postRegister(t.app, first));
    const body = signupBody(t, { nationalID: ` ${first.nationalID.toLowerCase()} ` });
    expect(await expectRefused(body, 'CustomerAlreadyRegistered')).toEqual(apiErrorOf('CustomerAlreadyRegistered'));
    expect(await customerByPhone(body.mobilePhone)).toBeUndefined();
  });

  it('two sign-ups with the same DNI at once: one customer, the other CustomerAlreadyRegistered', async () => {
    const nationalID = uniqueDni();
    const answers = await Promise.all([1, 2].map(() => register({ nationalID })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 422]);
    const refused = answers.find((answer) => answer.statusCode === 422)!;
    expect(businessCodesOf(refused)).toEqual(['CustomerAlreadyRegistered']);
    expect(
      await t.db.select({ id: customers.id }).from(customers).where(eq(customers.nationalId, nationalID)),
    ).toHaveLength(1);
  });

  it('CompanyNameRequired: fullTimeEmployed without an employer name', async () => {
    for (const companyName of [null, '', '   ', undefined]) {
      const body = signupBody(t, { employmentStatus: 'fullTimeEmployed', companyName });
      expect(await expectRefused(body, 'CompanyNameRequired')).toEqual(apiErrorOf('CompanyNameRequired'));
    }
    registeredOf(await register({ employmentStatus: 'retired', companyName: undefined }));
  });

  it('InvalidPassword: shorter than 4 or longer than 20 characters', async () => {
    for (const password of ['123', 'x'.repeat(21)]) {
      const body = signupBody(t, { password, password2: password });
      expect(await expectRefused(body, 'InvalidPassword')).toEqual(apiErrorOf('InvalidPassword'));
    }
  });

  it('PasswordsDoNotMatch: the confirmation differs', async () => {
    const body = signupBody(t, { password: 'Clave-2024', password2: 'Clave-2025' });
    expect(await expectRefused(body, 'PasswordsDoNotMatch')).toEqual(apiErrorOf('PasswordsDoNotMatch'));
  });

  it('TermsNotAccepted: acceptPolicy not ticked', async () => {
    const body = signupBody(t, { acceptPolicy: false });
    expect(await expectRefused(body, 'TermsNotAccepted')).toEqual(apiErrorOf('TermsNotAccepted'));
    expect(await smsTo(t, body.mobilePhone)).toEqual([]);
  });

  it('several invalid fields: the first in the form order answers', async () => {
    const body = signupBody(t, { nationalID: '1234', emailAddress: 'ana@', password: '1', acceptPolicy: false });
    await expectRefused(body, 'DNINotValid');
  });
});
