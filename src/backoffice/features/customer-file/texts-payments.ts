/** The customer file's payment actions ('Préstamos'; docs/backoffice.md §8): peninsular Spanish, `tú`. */
export const PAYMENT_ACTION_TEXTS = {
  assign: 'Asignar una transferencia',
  assignTitle: (loanId: number) => `Asignar una transferencia al préstamo nº ${loanId}`,
  confirm: 'Asignar la transferencia',
  pays: (number: number, date: string, amount: string) =>
    `Se aplica desde la cuota nº ${number} (vence el ${date}, ${amount} pendientes). Si la transferencia cubre lo que cancela el préstamo hoy, lo cancela.`,
  line: 'Transferencia recibida',
  choose: 'Elige la transferencia',
  loadingLines: 'Cargando las transferencias pendientes…',
  noLines: 'No hay transferencias pendientes de asignar.',
  lineOption: (date: string, amount: string, description: string, payer: string | null) =>
    `${date} · ${amount} · «${description}»${payer ? ` · ${payer}` : ''}`,
  chooseFirst: 'Elige la transferencia que quieres asignar.',
  done: (amount: string, loanId: number) => `Transferencia de ${amount} asignada al préstamo nº ${loanId}.`,
  closed: (loanId: number) => `El préstamo nº ${loanId} queda cancelado.`,
} as const;

/** What closes a loan on another day, and an instalment's history ('Préstamos'). */
export const LOAN_READ_TEXTS = {
  futureTitle: (loanId: number) => `Cancelación del préstamo nº ${loanId} en otra fecha`,
  futureDate: 'Fecha de pago',
  futureCalculate: 'Calcular',
  futureAnswer: (date: string, amount: string, todayAmount: string) =>
    `Para cancelarlo el ${date}, si no paga nada antes: ${amount} (hoy: ${todayAmount}).`,
  installmentHistoryOf: (number: number, date: string) => `Historial de la cuota nº ${number} (${date})`,
} as const;

/** A loan's payments and the proposals made on them ('Préstamos'; docs/rules/payments.md "Annulled payments"). */
export const LOAN_PAYMENT_TEXTS = {
  show: (loanId: number) => `Pagos del préstamo nº ${loanId}`,
  loading: 'Cargando los pagos…',
  empty: 'Este préstamo no tiene pagos.',
  tableLabel: (loanId: number) => `Pagos del préstamo nº ${loanId}`,
  columns: {
    id: 'Nº',
    date: 'Fecha',
    amount: 'Importe',
    source: 'Origen',
    status: 'Estado',
    applied: 'Aplicado a',
    actions: 'Propuestas',
  },
  applied: (parts: string[]) => (parts.length === 0 ? '—' : parts.join('; ')),
  appliedPart: (number: number, amount: string) => `cuota nº ${number}: ${amount}`,
  rolloverFee: 'intereses de prórroga',
  delete: 'Proponer anulación',
  deleteTitle: (id: number) => `Proponer la anulación del pago nº ${id}`,
  deleteExplain:
    'La transferencia deja de contar: lo que pagó vuelve a estar pendiente y el movimiento del banco vuelve a la conciliación para asignarlo bien. Otro administrador tiene que aprobarlo.',
  chargeback: 'Proponer contracargo',
  chargebackTitle: (id: number) => `Proponer un contracargo del pago nº ${id}`,
  chargebackExplain:
    'El banco del cliente le ha devuelto este pago con tarjeta: deja de contar y lo que pagó vuelve a estar pendiente. Otro administrador tiene que aprobarlo.',
  restore: 'Proponer restaurar',
  restoreTitle: (id: number) => `Proponer restaurar el pago nº ${id}`,
  restoreExplain: 'El pago vuelve a contar tal como se aplicó. Otro administrador tiene que aprobarlo.',
  proposed: (proposalId: number, paymentId: number) =>
    `Propuesta nº ${proposalId} sobre el pago nº ${paymentId} creada: la decide otro administrador en «Propuestas».`,
} as const;
