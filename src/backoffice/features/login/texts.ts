/** The staff login page's texts. */
export const LOGIN_TEXTS = {
  title: 'Acceso de empleados',
  intro: 'Inicia sesión con tu correo de trabajo, tu contraseña y el código de tu app de autenticación.',
} as const;
