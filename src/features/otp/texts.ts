/**
 * Texts of the OTP and change-mobile pages that the spec does not give ('No he recibido el PIN' and the error
 * messages come from src/shared). Plain Spanish in the spec's register.
 */
export const OTP_TEXTS = {
  intro: 'Te hemos enviado un SMS con un código de 4 caracteres al {phone}. Escríbelo aquí para confirmar tu número.',
  codeLabel: 'Código del SMS',
  codeHint: 'Son 4 letras o números. No distingue mayúsculas de minúsculas.',
  confirm: 'Confirmar',
  countdown: 'Podrás pedir un nuevo código en {seconds} s.',
  resent: 'Te hemos enviado un nuevo código por SMS al {phone}.',
  wrongNumber: '¿No es tu número?',
  changeMobile: 'Cambiar mi número de teléfono',
  login: 'Inicia sesión',
  unexpected: 'No hemos podido completar la operación. Inténtalo de nuevo.',
} as const;

export const CHANGE_MOBILE_TEXTS = {
  intro: 'Escribe tu número de móvil correcto. Te enviaremos a él un nuevo código para confirmarlo.',
  current: 'Número actual: {phone}',
  mobileLabel: 'Nuevo número de móvil',
  submit: 'Enviar código',
  back: 'Volver sin cambiar el número',
  changed: 'Hemos cambiado tu número al {phone} y te hemos enviado un nuevo código.',
} as const;
