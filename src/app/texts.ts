/**
 * Texts of the shell that the spec does not give (its own texts are in src/shared/messages.ts and are used from
 * there). Plain Spanish in the spec's register.
 */
export const SHELL_TEXTS = {
  loading: 'Cargando…',
  /** After 'TU LÍMITE' and the instalment loan's limit: the minipréstamo's. */
  miniLimit: 'Minipréstamo',
  skipToContent: 'Saltar al contenido',
  homeLink: 'Préstamo Rápido, ir al inicio',
  mainNavigation: 'Principal',
  legalNavigation: 'Información legal',
  openMenu: 'Abrir menú',
  closeMenu: 'Cerrar menú',
  menuTitle: 'Menú',
  mobileNavigation: 'Menú móvil',
  contactLinks: 'Contacto',
  loanCta: 'Solicita tu préstamo',
  completeRegistration: 'Completa tu registro',
  retry: 'Reintentar',
  loginLink: 'Inicia sesión',
  offline:
    'Sin conexión a Internet. Lo que escribas se conserva en este dispositivo y podrás enviarlo al volver la conexión.',
  backOnline: 'Vuelves a tener conexión.',
  upcoming: 'Esta sección estará disponible muy pronto.',
  install: 'Instalar app',
  installIosTitle: 'Instala Préstamo Rápido',
  installIos:
    'En tu iPhone o iPad, pulsa el botón Compartir de Safari y elige «Añadir a pantalla de inicio». Así tendrás la app a mano y podrás recibir los recordatorios de pago.',
  clientAreaOf: 'Área de clientes de {name}',
  payShortcut: 'Pagar',
  payShortcutLabel: 'Pagar tu cuota de {amount}',
  creditBalance: 'Tu deuda actual',
  contactEmailTitle: 'Escríbenos',
  contactPhoneTitle: 'Llámanos',
  contactHours: 'De lunes a viernes de 9:00 a 21:00 y sábados de 10:00 a 14:00',
  contactCallMeTitle: 'Te llamamos',
  contactCallMe: 'Elige el día y la hora',
  cookieSettings: 'Configuración de cookies',
  legal: {
    terms: 'Términos y condiciones',
    privacy: 'Política de privacidad',
    cookies: 'Política de cookies',
    faq: 'Preguntas frecuentes',
    contact: 'Contáctanos',
  },
} as const;
