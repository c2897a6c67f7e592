import type { PaymentProposalKind, ProposalStatus } from '../../../shared/api/approvals.ts';

/** The maker-checker inbox (`/propuestas`, docs/backoffice.md §4 and §8): peninsular Spanish, `tú`. */
export const PROPOSAL_TEXTS = {
  heading: 'Propuestas',
  loading: 'Cargando las propuestas…',
  filter: 'Mostrar',
  all: 'Todas',
  empty: 'No hay propuestas.',
  tableLabel: 'Propuestas',
  paging: 'Páginas de las propuestas',
  statuses: {
    pending: 'Pendiente de aprobación',
    approved: 'Aprobada',
    rejected: 'Rechazada',
    cancelled: 'Retirada',
  } satisfies Record<ProposalStatus, string>,
  columns: {
    id: 'Nº',
    customer: 'Cliente',
    change: 'Cambio',
    reason: 'Motivo',
    proposedBy: 'Propuesta por',
    status: 'Estado',
    actions: 'Acciones',
  },
  change: (fromLimit: string, toLimit: string, fromMini: string, toMini: string) =>
    `Límite ${fromLimit} → ${toLimit}; minipréstamo ${fromMini} → ${toMini}`,
  paymentChange: {
    paymentDelete: (id: number, amount: string, source: string, loanId: number) =>
      `Anular el pago nº ${id} de ${amount} (${source}, préstamo nº ${loanId}): la transferencia vuelve a la conciliación`,
    chargeback: (id: number, amount: string, source: string, loanId: number) =>
      `Contracargo del pago nº ${id} de ${amount} (${source}, préstamo nº ${loanId}): deja de contar`,
    paymentUndelete: (id: number, amount: string, source: string, loanId: number) =>
      `Restaurar el pago nº ${id} de ${amount} (${source}, préstamo nº ${loanId})`,
  } satisfies Record<PaymentProposalKind, (id: number, amount: string, source: string, loanId: number) => string>,
  decided: (who: string, at: string) => `por ${who}, ${at}`,
  note: (note: string) => `Nota: ${note}`,
  own: 'Tuya: la decide otro administrador.',
  approve: 'Aprobar',
  approveTitle: (id: number) => `Aprobar la propuesta nº ${id}`,
  reject: 'Rechazar',
  rejectTitle: (id: number) => `Rechazar la propuesta nº ${id}`,
  cancel: 'Retirar',
  cancelTitle: (id: number) => `Retirar la propuesta nº ${id}`,
  cancelConfirm: 'Retirar propuesta',
  summary: (customer: string, change: string) => `${customer}: ${change}`,
} as const;
