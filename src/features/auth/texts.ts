/**
 * Texts of the login, forgot-PIN, reset-password and update-password screens that the spec does not give. The spec's
 * own texts (tabs, '¿Olvidaste tu contraseña?', 'No he recibido el PIN', 'Cambiar Contraseña?', validation messages)
 * come from src/shared/messages.ts and are used from there.
 */
export const AUTH_TEXTS = {
  accountNavigation: 'Acceso a tu cuenta',
  phoneLabel: 'Teléfono móvil',
  passwordLabel: 'Contraseña',
  rememberMe: 'Recordarme en este dispositivo',
  loginSubmit: 'Entrar',
  welcomeBack: '¡Hola de nuevo, {firstName}!',
  welcomeBackHint: 'Introduce tu contraseña para entrar en tu cuenta.',
  forgotPinIntro: 'Introduce tu número de móvil y te enviaremos por SMS un PIN para crear una nueva contraseña.',
  forgotPinSubmit: 'Enviar PIN',
  resetIntro: 'Introduce el PIN que te hemos enviado por SMS y elige tu nueva contraseña.',
  pinLabel: 'PIN recibido por SMS',
  newPasswordLabel: 'Nueva contraseña',
  repeatPasswordLabel: 'Repite la nueva contraseña',
  resetSubmit: 'Cambiar contraseña',
  resendCountdown: 'Podrás pedir un nuevo PIN en {seconds} s.',
  pinResent: 'Te hemos enviado un nuevo PIN por SMS.',
  pinSending: 'Enviando PIN',
  backToLogin: 'Volver a Inicia sesión',
  updatePasswordIntro: 'Por seguridad, elige una nueva contraseña para tu cuenta.',
  updatePasswordSubmit: 'Guardar contraseña',
} as const;

/**
 * The query parameter that tells the register page the phone was not found at login (agreed with the register
 * page): `/registro/datos-personales?phone=NNNNNNNNN&customerNotFound=1`.
 */
export const CUSTOMER_NOT_FOUND_QUERY = 'customerNotFound';
