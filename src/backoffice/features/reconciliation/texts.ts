/** The reconciliation page (`/conciliacion`, docs/backoffice.md §8 P1): peninsular Spanish, `tú`. */
export const RECONCILIATION_TEXTS = {
  heading: 'Conciliación',
  intro:
    'Las transferencias recibidas en la cuenta del banco. Las pendientes no llevaban una referencia que pudiéramos leer: busca al cliente por el ordenante o el concepto y asígnala desde su ficha, en «Préstamos».',
  filters: 'Filtrar los movimientos',
  status: 'Movimientos',
  statuses: { unmatched: 'Pendientes de asignar', matched: 'Asignados' },
  loading: 'Cargando los movimientos…',
  empty: {
    unmatched: 'No hay transferencias pendientes de asignar.',
    matched: 'Todavía no hay transferencias asignadas.',
  },
  tableLabel: 'Movimientos del banco',
  paging: 'Páginas de los movimientos',
  count: (total: string, one: boolean) => (one ? `${total} movimiento` : `${total} movimientos`),
  columns: {
    receivedOn: 'Fecha',
    amount: 'Importe',
    description: 'Concepto',
    payer: 'Ordenante',
    action: 'Acción',
    assigned: 'Asignado a',
    by: 'Asignado por',
  },
  noPayer: 'Sin ordenante',
  searchPayer: (name: string) => `Buscar a ${name}`,
  assignedTo: (loanId: number) => `Préstamo nº ${loanId}`,
  byReconciliation: 'Conciliación automática',
} as const;
