import type { CalendarDayKind } from '../../../shared/api/misc-staff.ts';

/** `/calendario`, the lender's calendar (docs/rules/loan-request.md "The lender's calendar"): peninsular Spanish, `tú`. */
export const CALENDAR_TEXTS = {
  heading: 'Calendario',
  intro:
    'Los festivos de la empresa y los días sin contacto se suman a los festivos nacionales: ninguno se ofrece como fecha de pago, y en un día sin contacto no sale ningún recordatorio de pago. Los plazos legales (las reclamaciones) solo cuentan los festivos nacionales.',
  loading: 'Cargando el calendario…',
  addedHeading: 'Días añadidos',
  empty: 'No hay días añadidos.',
  tableLabel: 'Días añadidos al calendario',
  columns: { day: 'Día', kind: 'Tipo', name: 'Nombre o motivo', createdBy: 'Añadido por', actions: 'Acciones' },
  kinds: { holiday: 'Festivo de la empresa', freeze: 'Día sin contacto' } satisfies Record<CalendarDayKind, string>,
  add: { holiday: 'Añadir un festivo', freeze: 'Añadir un día sin contacto' } satisfies Record<CalendarDayKind, string>,
  addConfirm: 'Añadir el día',
  day: 'Día',
  name: { holiday: 'Nombre del festivo', freeze: 'Motivo' } satisfies Record<CalendarDayKind, string>,
  invalid: 'Revisa el día y el nombre.',
  added: (day: string) => `Día ${day} añadido al calendario.`,
  remove: 'Quitar',
  removeTitle: (day: string) => `Quitar el ${day} del calendario`,
  removed: (day: string) => `Día ${day} quitado del calendario.`,
  nationalHeading: 'Festivos nacionales',
  nationalLabel: 'Festivos nacionales de este año y el siguiente',
} as const;
