/**
 * Texts of the unsubscribe page that the spec does not give (the thank-you is the spec's UNSUBSCRIBE_TEXTS.success,
 * the title the route table's).
 */
export const UNSUBSCRIBE_PAGE_TEXTS = {
  processing: 'Estamos procesando tu solicitud…',
  invalidLink: 'El enlace para darte de baja no está completo: ábrelo de nuevo desde el último correo que te enviamos.',
  failed: 'No hemos podido procesar tu solicitud en este momento. Inténtalo de nuevo en unos minutos.',
  /** Followed by customer service's e-mail address as a link. */
  writeToUs: 'También puedes escribirnos a',
  writeToUsEnd: 'y te daremos de baja.',
  retry: 'Reintentar',
} as const;
