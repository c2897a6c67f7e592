/**
 * Customer texts the spec quotes in English, without their accents or in Latin-American voseo, and what the customer
 * reads instead: correct peninsular Spanish (ARCHITECTURE §7, docs/app.md "Spanish everywhere"). The spec's words are
 * the key, so grepping the spec finds the message that shows them; the catalogues write `es('About')`, never the
 * corrected text alone. tests/unit/shared/messages.test.ts checks every key against the spec, and
 * tests/unit/shared/spanish.test.ts fails on English words, voseo and unaccented forms in every catalogue.
 */
export const SPEC_SPANISH = {
  // Header, mobile menu, offer banner (first document §2).
  'Como funciona': 'Cómo funciona',
  About: 'Sobre nosotros',
  'Inicia Sesion': 'Inicia sesión',
  'Area de Clientes': 'Área de clientes',
  'Historial de Prestamos': 'Historial de préstamos',
  'Gestion de la Cuenta': 'Gestión de la cuenta',
  'Cerrar Sesion': 'Cerrar sesión',
  'TU LIMITE': 'TU LÍMITE',
  'Para acceder a esta pagina debes iniciar sesion.': 'Para acceder a esta página debes iniciar sesión.',
  // Toast titles and the confirm dialog's titles and buttons.
  Success: 'Éxito',
  Warning: 'Aviso',
  Info: 'Información',
  Processing: 'Procesando',
  Exito: 'Éxito',
  Attencione: 'Atención',
  Si: 'Sí',
  // Generic texts of both catalogues.
  'Technical error': 'Error técnico',
  'Request Timeout': 'La solicitud ha tardado demasiado',
  'Please try again.': 'Por favor, inténtalo de nuevo.',
  'Authorization Error': 'Error de autorización',
  'Please login with your credentials.': 'Inicia sesión con tus datos de acceso.',
  '404 not found.': 'No hemos encontrado lo que buscas.',
  'No Internet Connection': 'Sin conexión a Internet',
  // The network-error dialog: nothing expired, the request did not reach us (issue: say the customer is offline).
  'Su solicitud ha expirado...':
    'No hemos podido enviar tu solicitud: parece que no tienes conexión a internet. Compruébala y vuelve a intentarlo.',
  "You've been logged out from another tab.": 'Has cerrado la sesión en otra pestaña.',
  'Could not send pin.': 'No hemos podido enviar el código.',
  'Invalid url': 'La dirección web no es válida.',
  'Invalid file type': 'Este tipo de archivo no está permitido.',
  'File size exceeds over {n}mb': 'El archivo supera los {n} MB.',
  SUBMIT: 'ENVIAR',
  // Voseo.
  'Por favor, ingresá un DNI/NIE válido.': 'Por favor, introduce un DNI/NIE válido.',
  // A greeting that does not assume the customer's gender.
  '¡Bienvenido de nuevo!': '¡Hola de nuevo!',
  // A label does not end in a semicolon.
  'Selecciona la fecha;': 'Selecciona la fecha',
  'Selecciona la hora;': 'Selecciona la hora',
} as const;

export type SpecText = keyof typeof SPEC_SPANISH;

/** What the customer reads for this text of the spec. */
export const es = <T extends SpecText>(specText: T): (typeof SPEC_SPANISH)[T] => SPEC_SPANISH[specText];
