/** The back office's texts for failed calls and ended sessions (docs/backoffice.md §6: peninsular Spanish, `tú`). */
export const API_TEXTS = {
  sessionExpired: 'Tu sesión ha caducado. Vuelve a iniciar sesión.',
  network: 'No hemos podido conectar con el servidor. Comprueba tu conexión y vuelve a intentarlo.',
  timeout: 'El servidor está tardando demasiado en responder. Vuelve a intentarlo.',
  tooManyRequests: 'Has hecho demasiados intentos seguidos. Espera un minuto y vuelve a intentarlo.',
  serverError: 'Ha habido un error en el servidor. Vuelve a intentarlo dentro de unos minutos.',
  invalidResponse: 'El servidor ha respondido algo inesperado. Vuelve a intentarlo.',
} as const;

/** The pager under the back office's lists. */
export const PAGER_TEXTS = {
  previous: 'Anterior',
  next: 'Siguiente',
  pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
} as const;

/** The dialog of every staff write (`ActionDialog`). */
export const ACTION_TEXTS = {
  cancel: 'Cancelar',
  reason: 'Motivo (queda en la auditoría)',
  reasonOptional: 'Motivo (opcional; queda en la auditoría)',
  reasonRequired: 'Escribe el motivo (al menos 3 caracteres)',
} as const;

/** The audit records' table (the customer file's 'Historial' and the whole trail). */
export const AUDIT_TEXTS = {
  columns: {
    at: 'Fecha',
    staff: 'Empleado',
    call: 'Llamada',
    entity: 'Sobre',
    reason: 'Motivo',
    change: 'Antes → después',
  },
  customer: (id: number) => `cliente ${id}`,
  system: 'Sistema',
  none: '—',
} as const;
