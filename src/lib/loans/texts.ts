/**
 * Why paying is disabled: offline, the loans shown could not be brought up to date, or they are the copy kept from
 * the last visit while the app opens (dashboard and header).
 */
export const PAY_DISABLED_TEXTS = {
  offlineReason: 'Sin conexión: no puedes pagar ahora.',
  staleReason: 'No hemos podido actualizar tus datos: no puedes pagar ahora. Inténtalo de nuevo en unos minutos.',
  /** The loans kept from the last visit show while start-up checks the session. */
  checkingReason: 'Estamos actualizando tus datos: podrás pagar en un momento.',
} as const;

/** How old the loans shown are ('Datos de hace 5 min'): the dashboard and the credit history, offline. */
export const DATA_AGE_TEXTS = {
  dataAge: 'Datos de hace {age}',
  under: 'menos de 1 min',
  minutes: '{n} min',
  hours: '{n} h',
  day: '1 día',
  days: '{n} días',
} as const;
