// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  addressSchema,
  forgotPinSchema,
  loginSchema,
  makeSignupSchema,
  phoneCheckSchema,
  resetPasswordSchema,
} from '../../../../src/shared/validators/index.ts';
import { messagesOf } from './helpers.ts';

const now = new Date('2026-03-15T10:00:00Z');
const signupSchema = makeSignupSchema({ now });

const signup = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'María',
  lastName: 'Núñez García',
  emailAddress: 'maria@gmail.com',
  nationalID: '12345678Z',
  birthDate: '1990-05-20',
  mobilePhone: '612345678',
  employmentStatus: 'fullTimeEmployed',
  companyName: 'Panadería Sol',
  monthlyIncome: '1500',
  password: '1234',
  password2: '1234',
  acceptPolicy: true,
  acceptAgreement: false,
  ...overrides,
});

describe('signup form', () => {
  it('accepts a complete form and gives the payload fields', () => {
    expect(signupSchema.parse(signup())).toEqual({ ...signup(), monthlyIncome: 1500 });
  });

  it('needs acceptPolicy ticked and leaves acceptAgreement optional', () => {
    expect(messagesOf(signupSchema, signup({ acceptPolicy: false }))).toEqual({ acceptPolicy: ['Campo obligatorio'] });
    const { acceptAgreement: _omitted, ...withoutMarketing } = signup();
    expect(signupSchema.safeParse(withoutMarketing).success).toBe(true);
  });

  it('requires companyName for fullTimeEmployed only', () => {
    expect(messagesOf(signupSchema, signup({ companyName: ' ' }))).toEqual({ companyName: ['Campo obligatorio'] });
    expect(signupSchema.safeParse(signup({ employmentStatus: 'retired', companyName: '' })).success).toBe(true);
    expect(signupSchema.safeParse(signup({ employmentStatus: 'student', companyName: undefined })).success).toBe(true);
  });

  it('shows every problem of a failed submit at once, each with its spec message', () => {
    const empty = {
      firstName: '',
      lastName: 'R2D2',
      emailAddress: 'maria@gmial.com',
      nationalID: '12345678A',
      birthDate: '2010-01-01',
      mobilePhone: '912345678',
      employmentStatus: 'fullTimeEmployed',
      companyName: '',
      monthlyIncome: '',
      password: '12',
      password2: '13',
      acceptPolicy: false,
    };
    expect(messagesOf(signupSchema, empty)).toEqual({
      firstName: ['Campo obligatorio'],
      lastName: ['Solo se permiten caracteres del alfabeto español.'],
      emailAddress: ['Email no válido (Quizás quisiste decir: maria@gmail.com)'],
      nationalID: ['Por favor, introduce un DNI/NIE válido.'],
      birthDate: ['Debes tener al menos 18 años.'],
      mobilePhone: ['Patrón incorrecto'],
      companyName: ['Campo obligatorio'],
      monthlyIncome: ['Campo obligatorio'],
      password: ['Tu contraseña debe tener entre 4 y 20 caracteres de longitud.'],
      password2: ['Los campos no coinciden'],
      acceptPolicy: ['Campo obligatorio'],
    });
  });

  it('accepts an e-mail the customer confirmed as typed', () => {
    const schema = makeSignupSchema({ now, acceptAsTyped: ['maria@gmial.com'] });
    expect(schema.safeParse(signup({ emailAddress: 'maria@gmial.com' })).success).toBe(true);
  });
});

describe('login, forgot PIN, reset password and phone check forms', () => {
  it('login takes phoneNumber, password and rememberMe', () => {
    expect(loginSchema.parse({ phoneNumber: '612 345 678', password: '1234', rememberMe: true })).toEqual({
      phoneNumber: '612345678',
      password: '1234',
      rememberMe: true,
    });
    expect(messagesOf(loginSchema, { phoneNumber: '', password: '' })).toEqual({
      phoneNumber: ['Campo obligatorio'],
      password: ['Campo obligatorio'],
    });
  });

  it('forgot PIN and phone check take a mobile phone', () => {
    expect(forgotPinSchema.parse({ mobilePhone: '612345678' })).toEqual({ mobilePhone: '612345678' });
    expect(messagesOf(phoneCheckSchema, { phone: '912345678' })).toEqual({ phone: ['Patrón incorrecto'] });
  });

  it('reset password takes the 4-digit PIN and a matching new password', () => {
    const form = { mobilePhone: '612345678', pin: '0427', password: 'nueva', password2: 'nueva' };
    expect(resetPasswordSchema.parse(form)).toEqual(form);
    expect(messagesOf(resetPasswordSchema, { ...form, pin: '42', password2: 'otra' })).toEqual({
      pin: ['Patrón incorrecto'],
      password2: ['Los campos no coinciden'],
    });
  });
});

describe('address form', () => {
  it('requires street, number, postcode, city and province; floor is optional', () => {
    const address = { street: 'Calle Mayor', number: '5', postcode: '28013', city: 'Madrid', province: 'Madrid' };
    expect(addressSchema.parse(address)).toEqual(address);
    expect(messagesOf(addressSchema, { ...address, street: '', postcode: '99999', city: ' ' })).toEqual({
      street: ['Campo obligatorio'],
      postcode: ['Patrón incorrecto'],
      city: ['Campo obligatorio'],
    });
  });
});
