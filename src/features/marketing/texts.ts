/**
 * Texts of the marketing opt-in prompt that the spec does not give verbatim (its title '¡Bienvenido de nuevo!' is
 * MARKETING_TEXTS.welcomeBack in src/shared/messages.ts; the saved toast is SUCCESS_TOASTS.changesSaved).
 */
export const MARKETING_PROMPT_TEXTS = {
  question:
    '¿Quieres recibir nuestras ofertas y novedades por email, SMS y teléfono? Puedes dejar de recibirlas cuando quieras.',
  accept: 'Sí, quiero recibirlas',
  decline: 'Ahora no',
  saveFailed: 'No hemos podido guardar tu preferencia. Inténtalo de nuevo más tarde.',
} as const;
