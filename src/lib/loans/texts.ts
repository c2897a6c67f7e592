/** Why paying is disabled: offline, or the loans shown could not be brought up to date (dashboard and header). */
export const PAY_DISABLED_TEXTS = {
  offlineReason: 'Sin conexión: no puedes pagar ahora.',
  staleReason: 'No hemos podido actualizar tus datos: no puedes pagar ahora. Inténtalo de nuevo en unos minutos.',
} as const;
