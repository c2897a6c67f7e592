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
