/** Texts of the call scheduling form not in the spec's catalogue (same voice: tú). */
export const CALL_ME_TEXTS = {
  intro: 'Elige el día y la hora a la que quieres que te llamemos (hora peninsular).',
  noSlots: 'Ahora mismo no hay horas disponibles. Vuelve a intentarlo más tarde.',
  loadFailed: 'No hemos podido cargar las horas disponibles.',
  retry: 'Reintentar',
  hourOption: '{start} - {end}',
} as const;
