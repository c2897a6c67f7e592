import { defineCodes } from './error-codes.ts';

/**
 * The staff codes of part 2's money calls (docs/backoffice.md §8: manual matching, the loan reads, annulled payments,
 * loan definitions, the calendar),
 * part of `staffErrorCodes` (./staff-error-codes.ts), kept apart so that catalogue stays readable.
 */
export const moneyStaffErrorCodes = defineCodes({
  /** The calendar calls: no day of that kind with that id. */
  CalendarDayNotFound: {
    value: 2100,
    status: 404,
    title: 'Aviso',
    message: 'No hemos encontrado ese día del calendario.',
  },
  /** HolidayPost, FreezeDayPost: that day is already a holiday (national or the lender's) or a freeze day. */
  CalendarDayExists: {
    value: 2101,
    status: 422,
    title: 'Aviso',
    message: 'Ese día ya está en el calendario.',
  },
  /** The calendar calls: a day before today (the calendar of the past is what it was). */
  CalendarDayPast: {
    value: 2102,
    status: 422,
    title: 'Aviso',
    message: 'Solo se pueden añadir o quitar días a partir de hoy.',
  },
  /** The loan definition calls: no version with that id. */
  LoanDefinitionNotFound: {
    value: 2097,
    status: 404,
    title: 'Aviso',
    message: 'No hemos encontrado esa versión del producto.',
  },
  /** LoanDefinitionPost, LoanDefinitionPut: a date before now (prices never change in the past). */
  DefinitionValidFromPast: {
    value: 2098,
    status: 422,
    title: 'Aviso',
    message: 'La fecha de entrada en vigor no puede ser anterior a ahora: un precio nunca cambia hacia atrás.',
  },
  /** LoanDefinitionPost, LoanDefinitionPut: above the product's ceiling (a slip of the decimal point). */
  DefinitionRateTooHigh: {
    value: 2099,
    status: 422,
    title: 'Aviso',
    message: 'El tipo no puede pasar del {max} % para este producto. Revisa la coma decimal.',
  },
  /** LoanDefinitionPut: only a planned version that priced no loan is corrected. */
  DefinitionNotPlanned: {
    value: 2079,
    status: 422,
    title: 'Aviso',
    message: 'Esta versión ya está en vigor o ya ha servido para un préstamo: no se cambia. Crea una versión nueva.',
  },
  /** PayLoanManualPost: no line of the bank statement with that id. */
  StatementLineNotFound: {
    value: 2081,
    status: 404,
    title: 'Aviso',
    message: 'No hemos encontrado ese movimiento del banco.',
  },
  /** PayLoanManualPost: the line already settled a payment of another loan (or instalment). */
  StatementLineMatched: {
    value: 2082,
    status: 422,
    title: 'Aviso',
    message: 'Este movimiento del banco ya está asignado a otro pago.',
  },
  /** PayLoanManualPost: the instalment named is not the loan's first payable one any more (paid meanwhile). */
  StaffInstallmentNotDue: {
    value: 2083,
    status: 422,
    title: 'Aviso',
    message:
      'Esa cuota ya no es la primera pendiente del préstamo (puede que ya esté pagada). No se ha registrado nada: vuelve a cargar el préstamo.',
  },
  /** PayLoanManualPost: the loan is not running (not issued or arranged): no payment is taken. */
  StaffLoanNotPayable: {
    value: 2084,
    status: 422,
    title: 'Aviso',
    message: 'Este préstamo no está en curso: no admite pagos.',
  },
  /** InstallmentStatusHistoryGet: no instalment with that id, or of a customer this staff member may not see. */
  StaffInstallmentNotFound: {
    value: 2085,
    status: 404,
    title: 'Aviso',
    message: 'No hemos encontrado esa cuota.',
  },
  /** FutureCloseAmountGet: a day before today or after the loan's last instalment. */
  StaffCloseDateOutOfRange: {
    value: 2086,
    status: 422,
    title: 'Aviso',
    message: 'Elige un día entre hoy y el último vencimiento del préstamo ({last}).',
  },
  /** The payment calls of the back office: no payment with that id, or of a customer this staff member may not see. */
  StaffPaymentNotFound: {
    value: 2087,
    status: 404,
    title: 'Aviso',
    message: 'No hemos encontrado ese pago.',
  },
  /** DeletePaymentPost, ChargebackPost, UndeletePaymentPost: that payment has a pending proposal already (any kind). */
  PaymentProposalPending: {
    value: 2103,
    status: 422,
    title: 'Aviso',
    message: 'Ya hay una propuesta pendiente sobre este pago (nº {number}, de {proposer}).',
  },
  /**
   * LoanStatusPost, SetLoanIssuedPost, SetLoanCancelledPost: a move staff may not make by hand (`STAFF_LOAN_MOVES`
   * of src/shared/loan-statuses.ts); the statuses by their staff names.
   */
  LoanStatusMoveNotAllowed: {
    value: 2104,
    status: 422,
    title: 'Aviso',
    message: 'Un préstamo en estado «{from}» no puede pasar a «{to}».',
  },
  /** ChangeExpectedDatePost: a date outside the instalment's window (after the previous, before the next, 31 days). */
  ExpectedDateNotAllowed: {
    value: 2105,
    status: 422,
    title: 'Aviso',
    message: 'La cuota nº {number} solo puede pasar a un día laborable entre el {from} y el {to}.',
  },
  /** ChangeExpectedDatePost: the instalment is paid (or closed by a rollover, restructure or arrangement). */
  StaffInstallmentNotUnpaid: {
    value: 2106,
    status: 422,
    title: 'Aviso',
    message: 'Esta cuota ya no está pendiente de pago.',
  },
  /** ChangeExpectedDatePost: the loan is not running (issued or arranged). */
  StaffLoanNotRunning: {
    value: 2107,
    status: 422,
    title: 'Aviso',
    message: 'Este préstamo no está en curso.',
  },
  /** ChangeLoanToAccountPost: the loan is no longer waiting for its payout (paid out, cancelled). */
  StaffLoanNotAwaitingPayout: {
    value: 2108,
    status: 422,
    title: 'Aviso',
    message: 'Este préstamo ya no está pendiente de pago al cliente: la cuenta solo se cambia antes.',
  },
  /** DiscountPost: more than the instalment's interest, or all that is left to pay of it. */
  DiscountTooLarge: {
    value: 2110,
    status: 422,
    title: 'Aviso',
    message: 'El descuento puede ser de {max} como mucho: los intereses de la cuota, dejando algo por pagar.',
  },
  /** DiscountDelete: no discount with that id on a loan this staff member may see. */
  StaffDiscountNotFound: {
    value: 2111,
    status: 404,
    title: 'Aviso',
    message: 'No hemos encontrado ese descuento.',
  },
  /** DiscountDelete: the instalment is no longer unpaid (paid, rolled over, restructured, arranged). */
  DiscountNotRemovable: {
    value: 2112,
    status: 422,
    title: 'Aviso',
    message: 'Este descuento ya no se puede quitar: la cuota ya no está pendiente de pago.',
  },
  /** DiscountPost: the key of an earlier grant with another instalment or amount. */
  DiscountKeyReused: {
    value: 2113,
    status: 422,
    title: 'Aviso',
    message: 'Esa clave ya se usó para otro descuento: vuelve a abrir el formulario.',
  },
  /** ImpedimentStatusPost: no impediment with that id of a customer this staff member may see. */
  StaffImpedimentNotFound: {
    value: 2114,
    status: 404,
    title: 'Aviso',
    message: 'No hemos encontrado ese impedimento.',
  },
  /** ImpedimentStatusPost: a move not in `IMPEDIMENT_MOVES` (src/shared/payment-statuses.ts), by the staff names. */
  ImpedimentMoveNotAllowed: {
    value: 2115,
    status: 422,
    title: 'Aviso',
    message: 'Un impedimento en estado «{from}» no puede pasar a «{to}».',
  },
  /** ChangeLoanToAccountPost: not one of the customer's active accounts (another customer's is the same answer). */
  StaffAccountNotUsable: {
    value: 2109,
    status: 422,
    title: 'Aviso',
    message: 'Esa no es una cuenta activa del cliente.',
  },
  /** DeletePaymentPost, ChargebackPost: only a settled payment is taken back. */
  PaymentNotSettled: {
    value: 2088,
    status: 422,
    title: 'Aviso',
    message: 'Solo se puede anular un pago cobrado: este no lo está.',
  },
  /** DeletePaymentPost, ChargebackPost: a later payment of the loan was settled on top of this one. */
  PaymentNotLast: {
    value: 2089,
    status: 422,
    title: 'Aviso',
    message: 'Solo se puede anular el último pago cobrado del préstamo: anula antes los posteriores.',
  },
  /** UndeletePaymentPost: the payment is not annulled nor charged back. */
  PaymentNotReversed: {
    value: 2090,
    status: 422,
    title: 'Aviso',
    message: 'Este pago no está anulado: no hay nada que restaurar.',
  },
  /** UndeletePaymentPost: another payment of the loan was settled after this one. */
  PaymentRestoreBlocked: {
    value: 2091,
    status: 422,
    title: 'Aviso',
    message: 'Después de este pago se ha cobrado otro del préstamo: no se puede restaurar sin anular antes ese.',
  },
  /** UndeletePaymentPost: the annulled transfer's line of the bank statement was assigned to another payment. */
  StatementLineReassigned: {
    value: 2092,
    status: 422,
    title: 'Aviso',
    message: 'La transferencia de este pago ya se ha asignado a otro préstamo: no se puede restaurar.',
  },
  /** DeletePaymentPost: a card or direct-transfer payment is not annulled (the money was taken; a card's goes back as a chargeback). */
  PaymentNotTransfer: {
    value: 2093,
    status: 422,
    title: 'Aviso',
    message:
      'Solo se anula una transferencia asignada a un préstamo, que vuelve a la conciliación. Un pago con tarjeta que el banco ha devuelto se registra como contracargo.',
  },
  /** ChargebackPost: only a card payment has a chargeback. */
  PaymentNotCard: {
    value: 2094,
    status: 422,
    title: 'Aviso',
    message: 'Solo un pago con tarjeta puede tener un contracargo.',
  },
  /** The payment calls: the loan was restructured, rolled over or cancelled since (or the payment paid a rollover). */
  PaymentLoanChanged: {
    value: 2095,
    status: 422,
    title: 'Aviso',
    message:
      'Este pago ya no se puede cambiar: pagó intereses de prórroga, o su préstamo se ha prorrogado o reestructurado después.',
  },
  /** ProposalApprovePost of a payment's proposal: the payment's status is not the one proposed on any more. */
  PaymentProposalOutdated: {
    value: 2096,
    status: 422,
    title: 'Aviso',
    message: 'El pago ha cambiado desde la propuesta: recházala y, si hace falta, crea otra.',
  },
});
