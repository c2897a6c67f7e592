import { defineCodes } from './error-codes.ts';

/**
 * The business codes of the staff calls (docs/backoffice.md): HTTP 422 (403 for a pending password change) in the
 * spec's error shape, values from 2000. A catalogue of its own, not `businessErrorCodes`, so none of these texts
 * reaches the customer's app; the server answers both (`src/server/http/errors.ts`), the back office reads these.
 */
export const staffErrorCodes = defineCodes({
  WrongCredentials: {
    value: 2000,
    status: 422,
    title: 'Aviso',
    message: 'El correo o la contraseña no son correctos.',
  },
  StaffLocked: {
    value: 2001,
    status: 422,
    title: 'Cuenta bloqueada',
    message: 'Tu cuenta está bloqueada por demasiados intentos fallidos. Pide a un administrador que la desbloquee.',
  },
  WrongTotpCode: {
    value: 2002,
    status: 422,
    title: 'Aviso',
    message: 'El código de verificación no es correcto o ya se ha usado. Espera al siguiente e inténtalo de nuevo.',
  },
  ChallengeExpired: {
    value: 2003,
    status: 422,
    title: 'Aviso',
    message: 'Han pasado más de 5 minutos desde que introdujiste la contraseña. Vuelve a iniciar sesión.',
  },
  PasswordChangeRequired: {
    value: 2004,
    status: 403,
    title: 'Aviso',
    message: 'Antes de continuar tienes que cambiar tu contraseña.',
  },
  WrongCurrentPassword: {
    value: 2005,
    status: 422,
    title: 'Aviso',
    message: 'La contraseña actual no es correcta.',
  },
  WeakPassword: {
    value: 2006,
    status: 422,
    title: 'Aviso',
    message: 'La nueva contraseña debe tener entre 12 y 128 caracteres y ser distinta de la actual.',
  },
});

export type StaffErrorCodeName = keyof typeof staffErrorCodes;
