/** The audit viewer's texts (docs/backoffice.md §3, §6). */
export const AUDIT_PAGE_TEXTS = {
  title: 'Auditoría',
  intro:
    'Cada cambio hecho por un empleado, con quién, cuándo, el motivo y los valores de antes y después. Los registros no se pueden modificar ni borrar.',
  filters: 'Filtros de la auditoría',
  customer: 'Nº de cliente',
  loan: 'Nº de préstamo',
  staff: 'Empleado',
  anyone: 'Cualquiera',
  from: 'Desde',
  to: 'Hasta',
  apply: 'Filtrar',
  clear: 'Quitar filtros',
  invalid: {
    customerId: 'El nº de cliente debe ser un número.',
    loanId: 'El nº de préstamo debe ser un número.',
    staffUserId: 'Elige un empleado de la lista.',
    from: 'La fecha «Desde» no es válida.',
    to: 'La fecha «Hasta» no es válida.',
  },
  rangeInvalid: 'La fecha «Desde» no puede ser posterior a «Hasta».',
  loading: 'Cargando la auditoría…',
  empty: 'Ningún registro con estos filtros.',
  tableLabel: 'Registros de auditoría',
  paging: 'Páginas de la auditoría',
} as const;
