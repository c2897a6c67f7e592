import { CARD_MESSAGES, CARD_TEXTS } from '../../shared/messages-loan.ts';

/**
 * Texts of the card form (the add-card page and the loan request's add-card modal): the spec's verbatim
 * (shared/messages-loan.ts) and new ones in the same voice.
 */
export const ADD_CARD_TEXTS = {
  intro:
    'Añade tu tarjeta de débito para recibir el dinero y pagar tus cuotas. Tu banco puede pedirte que confirmes la operación (3D Secure).',
  formLabel: 'Datos de tu tarjeta',
  cardNumber: 'Número de tarjeta',
  cardNumberHint: 'Los 16 dígitos que aparecen en el frente de tu tarjeta.',
  expiryMonth: 'Mes de caducidad',
  expiryYear: 'Año de caducidad',
  cv2: 'CVV',
  cv2Hint: 'Los 3 dígitos del reverso de tu tarjeta.',
  agreementsAccept:
    'Acepto que se guarde esta tarjeta para recibir el préstamo y cobrar las cuotas en sus fechas, según los Términos y Condiciones.',
  next: CARD_TEXTS.next,
  receiveAmount: CARD_TEXTS.receiveAmount,
  addLater: CARD_TEXTS.addLater,
  security: 'No guardamos el número completo de tu tarjeta ni su CVV.',
  offline:
    'No hay conexión a Internet: no hemos podido enviar tu tarjeta. Comprueba tu conexión y vuelve a intentarlo; por seguridad, escribe de nuevo el CVV.',
  added: 'Hemos añadido tu tarjeta.',
  /** The submit of the loan request's add-card modal (the page's is the spec's 'Siguiente'). */
  modalSubmit: 'Añadir tarjeta',
  /** The no-card notice's button that opens the modal. */
  openModal: 'Añadir mi tarjeta',
  activeCardsLink: 'Ver mis tarjetas',
} as const;

/** Answers of CardCreateAndValidatePost and the 3-D Secure flow (second document §8 "Cards"). */
export const ADD_CARD_ERRORS = {
  validationFailed: CARD_MESSAGES.validationFailed,
  threeDsFailed: CARD_MESSAGES.threeDsFailed,
  threeDsAborted: 'Has cerrado la verificación 3D Secure. Tu tarjeta no se ha añadido; puedes intentarlo de nuevo.',
  invalidCardNumber: 'El número de tarjeta no es válido.',
  cardExpired: 'La tarjeta ha caducado.',
  cardAlreadyRegistered: 'Esta tarjeta ya está registrada.',
  termsNotAccepted: 'Debe aceptar los términos y condiciones.',
  generic: 'No hemos podido añadir tu tarjeta. Por favor, inténtalo de nuevo.',
} as const;
