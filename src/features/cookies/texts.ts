/**
 * Texts of the cookie consent modal that the spec does not give verbatim (its buttons — 'ACEPTAR', 'Mostrar
 * detalles', 'Ocultar detalles', 'Controles de Privacidad', 'SELECCIONAR TODO', 'ACTUALIZAR CONSENTIMIENTO' — come
 * from COOKIE_TEXTS in src/shared/messages.ts; the categories and the cookie list from src/shared/cookies.ts).
 */
export const COOKIE_MODAL_TEXTS = {
  title: 'Tu privacidad',
  intro:
    'Usamos cookies y tecnologías parecidas, todas propias, para que la web funcione y, si nos lo permites, para recordar tus datos y saber qué campaña te trajo hasta nosotros. Acéptalas todas o elige cuáles permites en «Mostrar detalles».',
  aboutCookies: 'Acerca de las cookies',
  detailsIntro:
    'Elige qué categorías permites. Las estrictamente necesarias están siempre activas porque sin ellas la web no funciona.',
  noCookies: 'Ahora mismo no usamos ninguna cookie de esta categoría.',
  alwaysOn: 'Siempre activas',
  categoriesLabel: 'Categorías de cookies',
  loadingDetails: 'Cargando los detalles…',
  detailsFailed: 'No hemos podido cargar los detalles. Comprueba tu conexión e inténtalo de nuevo más tarde.',
  table: {
    provider: 'Proveedor',
    expiration: 'Caducidad',
    purpose: 'Finalidad',
    source: 'Dónde se guarda',
    processor: 'Responsable',
  },
  policyTitle: 'Acerca de las cookies',
  policy: [
    'Las cookies y tecnologías parecidas (almacenamiento local del navegador, caché de la aplicación) guardan información en tu dispositivo. Nosotros las usamos para mantener tu sesión, proteger tu cuenta, conservar lo que escribes en un formulario y hacer que la app funcione sin conexión.',
    'Todas son propias: no cargamos herramientas de terceros. Las de análisis, publicidad y grabación de sesiones solo se usarían si las permites; hoy no hay ninguna activa, salvo los parámetros de campaña, que guardamos 3 días únicamente si aceptas las cookies de publicidad.',
    'Guardamos tu elección durante un año. Puedes cambiarla cuando quieras desde «Configuración de cookies», al pie de cada página, y consultar la lista completa en nuestra Política de cookies.',
  ],
} as const;
