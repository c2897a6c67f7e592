// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { errorResponseSchema } from '../../../../src/shared/api/define.ts';
import { businessErrorCodes } from '../../../../src/shared/api/business-error-codes.ts';
import { transportErrorCodes } from '../../../../src/shared/api/error-codes.ts';
import { staffErrorCodes } from '../../../../src/shared/api/staff-error-codes.ts';
import {
  apiErrorOf,
  errorCodes,
  formatErrorMessage,
  isBusinessErrorCode,
  isErrorCode,
} from '../../../../src/shared/api/errors.ts';

describe('error codes', () => {
  it('keeps the transport codes and adds the business ones to one catalogue', () => {
    expect(Object.keys(transportErrorCodes)).toEqual([
      'ValidationError',
      'Unauthorized',
      'Forbidden',
      'NotFound',
      'MethodNotAllowed',
      'PayloadTooLarge',
      'UnsupportedMediaType',
      'TooManyRequests',
      'InternalError',
    ]);
    expect(Object.keys(errorCodes)).toEqual([...Object.keys(transportErrorCodes), ...Object.keys(businessErrorCodes)]);
  });

  it('gives every code a unique value, business codes from 1000 answered with 422 (409 for a retry in flight, 403 for a read-only session)', () => {
    const values = Object.values(errorCodes).map((code) => code.value);
    expect(new Set(values).size).toBe(values.length);
    for (const [name, code] of Object.entries(businessErrorCodes)) {
      expect(code.value, name).toBeGreaterThanOrEqual(1000);
      expect(Number.isInteger(code.value), name).toBe(true);
      expect(code.status, name).toBe(name === 'RequestInProgress' ? 409 : name === 'ReadOnlySession' ? 403 : 422);
    }
  });

  it('keeps the staff codes apart: values from 2000, none shared with the customer catalogue, 422, 403 or 404', () => {
    const taken = new Set(Object.values(errorCodes).map((code) => code.value));
    const names = new Set(Object.keys(errorCodes));
    for (const [name, code] of Object.entries(staffErrorCodes)) {
      expect(code.value, name).toBeGreaterThanOrEqual(2000);
      expect(taken.has(code.value), name).toBe(false);
      expect(names.has(name), name).toBe(false);
      expect([422, 403, 404]).toContain(code.status);
      expect(code.message, name).toMatch(/^[A-ZÁÉÍÓÚ¿¡].*\.$/u);
    }
    expect(new Set(Object.values(staffErrorCodes).map((code) => code.value)).size).toBe(
      Object.keys(staffErrorCodes).length,
    );
  });

  it('gives every business code a Spanish title and message', () => {
    for (const [name, code] of Object.entries(businessErrorCodes)) {
      expect(code.title.trim(), name).not.toBe('');
      expect(code.message.trim(), name).not.toBe('');
    }
    expect(new Set(Object.values(businessErrorCodes).map((code) => code.title))).toEqual(
      new Set(['Aviso', 'Contraseña incorrecta']),
    );
  });

  it.each([
    ['LoanNotFound', 'Préstamo no encontrado.'],
    ['CardValidationFailed', 'La validación ha fallado.'],
    [
      '3DS_FLOW_FAILED',
      'Falló la verificación de 3D Secure. No se pudo agregar la tarjeta bancaria. Por favor, inténtalo de nuevo.',
    ],
    [
      'CustomerBlackListedWithSuspiciousLoan',
      'Para continuar con el proceso de solicitud de tu préstamo debes verificar tu tarjeta.',
    ],
    ['DNINotValid', 'Por favor, introduce un DNI/NIE válido.'],
    ['InvalidPassword', 'Tu contraseña debe tener entre 4 y 20 caracteres de longitud.'],
    ['InvalidName', 'Solo se permiten caracteres del alfabeto español.'],
    [
      'PhoneAlreadyRegistered',
      'Ya hay un cliente registrado con este número de teléfono. Por favor, inicia sesión de nuevo.',
    ],
    ['DocumentUploadFailed', 'Ha surgido un error mientras se subían los documentos. Por favor inténtelo de nuevo.'],
    ['NoDocumentUploaded', 'No has subido ningún documento.'],
    ['WidgetAccountBlocked', 'Su cuenta ha sido bloqueada. Puede intentar nuevamente en 24 horas.'],
    ['TermsNotAccepted', 'Debe aceptar los términos y condiciones.'],
    ['BankAccountNotAdded', 'No se pudo agregar nueva cuenta bancaria.'],
  ] as const)('uses the spec text for %s', (name, message) => {
    expect(businessErrorCodes[name].message).toBe(message);
  });

  it('tells business codes from transport codes and unknown names', () => {
    expect(isBusinessErrorCode('WrongPasswordException')).toBe(true);
    expect(isBusinessErrorCode('3DS_FLOW_FAILED')).toBe(true);
    expect(isBusinessErrorCode('Unauthorized')).toBe(false);
    expect(isBusinessErrorCode('toString')).toBe(false);
    expect(isErrorCode('Unauthorized')).toBe(true);
    expect(isErrorCode('NoSuchCode')).toBe(false);
  });

  it('fills the remaining attempts into the wrong-password and PIN templates', () => {
    expect(businessErrorCodes.WrongPasswordException.message).toContain('{remaining}');
    expect(businessErrorCodes.PinNotValidWithRemainingAttemptCount.message).toContain('{remaining}');
    expect(formatErrorMessage(businessErrorCodes.PinNotValidWithRemainingAttemptCount.message, { remaining: 3 })).toBe(
      'El PIN no es correcto. Te quedan 3 intentos.',
    );
    expect(formatErrorMessage('Hola {name}, {unknown}', { name: 'Ana' })).toBe('Hola Ana, {unknown}');
  });

  it('builds items of the spec error shape', () => {
    const item = apiErrorOf('WrongPasswordException', { remaining: 2 });
    expect(item).toEqual({
      code: { name: 'WrongPasswordException', value: businessErrorCodes.WrongPasswordException.value },
      message: 'La contraseña no es correcta. Intentos restantes: 2.',
      title: 'Contraseña incorrecta',
    });
    expect(errorResponseSchema.parse({ errors: [item, apiErrorOf('PinNotValidLastAttempt')] }).errors).toHaveLength(2);
    expect(apiErrorOf('NotFound')).toEqual({
      code: { name: 'NotFound', value: 404 },
      message: 'No conseguimos encontrar lo que estás buscando.',
      title: '404',
    });
  });
});
