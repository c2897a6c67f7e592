/** The loan request's answers (RequestLoanPost `message`; the spec gives the result values, not their texts). */
export const LOAN_REQUEST_RESULT_MESSAGES = {
  success: 'Hemos recibido tu solicitud de préstamo. Revisa y acepta el contrato para continuar.',
  cardEntryRequired:
    'Hemos recibido tu solicitud de préstamo. Para continuar, introduce los datos de tu tarjeta de débito.',
  hasRestructuredLoan: 'Lo sentimos, no puedes solicitar un nuevo préstamo mientras tengas un préstamo reestructurado.',
  noValidAccount:
    'Lo sentimos, la cuenta bancaria seleccionada no está activa y no podemos ingresarte el préstamo en ella.',
} as const;
