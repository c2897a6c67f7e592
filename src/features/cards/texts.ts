import { SUCCESS_TOASTS } from '../../shared/messages-loan.ts';
export { ADD_CARD_ERRORS, ADD_CARD_TEXTS } from '../../lib/add-card/texts.ts';

/** Texts of the cards feature: the spec's verbatim (shared/messages-loan.ts) and new ones in the same voice. */
export const ACTIVE_CARDS_TEXTS = {
  intro:
    'Estas son las tarjetas que tienes registradas. La tarjeta principal es la que usamos para enviarte el dinero y cobrar tus cuotas.',
  listLabel: 'Tus tarjetas',
  principal: 'Principal',
  setPrincipal: 'Establecer como principal',
  setPrincipalDone: SUCCESS_TOASTS.cardSetAsPrimary,
  setPrincipalFailed: 'No hemos podido cambiar tu tarjeta principal. Por favor, inténtalo de nuevo.',
  none: 'Todavía no tienes ninguna tarjeta registrada.',
  addCard: 'Añadir una tarjeta',
  uploadProof: 'Verificar una tarjeta con una foto',
  loadFailed: 'No hemos podido cargar tus tarjetas.',
  retry: 'Reintentar',
  status: {
    Valid: 'Verificada',
    AddresslessValid: 'Verificada',
    PennyChecked: 'Verificada',
    Linked: 'Verificada',
    NotValidatedYet: 'Pendiente de verificación',
    Invalid: 'No válida',
    Deleted: 'Eliminada',
  },
  proofUploaded: 'Hemos recibido la foto de tu tarjeta',
  proofAsked: 'Necesitamos una foto de esta tarjeta',
} as const;
