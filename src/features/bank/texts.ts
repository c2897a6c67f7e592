/**
 * Texts of the bank credentials and limit pages. The spec's own texts (step title, buttons, widget and scrape
 * messages, success toast) come verbatim from src/shared/messages-loan.ts; the rest is written in the same voice.
 */
export const BANK_PAGE_TEXTS = {
  intro:
    'Para estudiar tu solicitud necesitamos conocer la cuenta bancaria en la que recibes tus ingresos. Conéctala de forma segura con tu banco o introduce su IBAN.',
  methods: 'Cómo quieres añadir tu cuenta',
  connectTab: 'Conecta tu banco',
  manualTab: 'Introduce tu IBAN',
  connectIntro:
    'Elige tu banco y entra con las claves de tu banca online. Solo leemos tus cuentas y movimientos: no podemos hacer pagos ni guardar tus claves.',
  bank: 'Tu banco',
  acceptTerms: 'Acepto los términos y condiciones del servicio de conexión bancaria.',
  widgetTitle: 'Conecta tu banco',
  manualIntro:
    'Introduce el IBAN de una cuenta de la que seas titular. Es la cuenta en la que recibirás el dinero del préstamo.',
  iban: 'IBAN de tu cuenta',
  ibanHint: 'Empieza por ES y tiene 24 caracteres, por ejemplo ES91 2100 0418 4502 0005 1332.',
  ibanNotSpanish: 'Introduce un IBAN español: ES seguido de 22 cifras.',
  ibanInvalid: 'El IBAN no es correcto: revisa los dígitos de control.',
  holder: 'Titular de la cuenta',
  addAccount: 'Añadir cuenta',
  unexpected: 'Ha ocurrido un error. Por favor intenta de nuevo.',
} as const;

export const LIMIT_TEXTS = {
  ftbTitle: '¡Enhorabuena!',
  ftbLead: 'Hemos aprobado tu límite de crédito. Puedes solicitar hasta {limit}.',
  ftbBody: 'Elige ahora el importe, la fecha del primer pago y las cuotas de tu préstamo.',
  rtbTitle: 'Tu límite ha crecido',
  rtbLead: 'Gracias por devolver tus préstamos a tiempo: ahora puedes solicitar hasta {limit}.',
  rtbBody: 'Cuantos más préstamos devuelves, más crece tu límite. Elige ahora cuánto necesitas.',
  limitLabel: 'Tu límite disponible',
  next: 'Siguiente',
  loadFailed: 'No hemos podido cargar tu límite de crédito.',
  retry: 'Reintentar',
} as const;
