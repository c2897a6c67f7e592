/** Texts of the handover page (the spec gives none): plain peninsular Spanish, in the register of the OTP page. */
export const HANDOVER_TEXTS = {
  checking: 'Comprobando el enlace…',
  greeting: 'Hola, {firstName}. Tu gestor te ha preparado el acceso a tu área de clientes.',
  sendIntro: 'Para confirmar que eres tú, te enviaremos un código por SMS al {phone}.',
  send: 'Enviarme el código',
  sent: 'Te hemos enviado un SMS con un código de 4 caracteres al {phone}. Escríbelo aquí para entrar.',
  codeLabel: 'Código del SMS',
  codeHint: 'Son 4 letras o números. No distingue mayúsculas de minúsculas.',
  enter: 'Entrar',
  resend: 'No he recibido el código',
  countdown: 'Podrás pedir un nuevo código en {seconds} s.',
  resent: 'Te hemos enviado un nuevo código por SMS al {phone}.',
  invalidTitle: 'Este enlace ya no es válido',
  invalid:
    'Se ha usado ya, ha caducado o tu gestor ha preparado uno nuevo. Pide a tu gestor un enlace nuevo o inicia sesión con tu teléfono y tu contraseña.',
  login: 'Iniciar sesión',
  failed: 'No hemos podido comprobar el enlace.',
  retry: 'Reintentar',
  unexpected: 'No hemos podido completar la operación. Inténtalo de nuevo.',
} as const;
