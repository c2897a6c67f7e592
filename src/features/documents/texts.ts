import { CARD_MESSAGES, DOCUMENTS_TEXTS } from '../../shared/messages-loan.ts';
import { FIELD_MESSAGES } from '../../shared/messages-identity.ts';

/**
 * Texts of the documents screen and the card proof upload (second document §2, §5, §8). The spec's texts come
 * verbatim from the shared catalogues; the rest are written in the same voice.
 */

const offline =
  'No tienes conexión a internet. No hemos podido enviar tu documento: lo mantenemos elegido para que lo envíes cuando vuelvas a tener conexión.';

export const DOCUMENTS_PAGE_TEXTS = {
  ...DOCUMENTS_TEXTS,
  intro: 'Sube tu DNI o NIE por las dos caras. Puedes hacer una foto con la cámara de tu móvil o elegir un archivo.',
  front: 'DNI/NIE: parte delantera',
  back: 'DNI/NIE: parte trasera',
  formats: 'Formatos: jpg, jpeg, png, gif, pdf, doc, docx o cualquier imagen. Máximo 10 MB.',
  submit: 'Enviar documentos',
  uploaded: 'Recibido',
  skipDescription:
    'Sin tu DNI/NIE, el envío de tu dinero puede retrasarse. Puedes subirlo ahora o continuar y enviarlo más tarde.',
  documentRequired: FIELD_MESSAGES.documentRequired,
  uploadFailed: CARD_MESSAGES.proofUploadFailed,
  offline,
  /** A side staff rejected (docs/backoffice.md §5): the reason as staff wrote it, without a final full stop. */
  rejected: (reason: string) => `Documento rechazado: ${reason.trim().replace(/[.\s]+$/, '')}. Súbelo de nuevo.`,
} as const;

export const UPLOAD_CARD_TEXTS = {
  intro:
    'Elige tu tarjeta y sube una foto en la que se vean solo sus 4 últimos dígitos (tapa el resto), o un extracto de tu banco en el que aparezca.',
  cardLabel: 'Tarjeta',
  cardRequired: 'Elige una tarjeta.',
  docLabel: 'Foto o documento de tu tarjeta',
  formats: 'Formatos: jpg, jpeg, png, gif, pdf, doc, docx o cualquier imagen. Máximo 10 MB.',
  submit: 'Enviar',
  success: CARD_MESSAGES.proofUploadSuccess,
  failed: CARD_MESSAGES.proofUploadFailed,
  documentRequired: FIELD_MESSAGES.documentRequired,
  noCards: 'No tienes ninguna tarjeta registrada.',
  loadFailed: 'No hemos podido cargar tus tarjetas. Por favor, inténtalo de nuevo.',
  retry: 'Reintentar',
  toDashboard: 'Ir al área de clientes',
  offline,
} as const;
