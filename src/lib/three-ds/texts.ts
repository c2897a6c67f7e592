/** Texts of the 3-D Secure modal (no card-specific words: it also serves card payments). */
export const THREE_DS_TEXTS = {
  /** The modal's title, as the sandbox challenge page's ('Verificación 3-D Secure'). */
  title: 'Verificación 3-D Secure',
  waiting: 'Estamos comprobando la verificación con tu banco. Espera un momento, por favor.',
  deviceCheck: 'Comprobación del dispositivo',
} as const;

/** The message the provider page posts to the app when the customer is done (second document §2). */
export const THREE_DS_COMPLETED_MESSAGE = 'credorax_completed';
